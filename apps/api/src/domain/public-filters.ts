import { type AnyColumn, and, gt, sql } from "drizzle-orm";
import { categories, medications, pharmacies, prices, subcategories } from "../db/schema.ts";

/**
 * Predicates shared by the public read services. A medication is public when it is active and so
 * are its subcategory and category: a visitor must never reach a medication whose condition page
 * would answer "Condition Not Found".
 */
export const medicationIsPublic = sql<boolean>`(${medications.active} and exists (
  select 1 from ${subcategories} inner join ${categories} on ${categories.id} = ${subcategories.categoryId}
  where ${subcategories.id} = ${medications.subcategoryId} and ${subcategories.active} and ${categories.active}
))`;

/**
 * A pharmacy is public when it is active and has its GPhC registration number: staff may save a
 * pharmacy with only a name and a website (back-office §5), but we compare registered pharmacies
 * only (decisions 018, 034). Every read that shows a pharmacy, its prices or its messages uses it.
 */
export const pharmacyIsPublic = sql<boolean>`(${pharmacies.active} and ${pharmacies.gphcNumber} is not null)`;

/**
 * A price a visitor may see (with `prices` joined to its medication and pharmacy): a public
 * medication, a public pharmacy, a price above 0, and a dosage the medication still lists.
 */
export const priceIsPublic = and(
  medicationIsPublic,
  pharmacyIsPublic,
  gt(prices.price, 0),
  sql`${prices.dosage} = any(${medications.dosages})`,
);

/**
 * "Ordered by name", case-insensitive, in byte order whatever the collation. lower() follows the
 * database's ctype, so only ASCII names (all we ship) sort identically on every UTF-8 database.
 */
export const byName = (column: AnyColumn) => sql`lower(${column}) collate "C"`;

/** Escapes LIKE wildcards so a visitor's `%` or `_` matches itself (backslash is the escape). */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, "\\$&");
}
