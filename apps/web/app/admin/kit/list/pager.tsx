import type { PageInfo } from "@pharmacompare/contract";
import { Link } from "react-router";
import { buttonClass } from "../admin-ui.tsx";

/**
 * Previous, "Page x of y" and Next for a paged admin list (back-office §2), on the one pagination
 * convention: `page` from 1 and the answer's `totalPages` (at least 1).
 */
export function Pager({
  label,
  page,
  totalPages,
  hrefFor,
}: Pick<PageInfo, "page" | "totalPages"> & {
  /** The navigation landmark's name, e.g. "Audit log pages". */
  label: string;
  /** The link to another page of the same list (list-navigation.ts `listHref`). */
  hrefFor: (page: number) => string;
}) {
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3">
      <PagerStep to={hrefFor(page - 1)} enabled={page > 1}>
        Previous
      </PagerStep>
      <p className="text-slate-700 text-sm">
        Page {page} of {totalPages}
      </p>
      <PagerStep to={hrefFor(page + 1)} enabled={page < totalPages}>
        Next
      </PagerStep>
    </nav>
  );
}

/** A step: a link when there is a page to go to, otherwise visibly and audibly unavailable. */
function PagerStep({ to, enabled, children }: { to: string; enabled: boolean; children: string }) {
  if (!enabled) {
    return (
      <span
        aria-disabled="true"
        className="inline-flex cursor-not-allowed items-center justify-center rounded-md bg-slate-100 px-4 py-2 font-semibold text-slate-600 text-sm ring-1 ring-slate-200 ring-inset"
      >
        {children}
      </span>
    );
  }
  return (
    <Link to={to} className={buttonClass.secondary}>
      {children}
    </Link>
  );
}
