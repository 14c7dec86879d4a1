import { describe, expect, it } from "vitest";
import { type EndpointDefinition, endpointUrl, successStatus } from "./endpoint.ts";
import { allEndpoints, publicEndpoints } from "./endpoints/index.ts";
import { pathSegment } from "./path-segment.ts";
import { MedicationListQuery } from "./public-api.ts";
import { boundedInt, pageInfo, pageQuery } from "./query.ts";

/** Matches a path against a route pattern the way the router does: one segment per `:param`. */
function matches(pattern: string, path: string): boolean {
  const [pathname] = path.split("?");
  const regex = new RegExp(`^${pattern.replace(/:\w+/g, "[^/]+")}$`);
  return regex.test(pathname ?? "");
}

const parameterNames = (endpoint: EndpointDefinition) =>
  [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1] ?? "");

const withParams = (endpoint: EndpointDefinition, value: string) =>
  Object.fromEntries(parameterNames(endpoint).map((name) => [name, value]));

describe("the endpoint registry", () => {
  it("has one definition per method and path", () => {
    const keys = allEndpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(allEndpoints.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    "%s declares its path parameters and exactly one success answer",
    (_name, endpoint) => {
      expect(Object.keys(endpoint.params?.shape ?? {}).sort()).toEqual(parameterNames(endpoint).sort());
      const successes = Object.keys(endpoint.responses).filter((status) => /^[23]/.test(status));
      expect(successes).toEqual([String(successStatus(endpoint))]);
    },
  );

  it("documents a 404 wherever a path names something that may not exist", () => {
    const withParameters = allEndpoints.filter(
      (endpoint) => endpoint.method === "GET" && parameterNames(endpoint).length > 0,
    );
    for (const endpoint of withParameters) {
      if (endpoint === publicEndpoints.searchMedications) continue;
      expect(endpoint.responses[404], `${endpoint.path}`).toBeDefined();
    }
  });
});

describe("endpointUrl", () => {
  const awkward = "a b/c?d%e";

  it.each(allEndpoints.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    "%s: the built path matches its own pattern, values encoded",
    (_name, endpoint) => {
      expect(matches(endpoint.path, endpointUrl(endpoint, { params: withParams(endpoint, awkward) }))).toBe(
        true,
      );
    },
  );

  it("puts query values in the query string, leaving out absent and empty ones", () => {
    expect(endpointUrl(publicEndpoints.listMedications)).toBe("/api/medications");
    expect(
      endpointUrl(publicEndpoints.listMedications, {
        query: { subcategory: "acne", offset: 0, limit: undefined, category: "" },
      }),
    ).toBe("/api/medications?subcategory=acne&offset=0");
    expect(
      endpointUrl(publicEndpoints.compareMedication, {
        params: { id: "viagra" },
        query: { dosage: "50mg x 4 tablets" },
      }),
    ).toBe("/api/medications/viagra/comparison?dosage=50mg+x+4+tablets");
  });

  it("refuses to build a path with a parameter missing", () => {
    expect(() => endpointUrl(publicEndpoints.getMedication, { params: {} })).toThrow(/"id" is missing/);
  });
});

describe("path segments of dots", () => {
  const resolved = (path: string) => new URL(path, "http://x").pathname;

  it.each([".", ".."])("keep every endpoint on its own route for %j", (dots) => {
    for (const endpoint of allEndpoints) {
      if (parameterNames(endpoint).length === 0) continue;
      const path = endpointUrl(endpoint, { params: withParams(endpoint, dots) });
      expect(matches(endpoint.path, resolved(path)), `${endpoint.path}: ${path}`).toBe(true);
    }
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

describe("boundedInt and pageQuery", () => {
  it("read query-string numbers, apply defaults and name the allowed range", () => {
    expect(boundedInt(1, 10, 5).parse(undefined)).toBe(5);
    expect(boundedInt(1, 10, 5).parse("7")).toBe(7);
    const refused = boundedInt(1, 10, 5).safeParse("11");
    expect(refused.error?.issues[0]?.message).toBe("must be a whole number from 1 to 10");
    expect(pageQuery({ default: 10, max: 50 }).parse({})).toEqual({ page: 1, limit: 10 });
    expect(pageQuery({ default: 10, max: 50 }).safeParse({ page: "0" }).success).toBe(false);
    expect(pageQuery({ default: 10, max: 50 }).safeParse({ limit: "51" }).success).toBe(false);
  });

  it("pageInfo counts at least one page", () => {
    expect(pageInfo(1, 10, 0)).toEqual({ page: 1, limit: 10, total: 0, totalPages: 1 });
    expect(pageInfo(2, 10, 21)).toEqual({ page: 2, limit: 10, total: 21, totalPages: 3 });
  });
});
