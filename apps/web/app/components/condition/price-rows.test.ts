import {
  buildComparison,
  type ComparisonPrice,
  type Medication,
  type Price,
  type PublicAdminMessage,
} from "@pharmacompare/contract";
import { describe, expect, it } from "vitest";
import {
  buildPriceRows,
  checkedAgo,
  checkedWords,
  comparePartner,
  deliveryText,
  generalMessages,
  halfStars,
  messagesByPharmacy,
  orderWords,
  pharmacyHref,
  showsTotals,
  tablePrice,
  totalNote,
} from "./price-rows.ts";

const viagra: Medication = {
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

function price(pharmacyId: string, amount: number, extra: Partial<Price> = {}): Price {
  return {
    _id: `viagra/${pharmacyId}`,
    medicationId: "viagra",
    pharmacyId,
    pharmacy: {
      id: pharmacyId,
      name: pharmacyId.replace(/-/g, " "),
      website: `https://${pharmacyId}.example`,
      rating: 4,
      deliveryTime: "1-3 days",
      prescriptionRequired: true,
    },
    dosage: "50mg x 4 tablets",
    price: amount,
    quantity: 1,
    inStock: true,
    link: null,
    lastUpdated: "2025-09-01T09:00:00.000Z",
    ...extra,
  };
}

/** The comparison's prices as the page's loader sends them for live (API) prices. */
const live = (prices: readonly ComparisonPrice[]) => prices.map((entry) => tablePrice(entry, true));

function message(id: string, pharmacyId: string | null, priority: number) {
  return {
    _id: id,
    medicationId: "viagra",
    medicationName: "Viagra",
    pharmacyId,
    pharmacyName: pharmacyId,
    category: "promo",
    title: `Message ${id}`,
    message: "Text",
    startDate: "2025-08-01T00:00:00Z",
    endDate: null,
    priority,
  } satisfies PublicAdminMessage;
}

describe("buildPriceRows", () => {
  it("keeps the comparison's order, Best and differences", () => {
    const comparison = buildComparison(viagra, "50mg x 4 tablets", [price("b", 31.5), price("a", 29.99)]);
    const rows = buildPriceRows(live(comparison.prices), []);
    expect(rows.map((row) => [row.price.pharmacy.id, row.isBest, row.difference])).toEqual([
      ["a", true, 0],
      ["b", false, 1.51],
    ]);
    expect(rows[0]?.price).not.toHaveProperty("isBest");
  });

  it("keeps the comparison's order by total, with each row's delivery, total and minimum order", () => {
    const withTerms = (id: string, amount: number, fee: number, minOrderValue = 0) => {
      const base = price(id, amount);
      return {
        ...base,
        pharmacy: { ...base.pharmacy, deliveryFee: fee, freeDeliveryThreshold: 40, minOrderValue },
      };
    };
    const comparison = buildComparison(
      viagra,
      "50mg x 4 tablets",
      [withTerms("a", 29.99, 4.99), withTerms("b", 31.5, 0), withTerms("c", 9, 2, 20)],
      "total",
    );
    const rows = buildPriceRows(live(comparison.prices), []);
    expect(rows.map((row) => [row.price.pharmacy.id, row.delivery, row.total, row.minimumOrder])).toEqual([
      ["b", 0, 31.5, null],
      ["a", 4.99, 34.98, null],
      ["c", 2, null, 20],
    ]);
    expect(rows[0]?.price).not.toHaveProperty("total");
    expect(showsTotals(rows)).toBe(true);
    // The saved file's rows know no terms: the table shows no totals then.
    expect(
      showsTotals(
        buildPriceRows(live(buildComparison(viagra, "50mg x 4 tablets", [price("a", 1)]).prices), []),
      ),
    ).toBe(false);
  });

  it("puts only the highest-priority pharmacy message in that pharmacy's row", () => {
    const comparison = buildComparison(viagra, "50mg x 4 tablets", [price("a", 10), price("b", 11)]);
    const rows = buildPriceRows(live(comparison.prices), [
      message("low", "a", 2),
      message("high", "a", 7),
      message("general", null, 9),
    ]);
    expect(rows[0]?.message?._id).toBe("high");
    expect(rows[1]?.message).toBeUndefined();
  });
});

describe("tablePrice (issue 47)", () => {
  const [row] = buildComparison(viagra, "50mg x 4 tablets", [
    price("a", 10, {
      link: "https://a.example/viagra",
      lastUpdated: "2025-09-01T09:00:00.000Z",
      lastConfirmed: "2025-09-20T09:00:00.000Z",
      mayBeOutOfDate: true,
    }),
  ]).prices as [ComparisonPrice];

  it("keeps what the rows read: the checked date, the stale flag, no product address for a live price", () => {
    const sent = tablePrice(row, true);
    expect(sent.checked).toBe("2025-09-20T09:00:00.000Z");
    expect(sent.mayBeOutOfDate).toBe(true);
    expect(sent).not.toHaveProperty("link");
    expect(sent).not.toHaveProperty("noLink");
    for (const key of ["medicationId", "pharmacyId", "dosage", "lastUpdated", "lastConfirmed", "quantity"]) {
      expect(sent).not.toHaveProperty(key);
    }
    expect(Object.keys(sent.pharmacy)).not.toContain("website");
    // Equal to the price without a view, and no minimum order: left out, and the rows read the same.
    expect(sent).not.toHaveProperty("viewPrice");
    expect(sent).not.toHaveProperty("minimumOrder");
    const [drawn] = buildPriceRows([sent], []);
    expect([drawn?.viewPrice, drawn?.minimumOrder]).toEqual([10, null]);
  });

  it("keeps the saved file's direct address, and says when there is none", () => {
    expect(tablePrice(row, false).link).toBe("https://a.example/viagra");
    const unsafe = { ...row, link: "javascript:alert(1)", pharmacy: { ...row.pharmacy, website: "#" } };
    expect(tablePrice(unsafe, true).noLink).toBe(true);
    expect(tablePrice(unsafe, false)).not.toHaveProperty("link");
  });

  it("leaves out the stale flag and the introductory price when they say nothing", () => {
    const fresh = tablePrice(
      { ...row, mayBeOutOfDate: false, introductoryPrice: null, introductoryTerms: null },
      true,
    );
    expect(fresh).not.toHaveProperty("mayBeOutOfDate");
    expect(fresh).not.toHaveProperty("introductoryPrice");
  });
});

describe("admin messages", () => {
  // The API sends equal priorities newest first; the page keeps that order for ties.
  it("keeps messages without a pharmacy as banners, highest priority first, ties in the API's order", () => {
    const banners = generalMessages([
      message("new", null, 5),
      message("row", "a", 10),
      message("old", null, 5),
      message("top", null, 8),
    ]);
    expect(banners.map((banner) => banner._id)).toEqual(["top", "new", "old"]);
  });

  it("gives a pharmacy its highest-priority message, the API's first (newest) on a tie", () => {
    const chosen = messagesByPharmacy([
      message("new", "a", 3),
      message("old", "a", 3),
      message("low", "b", 1),
      message("high", "b", 4),
    ]);
    expect(chosen.get("a")?._id).toBe("new");
    expect(chosen.get("b")?._id).toBe("high");
  });
});

describe("halfStars", () => {
  it("rounds to the nearest half within 0 to 5", () => {
    expect([4.7, 4.2, 4.25, 3.9, 0, 5.4, -1, Number.NaN].map(halfStars)).toEqual([
      4.5, 4, 4.5, 4, 0, 5, 0, 0,
    ]);
  });
});

describe("pharmacyHref", () => {
  it("prefers the price's own link, then the pharmacy's website, and only http(s) addresses", () => {
    expect(pharmacyHref(price("a", 1, { link: "https://a.example/viagra" }))).toBe(
      "https://a.example/viagra",
    );
    expect(pharmacyHref(price("a", 1))).toBe("https://a.example");
    const unsafe = price("a", 1, { link: "javascript:alert(1)" });
    expect(pharmacyHref({ ...unsafe, pharmacy: { ...unsafe.pharmacy, website: "#" } })).toBeUndefined();
  });
});

describe("checkedWords", () => {
  it("names the oldest and the newest confirmation when they differ: an 8-day-old row is not checked today", () => {
    expect(
      checkedWords([{ checked: "2025-09-20T09:00:00.000Z" }, { checked: "2025-09-12T09:00:00.000Z" }]),
    ).toBe("prices checked between 12 September 2025 and 20 September 2025");
  });
  it("names one day when every price was confirmed that day, and nothing for no prices", () => {
    expect(
      checkedWords([{ checked: "2025-09-20T08:00:00.000Z" }, { checked: "2025-09-20T17:00:00.000Z" }]),
    ).toBe("prices checked 20 September 2025");
    expect(checkedWords([])).toBeUndefined();
  });
});

describe("checkedAgo", () => {
  const now = new Date("2025-09-10T12:00:00.000Z");
  it("says how many whole days ago a price was checked", () => {
    expect(checkedAgo("2025-09-10T08:00:00.000Z", now)).toBe("checked today");
    expect(checkedAgo("2025-09-09T11:00:00.000Z", now)).toBe("checked yesterday");
    expect(checkedAgo("2025-09-01T12:00:00.000Z", now)).toBe("checked 9 days ago");
    // A clock a little behind the server's never says "in the future".
    expect(checkedAgo("2025-09-10T12:05:00.000Z", now)).toBe("checked today");
  });
});

describe("comparePartner (decision 042)", () => {
  it("pairs a row with the Best pharmacy, and the Best row with the next cheapest", () => {
    const rows = buildPriceRows(
      live(
        buildComparison(viagra, "50mg x 4 tablets", [price("a", 10), price("b", 12), price("c", 11)]).prices,
      ),
      [],
    );
    const partnerOf = (id: string) =>
      comparePartner(rows, rows.find((row) => row.price.pharmacy.id === id) as (typeof rows)[number])?.price
        .pharmacy.id;
    expect([partnerOf("b"), partnerOf("c"), partnerOf("a")]).toEqual(["a", "a", "c"]);
    expect(comparePartner(rows.slice(0, 1), rows[0] as (typeof rows)[number])).toBeUndefined();
  });
});

describe("delivery wording", () => {
  it("names every fee with its amount, and says when delivery is free", () => {
    expect(deliveryText(2.95)).toBe("£2.95 delivery");
    expect(deliveryText(0)).toBe("Free delivery");
    expect(totalNote({ delivery: 2.95, consultation: 0, minimumOrder: null })).toBe("incl. £2.95 delivery");
    expect(totalNote({ delivery: 0, consultation: 0, minimumOrder: null })).toBe("Free delivery");
  });

  it("names the consultation fee beside the delivery a total holds (decision 042)", () => {
    expect(totalNote({ delivery: 2.49, consultation: 15, minimumOrder: null })).toBe(
      "incl. £2.49 delivery and £15.00 consultation",
    );
    expect(totalNote({ delivery: 0, consultation: 4.99, minimumOrder: null })).toBe(
      "Free delivery, incl. £4.99 consultation",
    );
  });

  it("explains a pack below the minimum order, and says nothing without terms", () => {
    expect(totalNote({ delivery: 2.49, consultation: 0, minimumOrder: 20 })).toBe("Pack alone is below it");
    expect(totalNote({ delivery: null, consultation: null, minimumOrder: null })).toBeUndefined();
  });

  it("words the order", () => {
    expect(orderWords("price")).toBe("cheapest first");
    expect(orderWords("total")).toBe("lowest total with fees first");
  });
});
