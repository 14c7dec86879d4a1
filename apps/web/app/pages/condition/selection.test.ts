import { describe, expect, it } from "vitest";
import { comparisonSearch, readSort } from "./selection.ts";

describe("comparisonSearch", () => {
  const viagra = { name: "Viagra", dosage: ["25mg x 4 tablets", "50mg x 4 tablets"] };

  it("holds the medication and dosage", () => {
    expect(comparisonSearch(viagra, "50mg x 4 tablets")).toBe("?medication=Viagra&dosage=50mg+x+4+tablets");
  });

  it("selects the medication's first dosage when the dosage is not one of its own", () => {
    expect(comparisonSearch(viagra)).toBe("?medication=Viagra&dosage=25mg+x+4+tablets");
    expect(comparisonSearch(viagra, "10mg x 4 tablets")).toBe("?medication=Viagra&dosage=25mg+x+4+tablets");
  });

  it("leaves the dosage out when the medication has none", () => {
    expect(comparisonSearch({ name: "Eroxon Gel", dosage: [] })).toBe("?medication=Eroxon+Gel");
  });
});

describe("comparisonSearch and the order", () => {
  const viagra = { name: "Viagra", dosage: ["25mg x 4 tablets", "50mg x 4 tablets"] };

  it("keeps ?sort=total and leaves the default order out of the address", () => {
    expect(comparisonSearch(viagra, "50mg x 4 tablets", "total")).toBe(
      "?medication=Viagra&dosage=50mg+x+4+tablets&sort=total",
    );
    expect(comparisonSearch(viagra, "50mg x 4 tablets", "price")).toBe(
      "?medication=Viagra&dosage=50mg+x+4+tablets",
    );
  });
});

describe("readSort", () => {
  it("reads the known orders and takes anything else as by price", () => {
    expect(readSort("total")).toBe("total");
    expect(readSort("price")).toBe("price");
    for (const other of [null, undefined, "", "TOTAL", "cheapest"]) expect(readSort(other)).toBe("price");
  });
});
