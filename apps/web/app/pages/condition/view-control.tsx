import type { ComparisonView } from "@pharmacompare/contract";
import { Link } from "react-router";

interface ViewControlProps {
  view: ComparisonView;
  /** The query string of the same comparison in the given view. */
  searchFor: (view: ComparisonView) => string;
}

/** The words of each view: what the table's price and total then count (decision 057). */
const VIEW_LABELS: Record<ComparisonView, string> = {
  "three-months": "First 3 months",
  "first-order": "First order",
  ongoing: "Ongoing",
};

/**
 * Which price the comparison compares when a pharmacy has an introductory price (decision 057):
 * the first three months (the default), the first order, or the ongoing price. Plain links like
 * the Sort control beside it, so the choice lives in the URL and works without JavaScript.
 */
export function ViewControl({ view, searchFor }: ViewControlProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form fields; these are three links.
    <div
      role="group"
      aria-labelledby="price-view-label"
      className="flex flex-wrap items-center gap-2 text-sm"
    >
      <span id="price-view-label" className="whitespace-nowrap text-slate-600">
        Compare
      </span>
      <div className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 shadow-sm">
        {(Object.keys(VIEW_LABELS) as ComparisonView[]).map((choice) => {
          const current = choice === view;
          return (
            <Link
              key={choice}
              to={{ search: searchFor(choice) }}
              replace
              preventScrollReset
              aria-current={current ? "true" : undefined}
              className={`whitespace-nowrap rounded-md px-2.5 py-1.5 font-medium ${
                current ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
              }`}
            >
              {VIEW_LABELS[choice]}
            </Link>
          );
        })}
      </div>
    </div>
  );
}
