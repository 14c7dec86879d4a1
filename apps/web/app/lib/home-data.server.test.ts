import {
  type BlogPostSummary,
  findMedicationByName,
  type Medication,
  publicEndpoints,
} from "@pharmacompare/contract";
import { describe, expect, it } from "vitest";
import { apiAnswering } from "./api-client.fake.ts";
import { ApiError } from "./api-client.ts";
import { loadHomeData } from "./home-data.server.ts";
import { popularSearches } from "./popular-searches.ts";
import { captureServerLog } from "./server-log.fake.ts";

function medication(name: string, subcategory: string): Medication {
  const id = name.toLowerCase().replaceAll(/[^a-z0-9]+/g, "-");
  return {
    id,
    _id: id,
    name,
    category: "mens-health",
    subcategory,
    form: "Tablets",
    legalCategory: "POM",
    description: "",
    dosage: ["1 tablet"],
    active: true,
  };
}

function post(id: string, publishDate: string): BlogPostSummary {
  return {
    _id: id,
    id,
    slug: id,
    title: id,
    excerpt: "",
    author: "PharmaCompare",
    publishDate,
    lastUpdated: publishDate,
    category: "Money Saving",
    tags: [],
    featuredImage: null,
    metaDescription: "",
    metaKeywords: [],
    readTime: 4,
    published: true,
  };
}

describe("findMedicationByName for popular searches", () => {
  const results = [
    medication("Microgynon 30 ED", "oral-contraceptives"),
    medication("Microgynon 30", "oral-contraceptives"),
  ];

  it("prefers the exact name, ignoring case", () => {
    expect(findMedicationByName(results, "microgynon 30")?.name).toBe("Microgynon 30");
  });

  it("falls back to the first name starting with the term", () => {
    expect(findMedicationByName(results, "Microgynon")?.name).toBe("Microgynon 30 ED");
  });

  it("does not take a medication that only mentions the term later in its name", () => {
    expect(
      findMedicationByName([medication("Sildenafil (generic Viagra)", "erectile-dysfunction")], "Viagra"),
    ).toBe(undefined);
  });
});

describe("loadHomeData", () => {
  it("empties only the sections whose calls fail, so the page still renders", async () => {
    const logged = captureServerLog();
    const api = apiAnswering((endpoint) => {
      if (endpoint === publicEndpoints.listPharmacies) throw new ApiError("network", 0, "down");
      if (endpoint === publicEndpoints.listBlogPosts) return [post("a", "2025-08-18T09:00:00.000Z")];
      throw new ApiError("http", 500, "broken");
    });
    const data = await loadHomeData(new AbortController().signal, api);
    expect(data.pharmacies).toBeNull();
    expect(data.latestPosts?.map((p) => p.id)).toEqual(["a"]);
    expect(data.figures).toBeNull();
    // The shortcuts need no call: they are there when the API is not.
    expect(data.popularSearches).toEqual(popularSearches);
    expect(logged.lines.length).toBeGreaterThan(0);
    logged.release();
  });
});
