import type { Category, Medication, Price, PublicAdminMessage } from "@pharmacompare/contract";
import { describe, expect, it, vi } from "vitest";
import type { z } from "zod";
import { type ApiClient, ApiError } from "./api-client.ts";
import {
  type CatalogueDeps,
  createCatalogue,
  isApiUnavailable,
  PRICE_FAILURE_MESSAGE,
  type StaticFile,
} from "./catalogue.server.ts";
import { SAMPLE_LAST_UPDATED } from "./fallback/sample-data.ts";

const liveCategories: Category[] = [
  {
    id: "mens-health",
    name: "Men's Health",
    active: true,
    subcategories: [
      {
        id: "erectile-dysfunction",
        name: "ED (live)",
        description: "",
        categoryId: "mens-health",
        active: true,
      },
      { id: "hair-loss", name: "Hair Loss", description: "", categoryId: "mens-health", active: false },
    ],
  },
  { id: "draft", name: "Draft", active: false, subcategories: [] },
];

const liveViagra: Medication = {
  id: "viagra",
  _id: "viagra",
  name: "Viagra",
  category: "mens-health",
  subcategory: "erectile-dysfunction",
  form: "Tablets",
  description: "",
  dosage: ["50mg x 4 tablets"],
  active: true,
};

const livePrice: Price = {
  _id: "p1",
  medicationId: "viagra",
  pharmacyId: "kestrel-lane-pharmacy",
  pharmacy: {
    id: "kestrel-lane-pharmacy",
    name: "Kestrel Lane Pharmacy",
    website: "https://kestrel.example",
    rating: 4.7,
    deliveryTime: "1-2 days",
    prescriptionRequired: true,
  },
  dosage: "50mg x 4 tablets",
  price: 31.99,
  quantity: 1,
  inStock: true,
  link: null,
  lastUpdated: "2025-09-01T00:00:00.000Z",
};

const liveMessage: PublicAdminMessage = {
  _id: "m1",
  medicationId: "viagra",
  medicationName: "Viagra",
  pharmacyId: null,
  pharmacyName: null,
  category: "information",
  title: "Note",
  message: "Text",
  startDate: "2025-08-01T00:00:00.000Z",
  endDate: null,
  priority: 5,
};

type Answer = unknown | ApiError;

/** An API client answering from a table of paths; a missing path is a 404. */
function fakeApi(answers: Record<string, Answer | (() => Answer)>): ApiClient & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async get<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
      calls.push(path);
      const entry = answers[path];
      const answer = typeof entry === "function" ? entry() : entry;
      if (answer === undefined) throw new ApiError("http", 404, "Not found");
      if (answer instanceof ApiError) throw answer;
      return schema.parse(answer);
    },
  };
}

const down = () =>
  new ApiError("network", 0, "Could not reach the API for GET /api/categories: ECONNREFUSED.");

/** Any path answers with the same failure: the API is down. */
function downApi(failure: () => ApiError = down): ApiClient {
  return { get: async () => Promise.reject(failure()) };
}

const staticWorkbook = JSON.stringify({
  Tadalafil: [
    ["Generic name", "Tadalafil"],
    ["Form", "Tablets"],
    ["Description", "Generic tadalafil."],
    ["Condition", "Erectile Dysfunction"],
    ["Last updated", "2025-08-30"],
    ["Pharmacy", "Rating", "10mg x 4 tablets", "link"],
    ["Fernquill Pharmacy", 4.8, 11.49, "https://fernquill.example/tadalafil"],
    ["Copperwren Dispensary", 3.9, 9.99, "https://copperwren.example/tadalafil"],
  ],
});

function staticFile(text = staticWorkbook): () => Promise<StaticFile> {
  return async () => ({ text, modifiedAt: new Date("2025-09-01T00:00:00.000Z") });
}

const missingFile = async (): Promise<StaticFile> => {
  throw Object.assign(new Error("ENOENT: no such file or directory"), { code: "ENOENT" });
};

function catalogueWith(deps: Partial<CatalogueDeps> & Pick<CatalogueDeps, "api">) {
  const log = vi.fn();
  const readStaticFile = vi.fn(deps.readStaticFile ?? staticFile());
  return { catalogue: createCatalogue({ readStaticFile, log, ...deps }), log, readStaticFile };
}

describe("isApiUnavailable", () => {
  it("counts unreachable, slow, failing and off-contract answers, but not refusals or cancellations", () => {
    expect(isApiUnavailable(new ApiError("network", 0, "x"))).toBe(true);
    expect(isApiUnavailable(new ApiError("timeout", 0, "x"))).toBe(true);
    expect(isApiUnavailable(new ApiError("invalid-response", 200, "x"))).toBe(true);
    expect(isApiUnavailable(new ApiError("http", 503, "x"))).toBe(true);
    expect(isApiUnavailable(new ApiError("http", 500, "x"))).toBe(true);
    expect(isApiUnavailable(new ApiError("http", 404, "x"))).toBe(false);
    expect(isApiUnavailable(new ApiError("aborted", 0, "x"))).toBe(false);
    expect(isApiUnavailable(new Error("a bug"))).toBe(false);
  });
});

describe("the catalogue chain: API, then static file, then sample data", () => {
  it("uses the live API when it answers, without touching the static file", async () => {
    const { catalogue, readStaticFile } = catalogueWith({
      api: fakeApi({ "/api/categories": liveCategories }),
    });
    const result = await catalogue.categories();
    expect(result.source).toBe("api");
    // Drafts stay hidden.
    expect(result.categories.map((category) => category.id)).toEqual(["mens-health"]);
    expect(result.categories[0]?.subcategories.map((subcategory) => subcategory.id)).toEqual([
      "erectile-dysfunction",
    ]);
    expect(readStaticFile).not.toHaveBeenCalled();
  });

  it.each([
    ["unreachable", down],
    ["too slow", () => new ApiError("timeout", 0, "The API did not answer within 10 seconds.")],
    ["failing", () => new ApiError("http", 502, "Bad gateway")],
  ])("falls back to the static file when the API is %s", async (_label, failure) => {
    const { catalogue, log } = catalogueWith({ api: downApi(failure) });
    const result = await catalogue.categories();
    expect(result.source).toBe("static-file");
    expect(result.categories.map((category) => category.id)).toContain("mens-health");
    expect(log).toHaveBeenCalledWith("warn", expect.stringContaining("live API unavailable"));
  });

  it("falls back to the sample data when the static file cannot be read", async () => {
    const { catalogue, log } = catalogueWith({ api: downApi(), readStaticFile: missingFile });
    const result = await catalogue.categories();
    expect(result.source).toBe("sample-data");
    expect(result.categories.length).toBeGreaterThan(0);
    expect(log).toHaveBeenCalledWith("error", expect.stringContaining("Failed to load data: ENOENT"));
  });

  it.each([
    ["is not JSON", "{ broken"],
    ["holds no usable sheet", JSON.stringify({ Notes: "nothing here" })],
  ])("falls back to the sample data when the static file %s", async (_label, text) => {
    const { catalogue } = catalogueWith({ api: downApi(), readStaticFile: staticFile(text) });
    expect((await catalogue.categories()).source).toBe("sample-data");
  });

  it("does not fall back when the loader's request is cancelled", async () => {
    const { catalogue, readStaticFile } = catalogueWith({
      api: downApi(() => new ApiError("aborted", 0, "cancelled")),
    });
    await expect(catalogue.categories()).rejects.toMatchObject({ kind: "aborted" });
    await expect(catalogue.condition("erectile-dysfunction")).rejects.toMatchObject({ kind: "aborted" });
    expect(readStaticFile).not.toHaveBeenCalled();
  });
});

describe("catalogue.condition", () => {
  it("answers a live condition with its place in the tree and its active medications", async () => {
    const { catalogue } = catalogueWith({
      api: fakeApi({
        "/api/categories": liveCategories,
        "/api/medications/by-subcategory/erectile-dysfunction": [
          liveViagra,
          { ...liveViagra, id: "old", _id: "old", name: "Old", active: false },
        ],
      }),
    });
    const result = await catalogue.condition("erectile-dysfunction");
    expect(result).toMatchObject({ found: true, source: "api", subcategory: { name: "ED (live)" } });
    expect(result.found && result.medications.map((medication) => medication.id)).toEqual(["viagra"]);
  });

  it("says not found for an unknown or inactive condition without falling back", async () => {
    const { catalogue, readStaticFile } = catalogueWith({
      api: fakeApi({ "/api/categories": liveCategories, "/api/medications/by-subcategory/hair-loss": [] }),
    });
    expect(await catalogue.condition("no-such-condition")).toEqual({ found: false, source: "api" });
    expect(await catalogue.condition("hair-loss")).toEqual({ found: false, source: "api" });
    expect(readStaticFile).not.toHaveBeenCalled();
  });

  it("serves the whole page from the static file when any of its API calls is unavailable", async () => {
    const { catalogue } = catalogueWith({
      api: fakeApi({
        "/api/categories": liveCategories,
        "/api/medications/by-subcategory/erectile-dysfunction": new ApiError(
          "http",
          500,
          "Internal server error",
        ),
      }),
    });
    const result = await catalogue.condition("erectile-dysfunction");
    expect(result).toMatchObject({
      found: true,
      source: "static-file",
      subcategory: { name: "Erectile Dysfunction" },
    });
    expect(result.found && result.medications.map((medication) => medication.name)).toEqual(["Tadalafil"]);

    const { catalogue: offline } = catalogueWith({ api: downApi() });
    expect(await offline.condition("no-such-condition")).toEqual({ found: false, source: "static-file" });
  });

  it("serves the sample data's medications when the file is missing too", async () => {
    const { catalogue } = catalogueWith({ api: downApi(), readStaticFile: missingFile });
    const result = await catalogue.condition("erectile-dysfunction");
    expect(result.source).toBe("sample-data");
    expect(result.found && result.medications.map((medication) => medication.name)).toEqual([
      "Sildenafil",
      "Tadalafil",
    ]);
  });
});

describe("catalogue.comparison", () => {
  const pricesPath = "/api/prices/medication/viagra?dosage=50mg+x+4+tablets";
  const messagesPath = "/admin-messages/medication/viagra";

  it("loads live prices and admin messages together", async () => {
    const api = fakeApi({ [pricesPath]: [livePrice], [messagesPath]: [liveMessage] });
    const { catalogue } = catalogueWith({ api });
    const result = await catalogue.comparison("api", liveViagra, "50mg x 4 tablets");
    expect(result).toEqual({ prices: [livePrice], priceError: null, messages: [liveMessage] });
    expect(api.calls.sort()).toEqual([messagesPath, pricesPath]);
  });

  it("empties the prices and says so when they fail, keeping the messages", async () => {
    const { catalogue, log } = catalogueWith({
      api: fakeApi({ [pricesPath]: down, [messagesPath]: [liveMessage] }),
    });
    const result = await catalogue.comparison("api", liveViagra, "50mg x 4 tablets");
    expect(result).toEqual({ prices: [], priceError: PRICE_FAILURE_MESSAGE, messages: [liveMessage] });
    expect(log).toHaveBeenCalledWith("error", expect.stringContaining(PRICE_FAILURE_MESSAGE));
  });

  it("only logs a failure to load the admin messages", async () => {
    const { catalogue, log } = catalogueWith({
      api: fakeApi({ [pricesPath]: [livePrice], [messagesPath]: down }),
    });
    const result = await catalogue.comparison("api", liveViagra, "50mg x 4 tablets");
    expect(result).toEqual({ prices: [livePrice], priceError: null, messages: [] });
    expect(log).toHaveBeenCalledWith("error", expect.stringContaining("admin messages"));
  });

  it("takes prices from the page's own fallback source, with no messages", async () => {
    const { catalogue } = catalogueWith({ api: downApi() });
    const tadalafil = { ...liveViagra, id: "tadalafil", _id: "tadalafil", name: "Tadalafil" };
    const fromFile = await catalogue.comparison("static-file", tadalafil, "10mg x 4 tablets");
    expect(fromFile.prices.map((price) => [price.pharmacy.name, price.price])).toEqual([
      ["Copperwren Dispensary", 9.99],
      ["Fernquill Pharmacy", 11.49],
    ]);
    expect(fromFile.messages).toEqual([]);

    const fromSample = await catalogue.comparison("sample-data", tadalafil, "10mg x 4 tablets");
    expect(fromSample.prices.length).toBeGreaterThan(0);
    for (const price of fromSample.prices) {
      expect(price.price).toBeGreaterThanOrEqual(12.99);
      expect(price.price).toBeLessThanOrEqual(42.5);
      expect(price.lastUpdated).toBe(SAMPLE_LAST_UPDATED);
    }
  });
});
