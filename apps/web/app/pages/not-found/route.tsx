import { data } from "react-router";
import { NotFoundPage } from "../../components/ui/status-page.tsx";

/** Any address no other route claims: a real 404 status, rendered by the root error boundary. */
export function loader() {
  throw data(null, { status: 404, statusText: "Not Found" });
}

export default function NotFound() {
  // Reached only if the loader is skipped; the status page matches the boundary's.
  return <NotFoundPage />;
}
