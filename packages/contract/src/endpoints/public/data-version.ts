import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";

export const DataVersion = z.object({
  /** Grows by at least one with every committed write that changes what a public read answers. */
  version: z.number().int().nonnegative(),
  /**
   * Asked with `since`: the cache tags changed by the versions after it (decision 063), `["site"]`
   * when they are no longer all recorded, none when nothing changed. Absent without `since`.
   */
  tags: z.array(z.string()).optional(),
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
    "With `since` (a version the cache knows) it also answers the tags the versions after it " +
    "changed, so the cache drops only the pages built from them (`site`: all). " +
    "Answered with `Cache-Control: no-store`.",
  query: z.object({
    since: z.coerce.number<number>().int().nonnegative().optional(),
  }),
  responses: { 200: DataVersion },
});
