import {
  type BlogPostSummary,
  findMedicationByName,
  type Medication,
  publicEndpoints,
} from "@pharmacompare/contract";
import { describe, expect, it } from "vitest";
import { apiAnswering } from "./api-client.fake.ts";
import { ApiError } from "./api-client.ts";
import {
  createPopularSearchCache,
  loadHomeData,
  POPULAR_SEARCH_TERMS,
  POPULAR_SEARCHES_TTL_MS,
} from "./home-data.server.ts";
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
    const api = apiAnswering((endpoint, url) => {
      if (endpoint === publicEndpoints.listPharmacies) throw new ApiError("network", 0, "down");
      if (endpoint === publicEndpoints.listBlogPosts) return [post("a", "2025-08-18T09:00:00.000Z")];
      if (url.includes("Wegovy")) return [medication("Wegovy", "weight-loss-medications")];
      throw new ApiError("http", 500, "broken");
    });
    const data = await loadHomeData(new AbortController().signal, api, createPopularSearchCache());
    expect(data.pharmacies).toBeNull();
    expect(data.latestPosts?.map((p) => p.id)).toEqual(["a"]);
    expect(data.popularSearches).toEqual([
      { label: "Wegovy", medicationName: "Wegovy", subcategoryId: "weight-loss-medications" },
    ]);
    expect(POPULAR_SEARCH_TERMS.length).toBeGreaterThan(1);
    expect(logged.lines.length).toBeGreaterThan(0);
    logged.release();
  });
});

describe("popular searches cache", () => {
  const signal = new AbortController().signal;

  /** An API whose medication searches are counted and can be made to fail. */
  function searchApi() {
    const state = { searches: 0, failing: false };
    const api = apiAnswering((_endpoint, url) => {
      state.searches += 1;
      if (state.failing) throw new ApiError("network", 0, "down");
      const term = POPULAR_SEARCH_TERMS.find((label) => url.includes(label)) ?? "Unknown";
      return [medication(term, "subcategory")];
    });
    return { api, state };
  }

  it("resolves the shortcuts once per five minutes", async () => {
    let clock = 1_000_000;
    const cache = createPopularSearchCache(POPULAR_SEARCHES_TTL_MS, () => clock);
    const { api, state } = searchApi();

    const first = await cache.get(api, signal);
    expect(first.map((search) => search.label)).toEqual(POPULAR_SEARCH_TERMS);
    expect(state.searches).toBe(POPULAR_SEARCH_TERMS.length);

    clock += POPULAR_SEARCHES_TTL_MS - 1;
    expect(await cache.get(api, signal)).toEqual(first);
    expect(state.searches).toBe(POPULAR_SEARCH_TERMS.length);

    clock += 1;
    await cache.get(api, signal);
    expect(state.searches).toBe(POPULAR_SEARCH_TERMS.length * 2);
  });

  it("does not keep a resolution in which any search failed", async () => {
    const logged = captureServerLog();
    const cache = createPopularSearchCache(POPULAR_SEARCHES_TTL_MS, () => 0);
    const { api, state } = searchApi();

    state.failing = true;
    expect(await cache.get(api, signal)).toEqual([]);
    state.failing = false;
    expect(await cache.get(api, signal)).toHaveLength(POPULAR_SEARCH_TERMS.length);
    expect(state.searches).toBe(POPULAR_SEARCH_TERMS.length * 2);

    await cache.get(api, signal);
    expect(state.searches).toBe(POPULAR_SEARCH_TERMS.length * 2);
    logged.release();
  });
});
