import type { ComparisonSort } from "@pharmacompare/contract";
import { Link } from "react-router";

interface SortControlProps {
  sort: ComparisonSort;
  /** The query string of the same comparison in the given order. */
  searchFor: (sort: ComparisonSort) => string;
}

const choices: { sort: ComparisonSort; label: string }[] = [
  { sort: "price", label: "Price" },
  { sort: "total", label: "Total with fees" },
];

/**
 * Price (the default) or total with fees. Plain links, so the order lives in the URL and works
 * without JavaScript; with it, the table reorders in place (no new history entry, no scroll jump).
 */
export function SortControl({ sort, searchFor }: SortControlProps) {
  return (
    // At least as wide as it ends up, from its first painted piece: a slow phone may paint "Sort by"
    // before reading the links, and the label must not then move (no layout shift).
    // biome-ignore lint/a11y/useSemanticElements: a fieldset groups form fields; these are two links.
    <div
      role="group"
      aria-labelledby="price-sort-label"
      className="flex items-center gap-2 text-sm sm:min-w-[17.5rem]"
    >
      <span id="price-sort-label" className="whitespace-nowrap text-slate-600">
        Sort by
      </span>
      <div className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 shadow-sm">
        {choices.map((choice) => {
          const current = choice.sort === sort;
          return (
            <Link
              key={choice.sort}
              to={{ search: searchFor(choice.sort) }}
              replace
              preventScrollReset
              aria-current={current ? "true" : undefined}
              className={`whitespace-nowrap rounded-md px-3 py-1.5 font-medium ${
                current ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"
              }`}
            >
              {choice.label}
            </Link>
          );
        })}
      </div>
    </div>
  );
}
