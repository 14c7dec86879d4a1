/**
 * Which link of the start-up chain a page's data came from (see catalogue.server.ts). Shared with
 * the browser so the page chrome can tell visitors when prices are not live.
 */
export type CatalogueSource = "api" | "static-file" | "sample-data";

/** The source a route's loader data reports in its `catalogueSource` field, if any. */
export function catalogueSourceOf(data: unknown): CatalogueSource | undefined {
  if (data === null || typeof data !== "object" || !("catalogueSource" in data)) return undefined;
  const source = data.catalogueSource;
  return source === "api" || source === "static-file" || source === "sample-data" ? source : undefined;
}
