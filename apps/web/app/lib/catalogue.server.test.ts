import {
  buildComparison,
  type Category,
  type ConditionPage,
  type Medication,
  type Price,
  type PublicAdminMessage,
  publicEndpoints,
} from "@pharmacompare/contract";
import { describe, expect, it, vi } from "vitest";
import { callKey, downApi as downApiWith, fakeApi } from "./api-client.fake.ts";
import { ApiError } from "./api-client.ts";
import {
  type CatalogueDeps,
  createCatalogue,
  isApiUnavailable,
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
  legalCategory: "POM",
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

const down = () =>
  new ApiError("network", 0, "Could not reach the API for GET /api/categories: ECONNREFUSED.");

/** Any call answers with the same failure: the API is down. */
const downApi = (failure: () => ApiError = down) => downApiWith(failure);

const categoriesKey = callKey(publicEndpoints.listCategories);
const pageKey = (
  subcategoryId: string,
  query: { medication?: string; dosage?: string; sort?: "price" | "total" } = {},
) => callKey(publicEndpoints.conditionPage, { params: { subcategoryId }, query });

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
      api: fakeApi({ [categoriesKey]: liveCategories }),
    });
    const result = await catalogue.categories();
    // As the API sent it: the API alone decides what visitors may see.
    expect(result).toEqual({ categories: liveCategories, source: "api" });
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
    await expect(catalogue.condition("erectile-dysfunction", {})).rejects.toMatchObject({ kind: "aborted" });
    expect(readStaticFile).not.toHaveBeenCalled();
  });
});

describe("catalogue.condition", () => {
  const livePage: ConditionPage = {
    category: liveCategories[0] as Category,
    subcategory: liveCategories[0]?.subcategories[0] as Category["subcategories"][number],
    medications: [liveViagra],
    medicationCount: 1,
    medicationId: "viagra",
    dosage: "50mg x 4 tablets",
    comparison: buildComparison(liveViagra, "50mg x 4 tablets", [livePrice]),
    messages: [liveMessage],
    coursePlans: [],
    course: null,
    nhs: null,
    priceContext: null,
    stock: { inStock: 1, listed: 1 },
    supplyNotices: [],
  };

  it("answers a live condition page in one call, passing the visitor's choice on", async () => {
    const key = pageKey("erectile-dysfunction", { medication: "Viagra", dosage: "50mg x 4 tablets" });
    const api = fakeApi({ [key]: livePage });
    const { catalogue, readStaticFile } = catalogueWith({ api });
    const result = await catalogue.condition("erectile-dysfunction", {
      medication: " Viagra ",
      dosage: "50mg x 4 tablets",
    });
    expect(result).toEqual({ found: true, source: "api", page: livePage });
    expect(api.calls).toEqual([key]);
    expect(readStaticFile).not.toHaveBeenCalled();
  });

  it("passes the visitor's order on", async () => {
    const key = pageKey("erectile-dysfunction", { medication: "Viagra", sort: "total" });
    const api = fakeApi({ [key]: livePage });
    const { catalogue } = catalogueWith({ api });
    await catalogue.condition("erectile-dysfunction", { medication: "Viagra", sort: "total" });
    expect(api.calls).toEqual([key]);
  });

  it("leaves an empty choice out of the query", async () => {
    const api = fakeApi({ [pageKey("erectile-dysfunction")]: livePage });
    const { catalogue } = catalogueWith({ api });
    await catalogue.condition("erectile-dysfunction", { medication: "  ", dosage: null });
    expect(api.calls).toEqual([pageKey("erectile-dysfunction")]);
  });

  it("says not found for a condition the API does not know, without falling back", async () => {
    const { catalogue, readStaticFile } = catalogueWith({
      api: fakeApi({ [pageKey("bad id")]: new ApiError("http", 400, "Invalid path parameter") }),
    });
    expect(await catalogue.condition("no-such-condition", {})).toEqual({ found: false, source: "api" });
    expect(await catalogue.condition("bad id", {})).toEqual({ found: false, source: "api" });
    expect(readStaticFile).not.toHaveBeenCalled();
  });

  it("builds the same page from the static file when the API is unavailable", async () => {
    const failure = new ApiError("http", 500, "Internal server error");
    const { catalogue } = catalogueWith({
      api: fakeApi({
        [pageKey("erectile-dysfunction")]: failure,
        [pageKey("erectile-dysfunction", { sort: "total" })]: failure,
      }),
    });
    const result = await catalogue.condition("erectile-dysfunction", {});
    expect(result).toMatchObject({ found: true, source: "static-file" });
    if (!result.found) throw new Error("expected a page");
    const { page } = result;
    expect(page.subcategory.name).toBe("Erectile Dysfunction");
    expect(page.medications.map((medication) => medication.name)).toEqual(["Tadalafil"]);
    expect(page.dosage).toBe("10mg x 4 tablets");
    // The contract's comparison: cheapest first, Best and differences marked, no messages.
    expect(
      page.comparison?.prices.map((price) => [
        price.pharmacy.name,
        price.price,
        price.isBest,
        price.difference,
      ]),
    ).toEqual([
      ["Copperwren Dispensary", 9.99, true, 0],
      ["Fernquill Pharmacy", 11.49, false, 1.5],
    ]);
    expect(page.comparison?.savings).toBe(1.5);
    expect(page.messages).toEqual([]);
    // The file carries no delivery terms: no delivery or total is made up.
    expect(page.comparison?.prices.every((price) => price.delivery === null && price.total === null)).toBe(
      true,
    );
    const byTotal = await catalogue.condition("erectile-dysfunction", { sort: "total" });
    if (!byTotal.found) throw new Error("expected a page");
    expect(byTotal.page.comparison?.sort).toBe("total");
    expect(byTotal.page.comparison?.prices.map((price) => price.price)).toEqual([9.99, 11.49]);

    const { catalogue: offline } = catalogueWith({ api: downApi() });
    expect(await offline.condition("no-such-condition", {})).toEqual({ found: false, source: "static-file" });
  });

  it("serves the sample data's page when the file is missing too", async () => {
    const { catalogue } = catalogueWith({ api: downApi(), readStaticFile: missingFile });
    const result = await catalogue.condition("erectile-dysfunction", { medication: "tadalafil" });
    expect(result.source).toBe("sample-data");
    if (!result.found) throw new Error("expected a page");
    expect(result.page.medications.map((medication) => medication.name)).toEqual(["Sildenafil", "Tadalafil"]);
    expect(result.page.medicationId).toBe("tadalafil");
    const prices = result.page.comparison?.prices ?? [];
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) {
      expect(price.price).toBeGreaterThanOrEqual(12.99);
      expect(price.price).toBeLessThanOrEqual(42.5);
      expect(price.lastUpdated).toBe(SAMPLE_LAST_UPDATED);
    }
  });
});
