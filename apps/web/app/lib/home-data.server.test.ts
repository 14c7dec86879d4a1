import type { BlogPostSummary, Medication } from "@pharmacompare/contract";
import { describe, expect, it, vi } from "vitest";
import { type ApiClient, ApiError } from "./api-client.ts";
import { loadHomeData, POPULAR_SEARCH_TERMS } from "./home-data.server.ts";
import { findMedicationByName } from "./medication-name-match.ts";

function medication(name: string, subcategory: string): Medication {
  const id = name.toLowerCase().replaceAll(/[^a-z0-9]+/g, "-");
  return {
    id,
    _id: id,
    name,
    category: "mens-health",
    subcategory,
    form: "Tablets",
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
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const api: ApiClient = {
      get: async (path) => {
        if (path.startsWith("/api/pharmacies")) throw new ApiError("network", 0, "down");
        if (path.startsWith("/api/blog/posts")) return [post("a", "2025-08-18T09:00:00.000Z")];
        if (path.includes("Wegovy")) return [medication("Wegovy", "weight-loss-medications")];
        throw new ApiError("http", 500, "broken");
      },
    } as ApiClient;
    const data = await loadHomeData(new AbortController().signal, api);
    expect(data.pharmacies).toBeNull();
    expect(data.latestPosts?.map((p) => p.id)).toEqual(["a"]);
    expect(data.popularSearches).toEqual([
      { label: "Wegovy", medicationName: "Wegovy", subcategoryId: "weight-loss-medications" },
    ]);
    expect(POPULAR_SEARCH_TERMS.length).toBeGreaterThan(1);
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });
});
