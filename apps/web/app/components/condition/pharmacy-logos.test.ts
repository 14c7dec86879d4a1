import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { findPharmacyLogo, pharmacyLogos } from "./pharmacy-logos.ts";

const logos = {
  "kestrel lane pharmacy": "/kestrel.svg",
  "kestrel lane": "/kestrel-short.svg",
  fernquill: "/fernquill.svg",
  "fernquill pharmacy express": "/fernquill-express.svg",
  "copperwren dispensary": "/copperwren.svg",
};

describe("findPharmacyLogo", () => {
  it("uses the exact lowercase name first", () => {
    expect(findPharmacyLogo("Kestrel Lane Pharmacy", logos)).toBe("/kestrel.svg");
    expect(findPharmacyLogo("  KESTREL   LANE  ", logos)).toBe("/kestrel-short.svg");
  });

  it("falls back to a partial match, most specific entry first", () => {
    expect(findPharmacyLogo("Copperwren", logos)).toBe("/copperwren.svg");
    expect(findPharmacyLogo("Fernquill Pharmacy Express", logos)).toBe("/fernquill-express.svg");
    expect(findPharmacyLogo("Quill", logos)).toBe("/fernquill.svg");
    expect(findPharmacyLogo("Copperwren Dispensary Ltd", logos)).toBe("/copperwren.svg");
    expect(findPharmacyLogo("Fernquill Pharmacy", logos)).toBe("/fernquill.svg");
    expect(findPharmacyLogo("Fernquill Pharmacy Express Online", logos)).toBe("/fernquill-express.svg");
  });

  it("does not match on generic words alone", () => {
    expect(findPharmacyLogo("Online Pharmacy", logos)).toBeUndefined();
    expect(findPharmacyLogo("Health Chemist UK", logos)).toBeUndefined();
    expect(findPharmacyLogo("Pharmacy", logos)).toBeUndefined();
  });

  it("gives no logo for an unknown or empty name, so the default icon is drawn", () => {
    expect(findPharmacyLogo("Marigold Steps Chemist", logos)).toBeUndefined();
    expect(findPharmacyLogo("", logos)).toBeUndefined();
  });

  it("does not treat object properties as logos", () => {
    expect(findPharmacyLogo("constructor", logos)).toBeUndefined();
  });

  it("points every shipped entry at an existing file under public/", () => {
    for (const src of Object.values(pharmacyLogos)) {
      const file = fileURLToPath(new URL(`../../../public${src}`, import.meta.url));
      expect(existsSync(file), src).toBe(true);
    }
    expect(findPharmacyLogo("Kestrel Lane Pharmacy")).toBe("/pharmacy-logos/kestrel-lane-pharmacy.svg");
  });
});
