import { CATEGORY_TREE, type Category, type Subcategory } from "@pharmacompare/contract";

/** Maps a sheet's condition to its subcategory, or undefined when it has no mapped category. */
export type ConditionMapper = (condition: string) => Subcategory | undefined;

const normalise = (text: string) => text.trim().toLowerCase().replace(/\s+/g, " ");

/**
 * A condition names a subcategory by its id, its name or one of the known aliases of that id
 * (contract CATEGORY_TREE), ignoring case and extra spaces. `categories` is the tree the caller
 * trusts: the live one in the API, the contract's fixed one in the web's fallback.
 */
export function conditionMapper(categories: readonly Category[]): ConditionMapper {
  const aliases = new Map<string, readonly string[]>(
    CATEGORY_TREE.flatMap((category) =>
      category.subcategories.map((entry) => [entry.id, entry.aliases ?? []] as const),
    ),
  );
  const byName = new Map<string, Subcategory>();
  for (const category of categories) {
    for (const subcategory of category.subcategories) {
      for (const name of [subcategory.id, subcategory.name, ...(aliases.get(subcategory.id) ?? [])]) {
        const key = normalise(name);
        if (!byName.has(key)) byName.set(key, subcategory);
      }
    }
  }
  return (condition) => byName.get(normalise(condition));
}
