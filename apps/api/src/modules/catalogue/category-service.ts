import type { Category, Subcategory } from "@pharmacompare/contract";
import { and, asc, eq, type SQL } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { categories, subcategories } from "../../db/schema.ts";

export type CategoryService = ReturnType<typeof createCategoryService>;

function toSubcategory(row: typeof subcategories.$inferSelect): Subcategory {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    categoryId: row.categoryId,
    active: row.active,
  };
}

export function createCategoryService(db: Database) {
  /** Active categories matching `where`, in display order, each with its active subcategories. */
  async function loadPublic(where?: SQL): Promise<Category[]> {
    const rows = await db
      .select({ category: categories, subcategory: subcategories })
      .from(categories)
      .leftJoin(subcategories, eq(subcategories.categoryId, categories.id))
      .where(and(eq(categories.active, true), where))
      .orderBy(
        asc(categories.sortOrder),
        asc(categories.id),
        asc(subcategories.sortOrder),
        asc(subcategories.id),
      );
    const byId = new Map<string, Category>();
    for (const { category, subcategory } of rows) {
      let entry = byId.get(category.id);
      if (!entry) {
        entry = { id: category.id, name: category.name, active: category.active, subcategories: [] };
        byId.set(category.id, entry);
      }
      if (subcategory?.active) entry.subcategories.push(toSubcategory(subcategory));
    }
    return [...byId.values()];
  }

  return {
    /** Active categories in display order, each with its active subcategories. */
    listPublic: () => loadPublic(),

    async getPublic(id: string): Promise<Category | null> {
      const [category] = await loadPublic(eq(categories.id, id));
      return category ?? null;
    },

    /** An active subcategory of an active category; null when either is missing or inactive. */
    async getPublicSubcategory(categoryId: string, subcategoryId: string): Promise<Subcategory | null> {
      const [row] = await db
        .select({ subcategory: subcategories })
        .from(subcategories)
        .innerJoin(categories, eq(categories.id, subcategories.categoryId))
        .where(
          and(
            eq(subcategories.id, subcategoryId),
            eq(subcategories.categoryId, categoryId),
            eq(subcategories.active, true),
            eq(categories.active, true),
          ),
        );
      return row ? toSubcategory(row.subcategory) : null;
    },
  };
}
