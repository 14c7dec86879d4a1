import type { PharmacyCourseCost } from "@pharmacompare/contract";
import { describe, expect, it } from "vitest";
import { courseParts, mixSentence, noTotalReason, orderLines } from "./course-words.ts";

const row = (extra: Partial<PharmacyCourseCost>): PharmacyCourseCost => ({
  pharmacyId: "p",
  pharmacy: {
    id: "p",
    name: "P",
    website: "https://p.example",
    rating: 4,
    deliveryTime: "",
    prescriptionRequired: true,
  },
  packs: 719.96,
  delivery: 15.96,
  consultation: 15,
  total: 750.92,
  gaps: [],
  minimumOrder: null,
  isCheapest: false,
  ...extra,
});

describe("course words (decision 042)", () => {
  it("names every part of a course total", () => {
    expect(courseParts(row({}), 4)).toBe(
      "£719.96 packs, £15.96 delivery on 4 orders and £15.00 consultation",
    );
    expect(courseParts(row({ delivery: 0, consultation: 0 }), 1)).toBe(
      "£719.96 packs, free delivery on 1 order and no consultation fee",
    );
    expect(courseParts(row({ total: null }), 4)).toBeNull();
  });

  it("says why a pharmacy has no total instead of inventing one", () => {
    expect(
      noTotalReason(
        row({
          total: null,
          gaps: [
            { dosage: "5mg", reason: "out-of-stock" },
            { dosage: "7.5mg", reason: "not-sold" },
          ],
        }),
      ),
    ).toBe("5mg out of stock; Does not stock 7.5mg");
    expect(noTotalReason(row({ total: null, minimumOrder: 120 }))).toBe(
      "An order is below its £120.00 minimum",
    );
  });

  it("counts the weeks of each order from week 1", () => {
    expect(
      orderLines([
        { dosage: "2.5mg", packs: 1, weeks: 4 },
        { dosage: "5mg", packs: 2, weeks: 8 },
        { dosage: "5mg", packs: 1, weeks: 1 },
      ]),
    ).toEqual(["Weeks 1–4: 1 pack of 2.5mg", "Weeks 5–12: 2 packs of 5mg", "Week 13: 1 pack of 5mg"]);
  });

  it("words the mix, or says staying with one pharmacy is cheapest", () => {
    const mix = { total: 410, switches: 1, orders: [] };
    expect(mixSentence(mix, 420)).toBe(
      "Cheapest mix across pharmacies: £410.00, buying each order where it costs least, with 1 switch and a new consultation at each.",
    );
    expect(mixSentence({ ...mix, switches: 0, total: 420 }, 420)).toMatch(/already the cheapest way/);
  });
});
