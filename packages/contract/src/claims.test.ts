import { describe, expect, it } from "vitest";
import { catalogueClaims } from "./catalogue-claims.ts";
import type { CatalogueFigures } from "./claims.ts";

const recent = "2026-11-22T02:00:00.000Z";
/** Every listed price confirmed today, with the default 90% bar (decision 048). */
const fresh = { pricesListed: 200, pricesConfirmedLastDay: 200, dailyClaimShare: 0.9 };

const figures = (counts: Pick<CatalogueFigures, "pharmacies" | "medications" | "largestSavingPercent">) => ({
  ...counts,
  latestPriceUpdate: recent,
  ...fresh,
});

describe("catalogueClaims", () => {
  it("makes the specification's claims when the catalogue bears them out", () => {
    expect(catalogueClaims(figures({ pharmacies: 31, medications: 540, largestSavingPercent: 72 }))).toEqual({
      pharmacies: "30+",
      medications: "500+",
      saving: "Up to 70%",
      updates: "Daily",
      confirmedShare: null,
    });
    expect(catalogueClaims(figures({ pharmacies: 30, medications: 500, largestSavingPercent: 70 }))).toEqual({
      pharmacies: "30+",
      medications: "500+",
      saving: "Up to 70%",
      updates: "Daily",
      confirmedShare: null,
    });
  });

  it("otherwise shows the live figure rounded down, never more", () => {
    expect(
      catalogueClaims(figures({ pharmacies: 29, medications: 63, largestSavingPercent: 68 })),
    ).toMatchObject({
      pharmacies: "20+",
      medications: "60+",
      saving: "Up to 65%",
    });
    expect(
      catalogueClaims(figures({ pharmacies: 7, medications: 260, largestSavingPercent: 8 })),
    ).toMatchObject({
      pharmacies: "7",
      medications: "250+",
      saving: "Up to 8%",
    });
    expect(
      catalogueClaims(figures({ pharmacies: 20, medications: 10, largestSavingPercent: 10 })),
    ).toMatchObject({
      pharmacies: "20",
      medications: "10",
      saving: "Up to 10%",
    });
  });

  it("claims nothing it cannot show", () => {
    expect(
      catalogueClaims({
        pharmacies: 0,
        medications: 0,
        largestSavingPercent: 0,
        latestPriceUpdate: null,
        pricesListed: 0,
        pricesConfirmedLastDay: 0,
        dailyClaimShare: 0.9,
      }),
    ).toEqual({ pharmacies: null, medications: null, saving: null, updates: null, confirmedShare: null });
  });

  it('claims "Daily" only while the set share of listed prices was confirmed in the last 24 hours', () => {
    const base = figures({ pharmacies: 31, medications: 540, largestSavingPercent: 72 });
    // Exactly at the bar: 180 of 200 is 90%.
    expect(catalogueClaims({ ...base, pricesConfirmedLastDay: 180 })).toMatchObject({
      updates: "Daily",
      confirmedShare: null,
    });
    // Just under it: the honest figure instead, rounded down (179 of 200 is 89.5%).
    expect(catalogueClaims({ ...base, pricesConfirmedLastDay: 179 })).toMatchObject({
      updates: null,
      confirmedShare: "89%",
    });
    expect(catalogueClaims({ ...base, pricesConfirmedLastDay: 144 })).toMatchObject({
      updates: null,
      confirmedShare: "72%",
    });
    // The bar is the API's setting (PRICE_DAILY_CLAIM_SHARE).
    expect(catalogueClaims({ ...base, pricesConfirmedLastDay: 144, dailyClaimShare: 0.7 })).toMatchObject({
      updates: "Daily",
    });
    // None confirmed today: 0% said plainly, never "Daily".
    expect(catalogueClaims({ ...base, pricesConfirmedLastDay: 0 })).toMatchObject({
      updates: null,
      confirmedShare: "0%",
    });
  });
});
