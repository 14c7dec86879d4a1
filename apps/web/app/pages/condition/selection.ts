import {
  COMPARISON_SORTS,
  COMPARISON_VIEWS,
  type ComparisonSort,
  type ComparisonView,
  DEFAULT_COMPARISON_SORT,
  DEFAULT_COMPARISON_VIEW,
} from "@pharmacompare/contract";

export { selectDosage, selectMedication } from "@pharmacompare/contract";

/**
 * Which medication and dosage a condition page compares (public site §4 "Condition page
 * selection"). The choice lives in the URL (`?medication=<name>&dosage=<dosage>`) so a comparison
 * can be shared and reloaded. The rules that turn the URL into a choice are the contract's, which
 * the API's condition page uses too; the picker uses them for the choice it is about to make.
 */

/**
 * The query string that holds a choice; changing medication picks its first dosage (public site §4). The
 * order of the prices and the view are kept, and left out when they are the default.
 */
export function comparisonSearch(
  medication: { name: string; dosage: readonly string[] },
  dosage?: string,
  sort: ComparisonSort = DEFAULT_COMPARISON_SORT,
  view: ComparisonView = DEFAULT_COMPARISON_VIEW,
) {
  const params = new URLSearchParams({ medication: medication.name });
  const chosen = dosage !== undefined && medication.dosage.includes(dosage) ? dosage : medication.dosage[0];
  if (chosen !== undefined) params.set("dosage", chosen);
  if (sort !== DEFAULT_COMPARISON_SORT) params.set("sort", sort);
  // The view is kept like the order (decision 057), and left out when it is the default.
  if (view !== DEFAULT_COMPARISON_VIEW) params.set("view", view);
  return `?${params.toString()}`;
}

/** The `view` query as a view: anything but a known one is the default (the first three months). */
export function readView(value: string | null | undefined): ComparisonView {
  return COMPARISON_VIEWS.find((view) => view === value) ?? DEFAULT_COMPARISON_VIEW;
}

/** The `sort` query as an order: anything but a known order (a stale or edited link) is the default. */
export function readSort(value: string | null | undefined): ComparisonSort {
  return COMPARISON_SORTS.find((sort) => sort === value) ?? DEFAULT_COMPARISON_SORT;
}
