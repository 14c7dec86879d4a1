import { apiPaths, Category } from "@pharmacompare/contract";
import { z } from "zod";
import { serverApi } from "./api.server.ts";

const CategoryList = z.array(Category);

export interface CategoriesResult {
  categories: Category[];
  /** True when the API could not be asked; pages then say so instead of showing an empty catalogue. */
  unavailable: boolean;
}

/**
 * The category tree for the header, footer and home page. A failure is logged and turned into an
 * empty list, so the rest of the page still renders.
 */
export async function loadCategories(signal?: AbortSignal): Promise<CategoriesResult> {
  try {
    const categories = await serverApi().get(apiPaths.categories, CategoryList, { signal });
    // Inactive entries are the back-office's drafts: never shown to visitors.
    const visible = categories
      .filter((category) => category.active)
      .map((category) => ({
        ...category,
        subcategories: category.subcategories.filter((subcategory) => subcategory.active),
      }));
    return { categories: visible, unavailable: false };
  } catch (error) {
    if (!signal?.aborted) {
      console.error(
        `[web] categories unavailable: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return { categories: [], unavailable: true };
  }
}
