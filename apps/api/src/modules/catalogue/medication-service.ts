import { type LegalCategoryId, type Medication, PUBLIC_API_LIMITS } from "@pharmacompare/contract";
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { categories, medications, subcategories } from "../../db/schema.ts";
import { byName, escapeLike, medicationIsPublic } from "../../domain/public-filters.ts";

export type MedicationService = ReturnType<typeof createMedicationService>;

type MedicationRow = typeof medications.$inferSelect;

export function toMedication(row: MedicationRow): Medication {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    ...(row.genericName ? { genericName: row.genericName } : {}),
    category: row.categoryId,
    subcategory: row.subcategoryId,
    form: row.form as Medication["form"],
    description: row.description,
    dosage: row.dosages,
    active: row.active,
    // The column's CHECK holds it to the contract's list.
    legalCategory: row.legalCategory as LegalCategoryId,
  };
}

export interface MedicationListOptions {
  category?: string | undefined;
  subcategory?: string | undefined;
  limit: number;
  offset: number;
}

export function createMedicationService(db: Database) {
  const selectPublic = (where?: SQL) =>
    db
      .select()
      .from(medications)
      .where(and(medicationIsPublic, where))
      .orderBy(byName(medications.name), asc(medications.id));

  const subcategoryIsPublic = async (subcategoryId: string) => {
    const [subcategory] = await db
      .select({ id: subcategories.id })
      .from(subcategories)
      .innerJoin(categories, eq(categories.id, subcategories.categoryId))
      .where(
        and(eq(subcategories.id, subcategoryId), eq(subcategories.active, true), eq(categories.active, true)),
      );
    return subcategory !== undefined;
  };

  return {
    /** Public medications by name, optionally of one category and/or subcategory. */
    async listPublic(options: MedicationListOptions): Promise<Medication[]> {
      const rows = await selectPublic(
        and(
          options.category === undefined ? undefined : eq(medications.categoryId, options.category),
          options.subcategory === undefined ? undefined : eq(medications.subcategoryId, options.subcategory),
        ),
      )
        .limit(options.limit)
        .offset(options.offset);
      return rows.map(toMedication);
    },

    /** The public medications of a subcategory; null when the subcategory itself is not public. */
    async listBySubcategory(subcategoryId: string): Promise<Medication[] | null> {
      if (!(await subcategoryIsPublic(subcategoryId))) return null;
      const rows = await selectPublic(eq(medications.subcategoryId, subcategoryId));
      return rows.map(toMedication);
    },

    /**
     * The first `limit` public medications of a subcategory by name and how many it has, so a
     * condition page stays the same size however large its condition grows; null when the
     * subcategory itself is not public.
     */
    async firstOfSubcategory(
      subcategoryId: string,
      limit: number,
    ): Promise<{ medications: Medication[]; count: number } | null> {
      if (!(await subcategoryIsPublic(subcategoryId))) return null;
      const inSubcategory = eq(medications.subcategoryId, subcategoryId);
      const [rows, [total]] = await Promise.all([
        selectPublic(inSubcategory).limit(limit),
        db
          .select({ count: sql<number>`count(*)::int` })
          .from(medications)
          .where(and(medicationIsPublic, inSubcategory)),
      ]);
      return { medications: rows.map(toMedication), count: total?.count ?? 0 };
    },

    /**
     * The public medication of a subcategory a `medication` query names, the way the contract's
     * findMedicationByName chooses in a list: exact name ignoring case, else the first name (in
     * name order) starting with it.
     */
    async findInSubcategoryByName(subcategoryId: string, wanted: string): Promise<Medication | null> {
      const query = wanted.trim();
      if (!query) return null;
      const inSubcategory = eq(medications.subcategoryId, subcategoryId);
      const [exact] = await selectPublic(
        and(inSubcategory, sql`lower(${medications.name}) = lower(${query})`),
      ).limit(1);
      if (exact) return toMedication(exact);
      const [prefix] = await selectPublic(
        and(inSubcategory, sql`${medications.name} ilike ${`${escapeLike(query)}%`} escape '\\'`),
      ).limit(1);
      return prefix ? toMedication(prefix) : null;
    },

    async getPublic(id: string): Promise<Medication | null> {
      const [row] = await selectPublic(eq(medications.id, id));
      return row ? toMedication(row) : null;
    },

    /**
     * Case-insensitive substring match on name or generic name; names starting with the term
     * first, then alphabetical. The caller has trimmed the term and checked its length.
     */
    async search(term: string): Promise<Medication[]> {
      const contains = `%${escapeLike(term)}%`;
      const startsWith = `${escapeLike(term)}%`;
      const rows = await db
        .select()
        .from(medications)
        .where(
          and(
            medicationIsPublic,
            sql`(${medications.name} ilike ${contains} escape '\\' or ${medications.genericName} ilike ${contains} escape '\\')`,
          ),
        )
        .orderBy(
          sql`case when ${medications.name} ilike ${startsWith} escape '\\' then 0 else 1 end`,
          byName(medications.name),
          asc(medications.id),
        )
        .limit(PUBLIC_API_LIMITS.search.maxResults);
      return rows.map(toMedication);
    },
  };
}
