import { type ConditionPage, endpointUrl, publicEndpoints } from "@pharmacompare/contract";
import { expect, test } from "@playwright/test";
import { demoBlogPosts } from "../apps/api/src/demo-data/index.ts";
import { API_URL } from "./support/stack.ts";

/** What a crawler receives without running any JavaScript: JSON-LD, sitemap.xml and robots.txt. */
const ed = "/condition/erectile-dysfunction";

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1] ?? "null") as Record<string, unknown>,
  );
}

test("a condition page's HTML describes the compared product and its breadcrumb", async ({
  request,
  baseURL,
}) => {
  const html = await (await request.get(`${ed}?medication=viagra&dosage=50mg+x+4+tablets`)).text();
  const blocks = jsonLd(html);
  const product = blocks.find((block) => block["@type"] === "Product");
  const trail = blocks.find((block) => block["@type"] === "BreadcrumbList");

  // The offer bounds exactly the prices the API compares for this pack.
  const page = (await (
    await request.get(
      `${API_URL}${endpointUrl(publicEndpoints.conditionPage, {
        params: { subcategoryId: "erectile-dysfunction" },
        query: { medication: "viagra", dosage: "50mg x 4 tablets" },
      })}`,
    )
  ).json()) as ConditionPage;
  const prices = page.comparison?.prices.map((price) => price.price) ?? [];
  expect(prices.length).toBeGreaterThan(1);
  expect(product).toMatchObject({
    "@context": "https://schema.org",
    name: "Viagra 50mg x 4 tablets",
    url: `${baseURL}${ed}?medication=Viagra`,
    offers: {
      "@type": "AggregateOffer",
      priceCurrency: "GBP",
      lowPrice: Math.min(...prices).toFixed(2),
      highPrice: Math.max(...prices).toFixed(2),
      offerCount: prices.length,
    },
  });
  expect(trail).toMatchObject({
    itemListElement: [
      { position: 1, name: "Home", item: `${baseURL}/` },
      { position: 2, name: "Erectile Dysfunction", item: `${baseURL}${ed}` },
      { position: 3, name: "Viagra" },
    ],
  });
});

test("sitemap.xml lists every public condition and published post; robots.txt names it", async ({
  request,
  baseURL,
}) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/xml");
  const xml = await response.text();
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);

  const tree = (await (
    await request.get(`${API_URL}${endpointUrl(publicEndpoints.listCategories)}`)
  ).json()) as {
    subcategories: { id: string }[];
  }[];
  for (const subcategory of tree.flatMap((category) => category.subcategories))
    expect(locs).toContain(`${baseURL}/condition/${subcategory.id}`);
  for (const post of demoBlogPosts) expect(locs).toContain(`${baseURL}/blog/${post.slug}`);
  expect(locs).toContain(`${baseURL}/how-we-rank`);
  expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);

  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /admin");
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});
