import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";

export const DataVersion = z.object({
  /** Grows by at least one with every committed write that changes what a public read answers. */
  version: z.number().int().nonnegative(),
});
export type DataVersion = z.infer<typeof DataVersion>;

export const dataVersion = defineEndpoint({
  method: "GET",
  path: "/api/data-version",
  access: "public",
  tag: "pages",
  summary: "The version of the public data, for page caches to tell when they are stale",
  description:
    "A counter every write to what the public site shows increases in its own transaction. A page " +
    "cache keeps the version it rendered under and drops its pages when this answers another. " +
    "Answered with `Cache-Control: no-store`.",
  responses: { 200: DataVersion },
});
