import { CATEGORY_TREE, type Category, type Subcategory } from "@pharmacompare/contract";

/**
 * The category tree for when the live API cannot be asked: the header, the footer and the
 * static-data import use the contract's fixed tree (the same the demo catalogue is seeded from).
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

const normalise = (text: string) => text.trim().toLowerCase();

const byConditionName = new Map<string, Subcategory>();
for (const category of CATEGORY_TREE) {
  for (const subcategory of category.subcategories) {
    const mapped = fallbackCategories
      .find((entry) => entry.id === category.id)
      ?.subcategories.find((entry) => entry.id === subcategory.id);
    if (!mapped) continue;
    for (const name of [subcategory.id, subcategory.name, ...(subcategory.aliases ?? [])]) {
      byConditionName.set(normalise(name), mapped);
    }
  }
}

/**
 * The subcategory (and so the category) a spreadsheet's condition names: its id, its name or an
 * alias, ignoring case and surrounding spaces. Undefined when the condition has no mapped category.
 */
export function mapCondition(condition: string): Subcategory | undefined {
  return byConditionName.get(normalise(condition));
}
