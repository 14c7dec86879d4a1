import { ConditionPage } from "../../comparison.ts";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { ConditionPageQuery, SubcategoryIdParams } from "../../public-api.ts";

/**
 * Everything a condition page needs in one call (decision 012): the page used to cost four calls
 * in two waves. The comparison inside is the same as GET /api/medications/{id}/comparison's.
 */
export const conditionPage = defineEndpoint({
  method: "GET",
  path: "/api/pages/condition/:subcategoryId",
  access: "public",
  tag: "pages",
  summary: "A condition page: its place in the tree, its medications, and the chosen one's comparison",
  description:
    "Unknown and inactive conditions answer 404. `medication` picks by name (exact ignoring case, else " +
    "the first name starting with it, else the first medication); `dosage` picks one of its dosages " +
    "(else the first); `sort` orders the prices by `price` (the default) or by `total` with delivery. " +
    "Admin messages are those showing now for the chosen medication. `coursePlans` lists the medication's " +
    "course plans; `course` prices the one `plan` names (else the first) over `horizon` months (3, 6 or " +
    "12, else 6) at every pharmacy, with packs, delivery per order and consultation fees (decision 042).",
  cache: "public",
  params: SubcategoryIdParams,
  query: ConditionPageQuery,
  responses: { 200: ConditionPage, ...refusals(400, 404) },
});
