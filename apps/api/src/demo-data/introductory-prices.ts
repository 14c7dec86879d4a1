import { toPence } from "@pharmacompare/contract";
import { shopPrice } from "./prices.ts";
import type { DemoPrice } from "./types.ts";

/**
 * The demo's introductory prices (issue 44, decision 057), kept apart from the price generator so
 * the demo shows them without moving any other row: Mounjaro's starting dose at three pharmacies
 * charges about 60 % of its price for the first month, and Wegovy's starting dose at one pharmacy
 * a lower first order. The introductory price sits well under the lowest ongoing price the daily
 * demo job can reach (85 % of the row's price, demo-prices-job.ts), so the database's "below the
 * ongoing price" CHECK always holds.
 */
const DEMO_INTRODUCTORY_PRICES: readonly {
  medicationId: string;
  dosage: string;
  /** How many of its sellers, in pharmacy order, charge one. */
  sellers: number;
  /** The introductory price as a share of the row's price. */
  share: number;
  terms: "first-month" | "first-order";
}[] = [
  {
    medicationId: "mounjaro",
    dosage: "2.5mg (1 pen, 4 doses)",
    sellers: 3,
    share: 0.6,
    terms: "first-month",
  },
  {
    medicationId: "wegovy",
    dosage: "0.25mg (1 pen, 4 doses)",
    sellers: 1,
    share: 0.75,
    terms: "first-order",
  },
];

/** The demo's prices with their introductory prices set (rows are copied, never changed in place). */
export function withDemoIntroductoryPrices(rows: readonly DemoPrice[]): DemoPrice[] {
  const given = new Map<string, number>();
  return rows.map((row) => {
    const rule = DEMO_INTRODUCTORY_PRICES.find(
      (entry) => entry.medicationId === row.medicationId && entry.dosage === row.dosage,
    );
    if (!rule || !row.inStock) return row;
    const key = `${rule.medicationId}|${rule.dosage}`;
    const count = given.get(key) ?? 0;
    if (count >= rule.sellers) return row;
    const introductoryPrice = shopPrice(row.price * rule.share);
    if (!(toPence(introductoryPrice) > 0 && toPence(introductoryPrice) < toPence(row.price))) return row;
    given.set(key, count + 1);
    return { ...row, introductoryPrice, introductoryTerms: rule.terms };
  });
}
