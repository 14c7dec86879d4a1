/*
 * What the inline price edit shares between its hook (use-price-editing.ts), its columns and its
 * row parts, in a module of its own: kept in the columns and the row parts, the three files
 * imported each other in a circle, which `npm run lint` refuses (issue 43).
 */

/** The row being edited inline, with what its fields hold now. */
export interface PriceEdit {
  id: string;
  price: string;
  inStock: boolean;
  /** The introductory price ("" for none) and its terms (decision 057). */
  introductoryPrice: string;
  introductoryTerms: string;
}

/**
 * Focuses the first of the matching elements that is displayed: lists render as a table and as
 * phone cards, and only one of the two is shown.
 */
export function focusShown(selector: string) {
  const target = [...document.querySelectorAll<HTMLElement>(selector)].find(
    (element) => element.offsetParent !== null,
  );
  target?.focus();
}
