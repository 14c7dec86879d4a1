import { Link } from "react-router";

export interface Crumb {
  label: string;
  /** Omitted on the last crumb: the current page. */
  to?: string;
}

/** Where the page sits: links up the trail, the current page last and marked as such. */
export function Breadcrumb({ trail }: { trail: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="text-slate-600 text-sm">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
        {trail.map((crumb, index) => {
          const last = index === trail.length - 1;
          return (
            <li key={crumb.to ?? crumb.label} className="flex min-w-0 items-center gap-2">
              {index > 0 ? (
                <span aria-hidden="true" className="text-slate-400">
                  /
                </span>
              ) : null}
              {last || !crumb.to ? (
                <span
                  aria-current={last ? "page" : undefined}
                  className="break-words font-medium text-slate-900"
                >
                  {crumb.label}
                </span>
              ) : (
                <Link to={crumb.to} className="rounded-sm hover:text-brand-800 hover:underline">
                  {crumb.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
