import { z } from "zod";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { Category, Subcategory } from "../../entities.ts";
import { IdParams, SubcategoryParams } from "../../public-api.ts";

export const listCategories = defineEndpoint({
  method: "GET",
  path: "/api/categories",
  access: "public",
  tag: "categories",
  summary: "Active categories with their active subcategories",
  cache: "public",
  responses: { 200: z.array(Category) },
});

export const getCategory = defineEndpoint({
  method: "GET",
  path: "/api/categories/:id",
  access: "public",
  tag: "categories",
  summary: "One active category with its active subcategories",
  cache: "public",
  params: IdParams,
  responses: { 200: Category, ...refusals(400, 404) },
});

export const getSubcategory = defineEndpoint({
  method: "GET",
  path: "/api/categories/:id/:subId",
  access: "public",
  tag: "categories",
  summary: "One active subcategory (condition) of a category",
  cache: "public",
  params: SubcategoryParams,
  responses: { 200: Subcategory, ...refusals(400, 404) },
});
