import { fromPence, toPence } from "@pharmacompare/contract";
import { demoAdminMessages } from "./admin-messages.ts";
import type { DemoMedication, DemoPharmacy, DemoPrice } from "./types.ts";

/**
 * Deterministic demo prices. Nothing here uses Math.random: a small seeded generator
 * (mulberry32) makes every run produce exactly the same rows for the same input.
 */

const PRICE_SEED = 0x5eed_2025;

const MIN_SELLERS = 5;
const MAX_SELLERS = 15;
/** Share of price rows marked out of stock, roughly. */
const OUT_OF_STOCK_RATE = 0.08;

/** mulberry32: a tiny, fast 32-bit seeded PRNG returning numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function round2(value: number): number {
  return fromPence(toPence(value));
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Shop-style price ending: to the nearest 10p, less 1p (31.37 becomes 31.39). */
export function shopPrice(value: number): number {
  const priced = round2(Math.round(value * 10) / 10 - 0.01);
  return priced > 0 ? priced : Math.max(0.01, round2(value));
}

/**
 * Pharmacies that must sell a medication: the pharmacy of every pharmacy-specific admin
 * message, so that such a message always sits next to a price from that pharmacy.
 */
function pinnedSellers(): Map<string, string[]> {
  const pinned = new Map<string, string[]>();
  for (const message of demoAdminMessages) {
    if (message.pharmacyId === null) continue;
    const list = pinned.get(message.medicationId) ?? [];
    if (!list.includes(message.pharmacyId)) list.push(message.pharmacyId);
    pinned.set(message.medicationId, list);
  }
  return pinned;
}

/**
 * Prices for every dosage of every medication at between 5 and 15 pharmacies (fewer only if
 * fewer pharmacies exist). One pharmacy set per medication; each pharmacy has a steady price
 * level (some are cheaper than others) plus per-row noise, giving prices of about 0.8 to 1.3
 * times the medication's typical price.
 */
export function buildDemoPrices(medications: DemoMedication[], pharmacies: DemoPharmacy[]): DemoPrice[] {
  const rand = mulberry32(PRICE_SEED);
  const pharmacyIndex = new Map(pharmacies.map((pharmacy, index) => [pharmacy.id, index]));
  // A steady price level per pharmacy, between -8% and +8%.
  const level = pharmacies.map(() => (rand() - 0.5) * 0.16);
  const pinned = pinnedSellers();
  const maxSellers = Math.min(MAX_SELLERS, pharmacies.length);
  const minSellers = Math.min(MIN_SELLERS, maxSellers);
  const rows: DemoPrice[] = [];

  for (const medication of medications) {
    const count = minSellers + Math.floor(rand() * (maxSellers - minSellers + 1));
    const order = pharmacies.map((_, index) => index);
    let chosen = 0;
    for (const pharmacyId of pinned.get(medication.id) ?? []) {
      const index = pharmacyIndex.get(pharmacyId);
      if (index === undefined || chosen >= maxSellers) continue;
      const position = order.indexOf(index, chosen);
      if (position < 0) continue;
      [order[chosen], order[position]] = [index, order[chosen] as number];
      chosen += 1;
    }
    // Partial Fisher-Yates shuffle for the remaining sellers.
    for (; chosen < count; chosen += 1) {
      const pick = chosen + Math.floor(rand() * (order.length - chosen));
      [order[chosen], order[pick]] = [order[pick] as number, order[chosen] as number];
    }
    const sellers = order.slice(0, Math.max(count, chosen)).sort((a, b) => a - b);

    medication.dosage.forEach((dosage, dosageIndex) => {
      const typical = medication.typicalPrice[dosageIndex];
      if (typical === undefined || !(typical > 0)) return;
      for (const index of sellers) {
        const pharmacy = pharmacies[index] as DemoPharmacy;
        const factor = clamp(0.98 + (level[index] ?? 0) + (rand() - 0.5) * 0.3, 0.8, 1.3);
        rows.push({
          medicationId: medication.id,
          pharmacyId: pharmacy.id,
          dosage,
          price: shopPrice(typical * factor),
          quantity: 1,
          inStock: rand() >= OUT_OF_STOCK_RATE,
          link: `${pharmacy.website}/products/${medication.id}`,
        });
      }
    });
  }
  return rows;
}
