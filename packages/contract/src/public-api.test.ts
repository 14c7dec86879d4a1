import { describe, expect, it } from "vitest";
import { blogApiPaths, blogApiRoutes } from "./blog-api.ts";
import { pathSegment } from "./path-segment.ts";
import { MedicationListQuery, publicApiPaths, publicApiRoutes } from "./public-api.ts";

/** Matches a path against a route pattern the way the router does: one segment per `:param`. */
function matches(pattern: string, path: string): boolean {
  const [pathname] = path.split("?");
  const regex = new RegExp(`^${pattern.replace(/:\w+/g, "[^/]+")}$`);
  return regex.test(pathname ?? "");
}

describe("publicApiPaths", () => {
  const awkward = "a b/c?d%e";
  const built: Record<keyof typeof publicApiPaths, string> = {
    categories: publicApiPaths.categories(),
    category: publicApiPaths.category(awkward),
    subcategory: publicApiPaths.subcategory(awkward, awkward),
    medications: publicApiPaths.medications({ category: awkward, limit: 5 }),
    medicationsBySubcategory: publicApiPaths.medicationsBySubcategory(awkward),
    medicationSearch: publicApiPaths.medicationSearch(awkward),
    medication: publicApiPaths.medication(awkward),
    medicationComparison: publicApiPaths.medicationComparison(awkward, awkward),
    pharmacies: publicApiPaths.pharmacies(),
    topRatedPharmacies: publicApiPaths.topRatedPharmacies({ limit: 3 }),
    pharmacy: publicApiPaths.pharmacy(awkward),
    pricesForMedication: publicApiPaths.pricesForMedication(awkward, { dosage: awkward }),
    lowestPrice: publicApiPaths.lowestPrice(awkward, awkward),
    priceMatrix: publicApiPaths.priceMatrix(awkward),
    recentPriceUpdates: publicApiPaths.recentPriceUpdates(),
    adminMessagesForMedication: publicApiPaths.adminMessagesForMedication(awkward),
  };

  it.each(Object.entries(built))("%s builds a path its route pattern matches, ids encoded", (name, path) => {
    expect(matches(publicApiRoutes[name as keyof typeof publicApiRoutes], path)).toBe(true);
  });

  it("puts query parameters in the query string, leaving out undefined ones", () => {
    expect(publicApiPaths.medications()).toBe("/api/medications");
    expect(publicApiPaths.medications({ subcategory: "acne", offset: 0, limit: undefined })).toBe(
      "/api/medications?subcategory=acne&offset=0",
    );
    expect(publicApiPaths.medicationComparison("viagra", "50mg x 4 tablets")).toBe(
      "/api/medications/viagra/comparison?dosage=50mg+x+4+tablets",
    );
  });
});

describe("path segments of dots", () => {
  const base = "http://x";
  const resolved = (path: string) => new URL(path, base).pathname;

  it('keep a search for ".." on the search endpoint', () => {
    expect(resolved(publicApiPaths.medicationSearch(".."))).toMatch(/^\/api\/medications\/search\/[^/]+$/);
    expect(resolved(publicApiPaths.medicationSearch("."))).toMatch(/^\/api\/medications\/search\/[^/]+$/);
  });

  it.each([".", ".."])("keep every helper on its own route for %j", (dots) => {
    const paths: Record<string, string> = {
      category: publicApiPaths.category(dots),
      subcategory: publicApiPaths.subcategory(dots, dots),
      medicationsBySubcategory: publicApiPaths.medicationsBySubcategory(dots),
      medicationSearch: publicApiPaths.medicationSearch(dots),
      medication: publicApiPaths.medication(dots),
      medicationComparison: publicApiPaths.medicationComparison(dots, "50mg"),
      pharmacy: publicApiPaths.pharmacy(dots),
      pricesForMedication: publicApiPaths.pricesForMedication(dots),
      lowestPrice: publicApiPaths.lowestPrice(dots, "50mg"),
      priceMatrix: publicApiPaths.priceMatrix(dots),
      adminMessagesForMedication: publicApiPaths.adminMessagesForMedication(dots),
    };
    for (const [name, path] of Object.entries(paths)) {
      const pattern = publicApiRoutes[name as keyof typeof publicApiRoutes];
      expect(matches(pattern, resolved(path)), `${name}: ${path}`).toBe(true);
    }
    expect(matches(blogApiRoutes.post, resolved(blogApiPaths.post(dots)))).toBe(true);
    expect(matches(blogApiRoutes.related, resolved(blogApiPaths.related(dots)))).toBe(true);
  });

  it("leave other values as encodeURIComponent writes them", () => {
    expect(pathSegment("...")).toBe("...");
    expect(pathSegment("a.b c")).toBe("a.b%20c");
    expect(pathSegment("..")).toBe("..%20");
  });
});

describe("MedicationListQuery", () => {
  it("coerces query-string numbers and applies the defaults", () => {
    expect(MedicationListQuery.parse({})).toEqual({ limit: 100, offset: 0 });
    expect(MedicationListQuery.parse({ limit: "1000", offset: "20" })).toEqual({ limit: 1000, offset: 20 });
  });

  it.each([{ limit: "0" }, { limit: "1001" }, { limit: "abc" }, { limit: "2.5" }, { offset: "-1" }])(
    "refuses %o",
    (query) => {
      expect(MedicationListQuery.safeParse(query).success).toBe(false);
    },
  );
});
