import { describe, expect, it } from "vitest";
import { buildRobots, buildSitemap } from "./sitemap.ts";

const sources = {
  conditions: [{ subcategoryId: "acne", lastmod: "2026-11-20T10:00:00.000Z" }],
  medications: [{ subcategoryId: "acne", name: "Benzoyl & Co <gel>", lastmod: "2026-11-19T10:00:00.000Z" }],
  pharmacies: [{ id: "kestrel-lane-pharmacy", lastmod: "2026-11-18T10:00:00.000Z" }],
  posts: [{ slug: "save-on-acne", lastmod: "2026-11-21T10:00:00.000Z" }],
  pairs: [
    {
      medicationId: "differin",
      a: "fernquill-pharmacy",
      b: "kestrel-lane-pharmacy",
      lastmod: "2026-11-17T10:00:00.000Z",
    },
  ],
  priceIndex: [{ month: "2026-10", subcategoryIds: ["acne"], lastmod: "2026-11-01T04:20:00.000Z" }],
};

describe("buildSitemap", () => {
  const xml = buildSitemap("https://pharmacompare.example", sources);

  it("lists the static pages, conditions, medications, pharmacies and posts with their dates", () => {
    expect(xml).toContain(
      "<url><loc>https://pharmacompare.example/</loc><lastmod>2026-11-21</lastmod></url>",
    );
    expect(xml).toContain("<loc>https://pharmacompare.example/how-we-rank</loc>");
    expect(xml).toContain(
      "<url><loc>https://pharmacompare.example/condition/acne</loc><lastmod>2026-11-20</lastmod></url>",
    );
    expect(xml).toContain(
      "<url><loc>https://pharmacompare.example/blog/save-on-acne</loc><lastmod>2026-11-21</lastmod></url>",
    );
    expect(xml).toContain(
      "<url><loc>https://pharmacompare.example/pharmacies/kestrel-lane-pharmacy</loc><lastmod>2026-11-18</lastmod></url>",
    );
  });

  it("lists the compare pages the API names, escaped for XML (decision 042)", () => {
    expect(xml).toContain(
      "<url><loc>https://pharmacompare.example/compare?medication=differin&amp;a=fernquill-pharmacy&amp;b=kestrel-lane-pharmacy</loc><lastmod>2026-11-17</lastmod></url>",
    );
  });

  it("lists the price index, its months and each month's conditions (decision 061)", () => {
    expect(xml).toContain("<url><loc>https://pharmacompare.example/price-index</loc></url>");
    expect(xml).toContain(
      "<url><loc>https://pharmacompare.example/price-index/2026-10</loc><lastmod>2026-11-01</lastmod></url>",
    );
    expect(xml).toContain(
      "<url><loc>https://pharmacompare.example/price-index/2026-10/acne</loc><lastmod>2026-11-01</lastmod></url>",
    );
  });

  it("uses the medication page's canonical address, escaped for XML", () => {
    expect(xml).toContain(
      "<loc>https://pharmacompare.example/condition/acne?medication=Benzoyl+%26+Co+%3Cgel%3E</loc>",
    );
    expect(xml).not.toMatch(/<loc>[^<]*[<>"][^<]*<\/loc>/);
  });
});

describe("buildRobots", () => {
  it("keeps crawlers out of the back-office and names the sitemap", () => {
    const robots = buildRobots("https://pharmacompare.example");
    expect(robots).toContain("Disallow: /admin\n");
    expect(robots).toContain("Sitemap: https://pharmacompare.example/sitemap.xml");
  });
});
