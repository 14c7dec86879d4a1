import type { SitemapSources } from "@pharmacompare/contract";
import { sitePaths } from "./site-paths.ts";

/** Pages that exist whatever the catalogue holds. */
const STATIC_PATHS = [
  sitePaths.home,
  sitePaths.blog,
  sitePaths.about,
  sitePaths.contact,
  sitePaths.howWeRank,
  sitePaths.priceIndex,
  sitePaths.privacy,
  sitePaths.cookies,
  sitePaths.disclaimer,
] as const;

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * sitemap.xml (sitemaps.org 0.9) for the public site under `siteUrl`: the static pages, every
 * condition, each medication's own comparison (the canonical address its page declares), every
 * active pharmacy's page and every published article, each with the date it last changed where we
 * know it.
 */
export function buildSitemap(siteUrl: string, sources: SitemapSources): string {
  const entries: { path: string; lastmod?: string }[] = [];
  const newest = [...sources.conditions, ...sources.posts]
    .map((entry) => entry.lastmod)
    .sort()
    .at(-1);
  const newestPost = sources.posts
    .map((entry) => entry.lastmod)
    .sort()
    .at(-1);
  for (const path of STATIC_PATHS) {
    const lastmod = path === sitePaths.home ? newest : path === sitePaths.blog ? newestPost : undefined;
    entries.push({ path, lastmod });
  }
  for (const condition of sources.conditions)
    entries.push({ path: sitePaths.condition(condition.subcategoryId), lastmod: condition.lastmod });
  for (const medication of sources.medications)
    entries.push({
      path: sitePaths.conditionMedication(medication.subcategoryId, medication.name),
      lastmod: medication.lastmod,
    });
  for (const pharmacy of sources.pharmacies)
    entries.push({ path: sitePaths.pharmacy(pharmacy.id), lastmod: pharmacy.lastmod });
  for (const post of sources.posts)
    entries.push({ path: sitePaths.blogPost(post.slug), lastmod: post.lastmod });
  // Compare pages only where both pharmacies price the medication (the API's pairs, decision 042).
  for (const pair of sources.pairs)
    entries.push({ path: sitePaths.compare(pair.medicationId, pair.a, pair.b), lastmod: pair.lastmod });

  // The price index's months and each month's conditions (decision 061).
  for (const month of sources.priceIndex) {
    entries.push({ path: sitePaths.priceIndexMonth(month.month), lastmod: month.lastmod });
    for (const subcategoryId of month.subcategoryIds)
      entries.push({
        path: sitePaths.priceIndexCondition(month.month, subcategoryId),
        lastmod: month.lastmod,
      });
  }

  const urls = entries.map(({ path, lastmod }) => {
    const date = lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : "";
    return `<url><loc>${escapeXml(`${siteUrl}${path}`)}</loc>${date}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** robots.txt: crawl the public site, not the back-office or the one-time links in our emails. */
export function buildRobots(siteUrl: string): string {
  return [
    "User-agent: *",
    "Disallow: /admin",
    `Disallow: ${sitePaths.confirmEmail}`,
    `Disallow: ${sitePaths.unsubscribe}`,
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
