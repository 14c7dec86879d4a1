import { CATEGORY_TREE, type SUBCATEGORY_IDS } from "@pharmacompare/contract";

/**
 * The hero's popular searches: conditions, never medicines. The home page promotes, and a
 * promotion must not name a prescription-only medicine (Human Medicines Regulations 2012 reg. 284,
 * CAP Code 12.12; docs/compliance.md), so each shortcut opens a condition's comparison, where the
 * medicines are listed as facts a visitor asked for. In the order shown: five fit one line at 1280 px.
 */
export const POPULAR_CONDITIONS = [
  "weight-loss-medications",
  "erectile-dysfunction",
  "hair-loss",
  "oral-contraceptives",
  "acne",
] as const satisfies readonly (typeof SUBCATEGORY_IDS)[number][];

export interface PopularSearch {
  /** The condition's own name (the fixed category tree). */
  label: string;
  subcategoryId: string;
}

/** The shortcuts, named as the category tree names their conditions. */
export const popularSearches: readonly PopularSearch[] = POPULAR_CONDITIONS.map((subcategoryId) => {
  const condition = CATEGORY_TREE.flatMap((category) => category.subcategories).find(
    (subcategory) => subcategory.id === subcategoryId,
  );
  if (!condition) throw new Error(`${subcategoryId} is not in the category tree`);
  return { label: condition.name, subcategoryId };
});
