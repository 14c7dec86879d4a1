import { z } from "zod";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { Category, Subcategory } from "../../entities.ts";
import { IdParams, SubcategoryParams } from "../../public-api.ts";
import { text } from "../../text.ts";
import { MessageResponse } from "./auth.ts";
import { CATALOGUE_LIMITS, CatalogueId, optionalText, requiredText } from "./catalogue-fields.ts";

/**
 * The back-office's category tree (back-office §2 Categories, §3, §7): every category and
 * subcategory, active or not. The Categories screen only reads it; the medication form adds
 * subcategories by name.
 */

export const AdminSubcategory = Subcategory.extend({
  /** Medications in it, active or not. */
  medicationCount: z.number().int().nonnegative(),
});
export type AdminSubcategory = z.infer<typeof AdminSubcategory>;

export const AdminCategory = Category.extend({
  /** Medications in it, active or not. */
  medicationCount: z.number().int().nonnegative(),
  subcategories: z.array(AdminSubcategory),
});
export type AdminCategory = z.infer<typeof AdminCategory>;

/** A new category. Without `id` one is made from the name; a taken id answers 409. */
export const CategoryInput = z.object({
  id: CatalogueId.optional(),
  name: requiredText(CATALOGUE_LIMITS.nameMax),
  active: z.boolean({ error: "must be true or false" }).default(true),
});
export type CategoryInput = z.input<typeof CategoryInput>;

export const CategoryUpdate = z.object({
  name: requiredText(CATALOGUE_LIMITS.nameMax).optional(),
  active: z.boolean({ error: "must be true or false" }).optional(),
});
export type CategoryUpdate = z.input<typeof CategoryUpdate>;

/**
 * A new subcategory, by name (the medication form). A blank name is refused with the form's own
 * sentence ("Please enter a subcategory name"), so `name` is checked by the API, not here.
 */
export const SubcategoryInput = z.object({
  name: text({ error: "must be text" })
    .trim()
    .max(CATALOGUE_LIMITS.nameMax, { error: `must be at most ${CATALOGUE_LIMITS.nameMax} characters` })
    .nullable()
    .optional()
    .transform((value) => value ?? ""),
  description: optionalText(CATALOGUE_LIMITS.descriptionMax).default(""),
});
export type SubcategoryInput = z.input<typeof SubcategoryInput>;

export const SubcategoryUpdate = z.object({
  name: requiredText(CATALOGUE_LIMITS.nameMax).optional(),
  description: optionalText(CATALOGUE_LIMITS.descriptionMax).optional(),
  active: z.boolean({ error: "must be true or false" }).optional(),
});
export type SubcategoryUpdate = z.input<typeof SubcategoryUpdate>;

export const CategoryListResponse = z.object({ categories: z.array(AdminCategory) });
export const CategoryResponse = z.object({ category: AdminCategory });
export const SubcategoryCreated = z.object({ category: AdminCategory, subcategory: AdminSubcategory });

export const listAdminCategories = defineEndpoint({
  method: "GET",
  path: "/api/admin/categories",
  access: "admin",
  tag: "admin categories",
  summary: "Every category with every subcategory, active or not, in display order",
  responses: { 200: CategoryListResponse },
});

export const createCategory = defineEndpoint({
  method: "POST",
  path: "/api/admin/categories",
  access: "admin",
  tag: "admin categories",
  summary: "Add a category (placed last)",
  description:
    "Without `id` one is made from the name; a taken id answers 409 with `fields.id`. `active` defaults to true.",
  body: CategoryInput,
  responses: { 201: CategoryResponse, ...refusals(400, 409) },
});

export const updateCategory = defineEndpoint({
  method: "PUT",
  path: "/api/admin/categories/:id",
  access: "admin",
  tag: "admin categories",
  summary: "Rename a category or switch it on or off",
  description:
    "Switching a category off hides its conditions and their medications from visitors (their pages answer 404).",
  params: IdParams,
  body: CategoryUpdate,
  responses: { 200: CategoryResponse, ...refusals(400, 404) },
});

export const deleteCategory = defineEndpoint({
  method: "DELETE",
  path: "/api/admin/categories/:id",
  access: "admin",
  tag: "admin categories",
  summary: "Delete a category and its subcategories; refused while medications use it",
  description:
    "409 (`still_referenced`) saying how many medications are in it while any are (active or not): " +
    "move or delete them first. Otherwise the category and its subcategories go in one transaction.",
  params: IdParams,
  responses: { 200: MessageResponse, ...refusals(400, 404, 409) },
});

export const createSubcategory = defineEndpoint({
  method: "POST",
  path: "/api/admin/categories/:id/subcategories",
  access: "admin",
  tag: "admin categories",
  summary: "Add a subcategory (condition) to a category by name; its id is made from the name",
  description:
    'A blank name answers 400 "Please enter a subcategory name" (`fields.name`); a name whose id is ' +
    "taken (by any category's subcategory) answers 409 naming the id. Answers the category as it " +
    "now is and the new subcategory.",
  params: IdParams,
  body: SubcategoryInput,
  responses: { 201: SubcategoryCreated, ...refusals(400, 404, 409) },
});

export const updateSubcategory = defineEndpoint({
  method: "PUT",
  path: "/api/admin/categories/:id/subcategories/:subId",
  access: "admin",
  tag: "admin categories",
  summary: "Rename, describe or switch a subcategory on or off",
  params: SubcategoryParams,
  body: SubcategoryUpdate,
  responses: { 200: SubcategoryCreated, ...refusals(400, 404) },
});

export const deleteSubcategory = defineEndpoint({
  method: "DELETE",
  path: "/api/admin/categories/:id/subcategories/:subId",
  access: "admin",
  tag: "admin categories",
  summary: "Delete a subcategory; refused while medications use it",
  description: "409 (`still_referenced`) saying how many medications are in it while any are.",
  params: SubcategoryParams,
  responses: { 200: MessageResponse, ...refusals(400, 404, 409) },
});
