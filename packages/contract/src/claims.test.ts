import { describe, expect, it } from "vitest";
import { catalogueClaims } from "./catalogue-claims.ts";

const now = new Date("2026-11-22T12:00:00.000Z");
const recent = "2026-11-22T02:00:00.000Z";

describe("catalogueClaims", () => {
  it("makes the specification's claims when the catalogue bears them out", () => {
    expect(
      catalogueClaims(
        { pharmacies: 31, medications: 540, largestSavingPercent: 72, latestPriceUpdate: recent },
        now,
      ),
    ).toEqual({
      pharmacies: "30+",
      medications: "500+",
      saving: "Up to 70%",
      updates: "Daily",
    });
    expect(
      catalogueClaims(
        { pharmacies: 30, medications: 500, largestSavingPercent: 70, latestPriceUpdate: recent },
        now,
      ),
    ).toEqual({
      pharmacies: "30+",
      medications: "500+",
      saving: "Up to 70%",
      updates: "Daily",
    });
  });

  it("otherwise shows the live figure rounded down, never more", () => {
    expect(
      catalogueClaims(
        { pharmacies: 29, medications: 63, largestSavingPercent: 68, latestPriceUpdate: recent },
        now,
      ),
    ).toEqual({
      pharmacies: "20+",
      medications: "60+",
      saving: "Up to 65%",
      updates: "Daily",
    });
    expect(
      catalogueClaims(
        { pharmacies: 7, medications: 260, largestSavingPercent: 8, latestPriceUpdate: recent },
        now,
      ),
    ).toEqual({
      pharmacies: "7",
      medications: "250+",
      saving: "Up to 8%",
      updates: "Daily",
    });
    expect(
      catalogueClaims(
        { pharmacies: 20, medications: 10, largestSavingPercent: 10, latestPriceUpdate: recent },
        now,
      ),
    ).toEqual({
      pharmacies: "20",
      medications: "10",
      saving: "Up to 10%",
      updates: "Daily",
    });
  });

  it("claims nothing it cannot show", () => {
    expect(
      catalogueClaims(
        { pharmacies: 0, medications: 0, largestSavingPercent: 0, latestPriceUpdate: null },
        now,
      ),
    ).toEqual({ pharmacies: null, medications: null, saving: null, updates: null });
    const stale = catalogueClaims(
      {
        pharmacies: 31,
        medications: 540,
        largestSavingPercent: 72,
        latestPriceUpdate: "2026-11-21T11:59:00.000Z",
      },
      now,
    );
    expect(stale.updates).toBeNull();
  });
});
