import { describe, expect, it } from "vitest";
import { CATEGORY_TREE } from "./category-tree.ts";
import { CATEGORY_IDS, SUBCATEGORY_IDS } from "./ids.ts";

describe("the fixed category tree", () => {
  it("holds exactly the specifications' category and subcategory ids, in order", () => {
    expect(CATEGORY_TREE.map((category) => category.id)).toEqual([...CATEGORY_IDS]);
    expect(CATEGORY_TREE.flatMap((category) => category.subcategories.map((sub) => sub.id))).toEqual([
      ...SUBCATEGORY_IDS,
    ]);
  });

  it("gives every condition a description, and no name or alias to two conditions", () => {
    const owners = new Map<string, Set<string>>();
    for (const sub of CATEGORY_TREE.flatMap((category) => category.subcategories)) {
      for (const name of [sub.id, sub.name, ...(sub.aliases ?? [])]) {
        const key = name.toLowerCase();
        owners.set(key, (owners.get(key) ?? new Set()).add(sub.id));
      }
    }
    expect([...owners].filter(([, ids]) => ids.size > 1)).toEqual([]);
    for (const sub of CATEGORY_TREE.flatMap((category) => category.subcategories)) {
      expect(sub.description.length).toBeGreaterThan(10);
    }
  });
});
