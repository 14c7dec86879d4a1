import { describe, expect, it } from "vitest";
import { cqcRegisterUrl, gphcRegisterUrl } from "./regulator-links.ts";

describe("register links", () => {
  it("point at the GPhC register entry for a premises number", () => {
    expect(gphcRegisterUrl("1904721")).toBe(
      "https://www.pharmacyregulation.org/registers/pharmacy/registrationnumber/1904721",
    );
  });

  it("point at the CQC page for a location id", () => {
    expect(cqcRegisterUrl("1-9990001471")).toBe("https://www.cqc.org.uk/location/1-9990001471");
  });

  it("keep whatever they are given inside one path segment", () => {
    expect(gphcRegisterUrl("1/../x")).toBe(
      "https://www.pharmacyregulation.org/registers/pharmacy/registrationnumber/1%2F..%2Fx",
    );
  });
});
