import { useLocation, useMatches } from "react-router";
import { type CatalogueSource, catalogueSourceOf } from "../../lib/catalogue-source.ts";

const notices: Record<Exclude<CatalogueSource, "api">, string> = {
  "static-file":
    "We can't reach our live price service right now. You're seeing saved prices that may be out of date.",
  "sample-data":
    "We can't reach our live price service right now. You're seeing example prices for illustration only, not current offers.",
};

/**
 * Tells visitors when a public page is not showing live prices (DESIGN "Tensions": fallback
 * honesty). The deepest route that reports a source wins, because the root's data is not refetched
 * on every client-side navigation while a page's own data is.
 */
export function CatalogueNotice() {
  const matches = useMatches();
  const { pathname } = useLocation();
  if (pathname === "/admin" || pathname.startsWith("/admin/")) return null;
  const source = matches
    .map((match) => catalogueSourceOf(match.loaderData))
    .filter((entry) => entry !== undefined)
    .at(-1);
  if (source === undefined || source === "api") return null;
  return (
    <div className="border-amber-200 border-b bg-amber-50">
      <p
        role="status"
        className="page-container flex items-start gap-3 py-3 text-amber-950 text-sm leading-6"
      >
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
          className="mt-0.5 size-5 shrink-0 text-amber-700"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M12 9v4M12 17h.01M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
        </svg>
        <span>{notices[source]}</span>
      </p>
    </div>
  );
}
