import { CATEGORY_TREE, type Category, type Subcategory } from "@pharmacompare/contract";

/**
 * The category tree for when the live API cannot be asked: the header, the footer and the
 * static-data import use the contract's fixed tree (the same the demo catalogue is seeded from).
 * Conditions in the static file map onto it by @pharmacompare/price-sheets' conditionMapper.
 */

/** The known tree in the API's shape, every entry active. */
export const fallbackCategories: Category[] = CATEGORY_TREE.map((category) => ({
  id: category.id,
  name: category.name,
  active: true,
  subcategories: category.subcategories.map(
    (subcategory): Subcategory => ({
      id: subcategory.id,
      name: subcategory.name,
      description: subcategory.description,
      categoryId: category.id,
      active: true,
    }),
  ),
}));
