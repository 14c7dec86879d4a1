import { and, asc, eq, inArray, notInArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { medications, pharmacyFeeds, prices } from "../../db/schema.ts";
import {
  buildDemoPrices,
  clamp,
  DEMO_FAILING_FEED,
  demoMedications,
  demoPharmacies,
  isDesignatedStale,
  mulberry32,
  shopPrice,
} from "../../demo-data/index.ts";
import type { ScheduledJob } from "../../jobs/scheduler.ts";
import type { PriceChange, PriceService } from "./price-service.ts";

/**
 * The daily demo job (issue 41, decision 053): a demo left running stays alive the way the real
 * site does. Each morning it says most demo pharmacies' prices again, as their feeds would, through
 * the one price-write path a feed run uses (`prices.write`, source "feed"): most rows only
 * confirmed, about one in ten moved by up to 3 %, each move a history row and an alert check. It
 * fetches nothing. It leaves alone the designated stale and hidden rows (demo-data/demo-life.ts),
 * every pharmacy with a configured feed (the failing one included: only its feed speaks for it),
 * and anything outside the demo catalogue. Registered only with SEED_DEMO (modules/index.ts).
 */
export const DEMO_PRICES_JOB = "demoPrices";
export const DEMO_PRICES_SCHEDULE = "daily 06:10 Europe/London";

/** Share of rows whose price moves on a given day. */
const MOVE_SHARE = 0.1;
/** The largest move, either way. */
const MOVE_MAX = 0.03;
/** However many days it runs, a price stays this close to the demo's own price for the row. */
const DRIFT_MAX = 0.15;

/** A 32-bit seed from text (FNV-1a): each row's moves depend only on the day and the row. */
function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The price a row says on `day`: usually what it says now, sometimes a small move. */
export function demoDayPrice(day: string, key: string, current: number, base: number | undefined): number {
  const rand = mulberry32(seedOf(`${day}|${key}`));
  if (rand() >= MOVE_SHARE) return current;
  const moved = shopPrice(current * (1 + (rand() * 2 - 1) * MOVE_MAX));
  if (base === undefined) return moved;
  return clamp(moved, shopPrice(base * (1 - DRIFT_MAX)), shopPrice(base * (1 + DRIFT_MAX)));
}

export function demoPricesJob(db: Database, deps: { prices: PriceService; now: () => Date }): ScheduledJob {
  const base = new Map(
    buildDemoPrices(demoMedications, demoPharmacies).map((row) => [
      JSON.stringify([row.medicationId, row.pharmacyId, row.dosage]),
      row.price,
    ]),
  );
  return {
    name: DEMO_PRICES_JOB,
    schedule: DEMO_PRICES_SCHEDULE,
    async run(context) {
      const at = deps.now();
      const day = at.toISOString().slice(0, 10);
      const withFeed = (await db.select({ id: pharmacyFeeds.pharmacyId }).from(pharmacyFeeds)).map(
        (row) => row.id,
      );
      // The failing feed's pharmacy is named too, in case staff removed its feed in the demo.
      const skipped = [...withFeed, DEMO_FAILING_FEED.pharmacyId];
      const rows = await db
        .select({
          medicationId: prices.medicationId,
          pharmacyId: prices.pharmacyId,
          dosage: prices.dosage,
          price: prices.price,
          introductoryPrice: prices.introductoryPrice,
          conditionId: medications.subcategoryId,
        })
        .from(prices)
        .innerJoin(medications, eq(medications.id, prices.medicationId))
        .where(
          and(
            inArray(
              prices.pharmacyId,
              demoPharmacies.map((pharmacy) => pharmacy.id),
            ),
            notInArray(prices.pharmacyId, skipped),
            inArray(
              prices.medicationId,
              demoMedications.map((medication) => medication.id),
            ),
          ),
        )
        .orderBy(asc(prices.pharmacyId), asc(prices.medicationId), asc(prices.dosage));
      const byPharmacy = new Map<string, PriceChange[]>();
      let left = 0;
      for (const row of rows) {
        if (isDesignatedStale(row.pharmacyId, row.conditionId)) {
          left += 1;
          continue;
        }
        const key = JSON.stringify([row.medicationId, row.pharmacyId, row.dosage]);
        const list = byPharmacy.get(row.pharmacyId) ?? [];
        const moved = demoDayPrice(day, key, row.price, base.get(key));
        list.push({
          medicationId: row.medicationId,
          pharmacyId: row.pharmacyId,
          dosage: row.dosage,
          // The ongoing price stays above an introductory one (decision 057): a move that would
          // reach it is not made that day.
          price: row.introductoryPrice !== null && moved <= row.introductoryPrice ? row.price : moved,
        });
        byPharmacy.set(row.pharmacyId, list);
      }
      let changed = 0;
      let confirmed = 0;
      let triggeredAlerts = 0;
      // One transaction per pharmacy, as a feed run is, renewing the lease between them.
      for (const changes of byPharmacy.values()) {
        if (!(await context.renew())) throw new Error("Another process took the run over");
        const written = await db.transaction((tx) => deps.prices.write(tx, changes, at, "feed"));
        changed += written.written;
        confirmed += written.confirmed;
        triggeredAlerts += written.triggeredAlerts.length;
      }
      return { pharmacies: byPharmacy.size, changed, confirmed, leftToAge: left, triggeredAlerts };
    },
  };
}
