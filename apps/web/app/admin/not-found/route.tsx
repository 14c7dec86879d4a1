import { data, Link } from "react-router";
import { adminMeta } from "../kit/admin-route.ts";
import { buttonClass, PageHeader, Panel } from "../kit/admin-ui.tsx";

export function meta() {
  return adminMeta("Page not found");
}

/**
 * Any /admin/… address no admin screen claims. It sits inside the admin layout, so an anonymous
 * visitor is sent to sign in first (the layout's guard) and never learns which admin pages exist;
 * a signed-in user sees this inside the back-office. The document answers 404 all the same.
 */
export function loader() {
  return data(null, { status: 404, statusText: "Not Found" });
}

export default function AdminNotFound() {
  return (
    <>
      <PageHeader title="Page not found" />
      <Panel className="p-4 sm:p-5">
        <p className="text-slate-700 text-sm">
          There is no back-office page at this address. It may have moved, or the address may be mistyped.
        </p>
        <div className="mt-4">
          <Link to="/admin/dashboard" className={buttonClass.primary}>
            Go to the dashboard
          </Link>
        </div>
      </Panel>
    </>
  );
}
