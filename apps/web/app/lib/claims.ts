import { type CatalogueClaims, type CatalogueFigures, catalogueClaims } from "@pharmacompare/contract";

export type ClaimLabels = Record<keyof CatalogueClaims, string>;

/**
 * The headline figures a page may show, in order, each with the page's own label: only the claims
 * the live catalogue bears out (the contract's `catalogueClaims`); none when the figures could not
 * be loaded.
 */
export function shownClaims(
  figures: CatalogueFigures | null,
  labels: ClaimLabels,
): { value: string; label: string }[] {
  if (!figures) return [];
  const claims = catalogueClaims(figures);
  return (Object.keys(labels) as (keyof CatalogueClaims)[]).flatMap((key) => {
    const value = claims[key];
    return value ? [{ value, label: labels[key] }] : [];
  });
}
