import { CATEGORY_TREE } from "@pharmacompare/contract";
import type { DemoCategory } from "./types.ts";

/** The five categories and fourteen subcategories the specifications name: the contract's tree. */
export const demoCategories: DemoCategory[] = CATEGORY_TREE.map((category) => ({
  id: category.id,
  name: category.name,
  subcategories: category.subcategories.map(({ id, name, description }) => ({ id, name, description })),
}));
