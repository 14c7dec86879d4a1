import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";

/** Real row counts for the dashboard's cards (all rows, active or not). */
export const AdminStats = z.object({
  medications: z.number().int().nonnegative(),
  pharmacies: z.number().int().nonnegative(),
  prices: z.number().int().nonnegative(),
  categories: z.number().int().nonnegative(),
});
export type AdminStats = z.infer<typeof AdminStats>;

export const dashboardCounts = defineEndpoint({
  method: "GET",
  path: "/api/admin/stats",
  access: "admin",
  tag: "admin dashboard",
  summary: "Row counts for the dashboard cards",
  responses: { 200: AdminStats },
});
