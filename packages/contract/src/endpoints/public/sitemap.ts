import { z } from "zod";
import { defineEndpoint } from "../../endpoint.ts";

const lastmod = z.iso.datetime({ offset: true }).describe("When what the page shows last changed");

/**
 * What a search engine may crawl, with when each page last changed: the API knows what is public
 * and when it changed; the web turns these into addresses (`/sitemap.xml`).
 */
export const SitemapSources = z.object({
  conditions: z.array(z.object({ subcategoryId: z.string(), lastmod })),
  medications: z.array(z.object({ subcategoryId: z.string(), name: z.string(), lastmod })),
  /** Listed pharmacies (active and GPhC-registered), each with its own page (`/pharmacies/{id}`). */
  pharmacies: z.array(z.object({ id: z.string(), lastmod })),
  posts: z.array(z.object({ slug: z.string(), lastmod })),
  /**
   * Compare pages (`/compare?medication=…&a=…&b=…`, decision 042) where both pharmacies price the
   * medication: its cheapest pharmacy with each of the next four, ids in order (one address a pair).
   */
  pairs: z.array(z.object({ medicationId: z.string(), a: z.string(), b: z.string(), lastmod })),
  /**
   * The price index's months (`/price-index/{month}`) and each month's conditions
   * (`/price-index/{month}/{subcategoryId}`), decision 061; lastmod is when the month was computed.
   */
  priceIndex: z.array(z.object({ month: z.string(), subcategoryIds: z.array(z.string()), lastmod })),
});
export type SitemapSources = z.infer<typeof SitemapSources>;

export const sitemapSources = defineEndpoint({
  method: "GET",
  path: "/api/pages/sitemap",
  access: "public",
  tag: "pages",
  summary:
    "Every public condition page, medication, pharmacy and published article, with when each last changed",
  description:
    "Only what a visitor can open: active conditions of active categories, public medications, " +
    "active pharmacies, published posts, and for each public medication its cheapest pharmacy paired with " +
    "each of the next four that price it (compare pages), and each computed month of the price index with its conditions. A condition, medication or pharmacy changed when " +
    "its catalogue row or one of its prices last did; a pair when either pharmacy's prices for it did.",
  cache: "public",
  responses: { 200: SitemapSources },
});
