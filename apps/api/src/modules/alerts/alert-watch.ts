import { londonDay } from "@pharmacompare/contract";
import { and, desc, eq, gte, lt, min } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { pharmacies, priceHistory } from "../../db/schema.ts";
import { pharmacyIsPublic } from "../../domain/public-filters.ts";

/*
 * What the alert kinds other than a target look at (decision 043), read from `price_history`, which
 * the one price-write path appends to in the same transaction (decision 013). Each takes the write's
 * moment `at`: the rows it just appended carry exactly that moment.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** The window of the "lowest price in 90 days" kind. */
const LOW_WINDOW_DAYS = 90;

const onPair = (medicationId: string, dosage: string) =>
  and(eq(priceHistory.medicationId, medicationId), eq(priceHistory.dosage, dosage));

/** Whether an alert that last fired at `last` may fire again at `at`: at most once a UK day. */
export function mayFireToday(last: Date | null, at: Date): boolean {
  return last === null || londonDay(last) !== londonDay(at);
}

/**
 * The lowest in-stock price a public pharmacy had for the pair over the 90 days before `at`, the
 * write itself left out: every observation in the window, and each pharmacy's last one before it
 * (its price still stood when the window opened). Null when there is no such price.
 */
export async function lowestBefore(
  tx: Database,
  medicationId: string,
  dosage: string,
  at: Date,
): Promise<number | null> {
  const from = new Date(at.getTime() - LOW_WINDOW_DAYS * DAY_MS);
  const [inWindow] = await tx
    .select({ price: min(priceHistory.price) })
    .from(priceHistory)
    .innerJoin(pharmacies, eq(pharmacies.id, priceHistory.pharmacyId))
    .where(
      and(
        onPair(medicationId, dosage),
        eq(priceHistory.inStock, true),
        pharmacyIsPublic,
        gte(priceHistory.recordedAt, from),
        lt(priceHistory.recordedAt, at),
      ),
    );
  const standing = await tx
    .selectDistinctOn([priceHistory.pharmacyId], { price: priceHistory.price, inStock: priceHistory.inStock })
    .from(priceHistory)
    .innerJoin(pharmacies, eq(pharmacies.id, priceHistory.pharmacyId))
    .where(and(onPair(medicationId, dosage), pharmacyIsPublic, lt(priceHistory.recordedAt, from)))
    .orderBy(priceHistory.pharmacyId, desc(priceHistory.recordedAt));
  const prices = [
    ...(inWindow?.price == null ? [] : [Number(inWindow.price)]),
    ...standing.filter((row) => row.inStock).map((row) => row.price),
  ];
  return prices.length === 0 ? null : Math.min(...prices);
}

/**
 * Whether, just before `at`, the pair was recorded at some public pharmacy and in stock at none:
 * each public pharmacy's last observation before the write was out of stock.
 */
async function outOfStockEverywhereBefore(
  tx: Database,
  medicationId: string,
  dosage: string,
  at: Date,
): Promise<boolean> {
  const last = await tx
    .selectDistinctOn([priceHistory.pharmacyId], { inStock: priceHistory.inStock })
    .from(priceHistory)
    .innerJoin(pharmacies, eq(pharmacies.id, priceHistory.pharmacyId))
    .where(and(onPair(medicationId, dosage), pharmacyIsPublic, lt(priceHistory.recordedAt, at)))
    .orderBy(priceHistory.pharmacyId, desc(priceHistory.recordedAt));
  return last.length > 0 && last.every((row) => !row.inStock);
}

/**
 * The cheapest public pharmacy this write (moment `at`) put back in stock for the pair: its new
 * observation is in stock and the one before it was not; or, when the dose was out of stock at
 * every listed pharmacy, one that lists it in stock for the first time (the dose is back, issue 45,
 * decision 060). Null when the write brought none back.
 */
export async function backInStock(
  tx: Database,
  medicationId: string,
  dosage: string,
  at: Date,
): Promise<{ pharmacyName: string; price: number } | null> {
  const restocked = await tx
    .select({ pharmacyId: priceHistory.pharmacyId, name: pharmacies.name, price: priceHistory.price })
    .from(priceHistory)
    .innerJoin(pharmacies, eq(pharmacies.id, priceHistory.pharmacyId))
    .where(
      and(
        onPair(medicationId, dosage),
        eq(priceHistory.recordedAt, at),
        eq(priceHistory.inStock, true),
        pharmacyIsPublic,
      ),
    )
    .orderBy(priceHistory.price);
  let everywhereOut: boolean | undefined;
  for (const row of restocked) {
    const [previous] = await tx
      .select({ inStock: priceHistory.inStock })
      .from(priceHistory)
      .where(
        and(
          onPair(medicationId, dosage),
          eq(priceHistory.pharmacyId, row.pharmacyId),
          lt(priceHistory.recordedAt, at),
        ),
      )
      .orderBy(desc(priceHistory.recordedAt))
      .limit(1);
    if (previous && !previous.inStock) return { pharmacyName: row.name, price: row.price };
    if (!previous) {
      // A first listing brings the dose back only where nobody had it (asked once per write).
      everywhereOut ??= await outOfStockEverywhereBefore(tx, medicationId, dosage, at);
      if (everywhereOut) return { pharmacyName: row.name, price: row.price };
    }
  }
  return null;
}

/** The kinds that stay active after firing and fire again, at most once a UK day. */
export const RECURRING_KINDS = ["any-fall", "low-90-days", "back-in-stock"] as const;
export type RecurringKind = (typeof RECURRING_KINDS)[number];
