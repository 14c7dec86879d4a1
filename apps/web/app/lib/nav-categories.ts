import type { Category, Subcategory } from "@pharmacompare/contract";

/** A condition as the site's navigation draws it: the header's menus, the footer, the pages' lists. */
export type NavSubcategory = Pick<Subcategory, "id" | "name" | "description">;

/** A category as the navigation draws it, with its conditions. */
export interface NavCategory {
  id: string;
  name: string;
  subcategories: NavSubcategory[];
}

/**
 * The category tree without what no page reads (`active`, `categoryId`): the root loader sends it
 * with every page's hydration data, so each field left out is saved on every page (issue 47).
 */
export function navCategories(categories: readonly Category[]): NavCategory[] {
  return categories.map(navCategory);
}

export function navCategory(category: Category): NavCategory {
  return {
    id: category.id,
    name: category.name,
    subcategories: category.subcategories.map(navSubcategory),
  };
}

export function navSubcategory({ id, name, description }: NavSubcategory): NavSubcategory {
  return { id, name, description };
}
