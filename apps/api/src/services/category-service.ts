import type { Category } from "@pharmacompare/contract";
import { asc, eq } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { categories, subcategories } from "../db/schema.ts";

export type CategoryService = ReturnType<typeof createCategoryService>;

export function createCategoryService(db: Database) {
  return {
    /** Active categories in display order, each with its active subcategories. */
    async listPublic(): Promise<Category[]> {
      const rows = await db
        .select({ category: categories, subcategory: subcategories })
        .from(categories)
        .leftJoin(subcategories, eq(subcategories.categoryId, categories.id))
        .where(eq(categories.active, true))
        .orderBy(asc(categories.sortOrder), asc(categories.id), asc(subcategories.sortOrder), asc(subcategories.id));
      const byId = new Map<string, Category>();
      for (const { category, subcategory } of rows) {
        let entry = byId.get(category.id);
        if (!entry) {
          entry = { id: category.id, name: category.name, active: category.active, subcategories: [] };
          byId.set(category.id, entry);
        }
        if (subcategory?.active) {
          entry.subcategories.push({
            id: subcategory.id,
            name: subcategory.name,
            description: subcategory.description,
            categoryId: subcategory.categoryId,
            active: subcategory.active,
          });
        }
      }
      return [...byId.values()];
    },
  };
}
