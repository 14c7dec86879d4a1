import { addDays, londonDay } from "@pharmacompare/contract";
import { demoMedications } from "./medications.ts";
import { clamp, mulberry32, round2 } from "./prices.ts";
import type { DemoMedication, DemoPrice, DemoPriceHistoryPoint } from "./types.ts";

/**
 * The demo's past (issue 41, decision 053): what a month of running leaves behind, relative to the
 * moment of seeding and deterministic given it. Plain data and pure functions; seed/seed-demo.ts
 * writes it and the daily demo job (modules/prices/demo-prices-job.ts) keeps it alive.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

const AGE_SEED = 0x0a9e_d041;
const HISTORY_SEED = 0x0b5e_7a11;
const CLICK_SEED = 0x0c11_c0de;

/** How far back the price history goes. */
const DEMO_HISTORY_DAYS = 90;

/**
 * Rows left unconfirmed long enough to carry "Price may be out of date" (8–13 days, past the
 * default PRICE_STALE_DAYS of 7): two pharmacies, on a few conditions only, so the rest of their
 * rows stay fresh and the journeys' busiest pages (erectile dysfunction, weight loss) keep their
 * meaning. The daily demo job leaves these rows alone, so they age as a neglected price would.
 */
export const DEMO_STALE_ROWS = [
  { pharmacyId: "wrenbeck-pharmacy", conditions: ["hair-loss", "rosacea"], daysAgo: 9 },
  { pharmacyId: "pebblecroft-pharmacy", conditions: ["psoriasis", "eczema-dermatitis"], daysAgo: 12 },
] as const;

/**
 * Rows unconfirmed for longer than the default PRICE_HIDE_DAYS (14): gone from every comparison and
 * lowest-price figure (decision 048), still in the back-office. One pharmacy, two conditions.
 */
export const DEMO_HIDDEN_ROWS = [
  { pharmacyId: "starling-quay-pharmacy", conditions: ["acne", "cystitis"], daysAgo: 20 },
] as const;

/**
 * The pharmacy whose price feed has failed for two days (decision 047: three failed runs in a row,
 * each tried three times). Its address is on a reserved `.example` host, so no run can ever reach
 * it; its prices are as its last good run, three days ago, confirmed them. The daily demo job
 * never touches a pharmacy with a feed: its feed is the only thing that speaks for it.
 */
export const DEMO_FAILING_FEED = {
  pharmacyId: "lanternmoss-dispensary",
  url: "https://www.lanternmossdispensary.example/prices/feed.csv",
  format: "flat-csv",
  runsPerDay: 1,
  /** 05:40 on the UK clock. */
  startMinute: 5 * 60 + 40,
  /** Its last answers before it stopped: kept on the failed runs as a real run keeps them. */
  error: "FeedFetchError: The feed answered 503 instead of 200",
  /** Failed runs (each of JOB_MAX_ATTEMPTS tries), the latest scheduled ones. */
  failedRuns: 3,
  /** Good runs before those. */
  goodRuns: 10,
} as const;

/** Pharmacies that pay a commission: query parameters their links carry on redirect (decision 044). */
export const DEMO_REFERRAL_PARAMS: Record<string, string> = {
  "foxglove-yard-chemist": "ref=pharmacompare",
  "elderbloom-health": "utm_source=pharmacompare&utm_medium=referral",
  "tidewhistle-pharmacy": "aff=pc-1042",
  "quillbury-pharmacy": "partner=pharmacompare&campaign=compare",
};

/** Which designated rule, if any, holds a row of `pharmacyId` on a medication of `conditionId`. */
function demoRowAge(pharmacyId: string, conditionId: string): number | null {
  for (const rule of [...DEMO_STALE_ROWS, ...DEMO_HIDDEN_ROWS]) {
    if (rule.pharmacyId === pharmacyId && (rule.conditions as readonly string[]).includes(conditionId)) {
      return rule.daysAgo;
    }
  }
  return null;
}

/** The demo job leaves these rows to age: the designated stale and hidden ones. */
export const isDesignatedStale = (pharmacyId: string, conditionId: string) =>
  demoRowAge(pharmacyId, conditionId) !== null;

const demoConditionOf = new Map(demoMedications.map((medication) => [medication.id, medication.subcategory]));

/**
 * Whether a demo price row is still in the comparison after seeding: the designated hidden rows
 * are not (tests that derive what the API lists from `buildDemoPrices` leave them out).
 */
export function isListedDemoRow(row: { pharmacyId: string; medicationId: string }): boolean {
  const conditionId = demoConditionOf.get(row.medicationId) ?? "";
  return !DEMO_HIDDEN_ROWS.some(
    (rule) =>
      rule.pharmacyId === row.pharmacyId && (rule.conditions as readonly string[]).includes(conditionId),
  );
}

export interface AgedDemoPrice extends DemoPrice {
  lastUpdated: Date;
  lastConfirmed: Date;
  confirmedBy: "staff" | "feed";
}

/**
 * When each demo price was last said and last changed, and the history of its changes over 90 days:
 * most rows confirmed in the last few hours (the last feed-like pass before seeding), the
 * designated rows 9, 12 or 20 days ago, the failing feed's pharmacy at its last good run
 * (`feedConfirmedAt`). A row's price last changed between the day it was confirmed and 40 days
 * before; earlier changes come every 3 to 16 days, each a few per cent, as a history row each (a
 * price write appends one only when the price changes), staying within ±15 % of today's price.
 */
export function buildDemoPriceAges(
  rows: DemoPrice[],
  medications: DemoMedication[],
  now: Date,
  feedConfirmedAt: Date,
): { prices: AgedDemoPrice[]; history: DemoPriceHistoryPoint[] } {
  const ageRand = mulberry32(AGE_SEED);
  const historyRand = mulberry32(HISTORY_SEED);
  const conditionOf = new Map(medications.map((medication) => [medication.id, medication.subcategory]));
  const start = now.getTime() - DEMO_HISTORY_DAYS * DAY_MS;
  const prices: AgedDemoPrice[] = [];
  const history: DemoPriceHistoryPoint[] = [];
  for (const row of rows) {
    const jitter = ageRand();
    const designated = demoRowAge(row.pharmacyId, conditionOf.get(row.medicationId) ?? "");
    const byFeed = row.pharmacyId === DEMO_FAILING_FEED.pharmacyId;
    const confirmedMs = byFeed
      ? feedConfirmedAt.getTime()
      : designated !== null
        ? now.getTime() - designated * DAY_MS - Math.floor(jitter * 6 * HOUR_MS)
        : now.getTime() - Math.floor(jitter * 3 * HOUR_MS);
    // A quarter changed on the day they were last confirmed; the rest up to 40 days before.
    const changedDaysBefore = ageRand() < 0.25 ? 0 : 1 + Math.floor(ageRand() * 40);
    const updatedMs = Math.max(start, confirmedMs - changedDaysBefore * DAY_MS);
    prices.push({
      ...row,
      lastUpdated: new Date(updatedMs),
      lastConfirmed: new Date(confirmedMs),
      confirmedBy: byFeed ? "feed" : "staff",
    });

    const low = Math.max(0.01, Math.ceil(row.price * 0.85 * 100) / 100);
    const high = Math.max(low, Math.floor(row.price * 1.15 * 100) / 100);
    let at = updatedMs;
    let price = row.price;
    let inStock = row.inStock;
    while (at >= start) {
      history.push({
        medicationId: row.medicationId,
        pharmacyId: row.pharmacyId,
        dosage: row.dosage,
        price,
        inStock,
        recordedAt: new Date(at),
      });
      // Going back in time, prices tend to have been slightly higher; a change always moves it.
      let next = clamp(round2(price * (1 + (historyRand() - 0.42) * 0.08)), low, high);
      if (next === price) next = clamp(round2(price + (price < high ? 0.5 : -0.5)), low, high);
      price = next;
      inStock = historyRand() >= 0.05;
      at -= (3 + Math.floor(historyRand() * 14)) * DAY_MS + Math.floor(historyRand() * 12) * HOUR_MS;
    }
  }
  return { prices, history };
}

export interface DemoAlert {
  email: string;
  medicationId: string;
  /** Index into the medication's dosages. */
  dosageIndex: number;
  kind: "target" | "any-fall" | "low-90-days";
  /** A target alert's target as a share of the lowest listed price when it was set. */
  targetShare?: number;
  state: "confirmed" | "paused" | "triggered" | "expired";
  createdDaysAgo: number;
  /** Paused, triggered or expired this many days ago. */
  endedDaysAgo?: number;
}

/**
 * Price alerts of every state a month produces (decision 043), from fictional example.com
 * addresses, each with its consent recorded as a real one is (a request, then its confirmation).
 */
export const DEMO_ALERTS: DemoAlert[] = [
  {
    email: "amira.khan@example.com",
    medicationId: "finasteride",
    dosageIndex: 0,
    kind: "target",
    targetShare: 0.9,
    state: "confirmed",
    createdDaysAgo: 21,
  },
  {
    email: "ben.okafor@example.com",
    medicationId: "regaine-for-men-extra-strength-foam",
    dosageIndex: 0,
    kind: "any-fall",
    state: "confirmed",
    createdDaysAgo: 12,
  },
  {
    email: "chloe.price@example.com",
    medicationId: "alli",
    dosageIndex: 0,
    kind: "low-90-days",
    state: "confirmed",
    createdDaysAgo: 6,
  },
  {
    email: "dan.hughes@example.com",
    medicationId: "viagra-connect",
    dosageIndex: 0,
    kind: "target",
    targetShare: 0.85,
    state: "paused",
    createdDaysAgo: 27,
    endedDaysAgo: 5,
  },
  {
    email: "erin.walsh@example.com",
    medicationId: "levonelle-one-step",
    dosageIndex: 0,
    kind: "target",
    targetShare: 1.02,
    state: "triggered",
    createdDaysAgo: 18,
    endedDaysAgo: 9,
  },
  {
    email: "frank.osei@example.com",
    medicationId: "cystopurin",
    dosageIndex: 0,
    kind: "target",
    targetShare: 0.8,
    state: "expired",
    createdDaysAgo: 100,
    endedDaysAgo: 10,
  },
];

/** Newsletter subscribers (confirmed, promotions chosen): the sent newsletter's recipients. */
export const DEMO_SUBSCRIBERS = [
  { email: "grace.lim@example.com", source: "footer", subscribedDaysAgo: 40 },
  { email: "harry.bell@example.com", source: "popup", subscribedDaysAgo: 33 },
  { email: "isla.morgan@example.com", source: "footer", subscribedDaysAgo: 15 },
] as const;

/** A sent and a scheduled staff newsletter (decision 041); neither names a medicine. */
export const DEMO_NEWSLETTERS = [
  {
    subject: "Delivery costs: what to check before you order",
    body: "Delivery fees and minimum orders change the real cost of an order.\n\n**Compare the total**, not just the price of the pack: our comparison tables add each pharmacy's delivery fee for you.",
    status: "sent",
    /** Days from seeding: sent a week ago. */
    scheduledDays: -7,
  },
  {
    subject: "Winter health: planning ahead for the holidays",
    body: "Pharmacies deliver more slowly over the holidays.\n\nCheck each pharmacy's delivery time on its page, and order what you need in good time.",
    status: "scheduled",
    scheduledDays: 5,
  },
] as const;

export interface DemoClickOut {
  day: string;
  pharmacyId: string;
  medicationId: string;
  dosage: string;
  source: "comparison" | "pharmacy-page" | "email";
  count: number;
}

/**
 * Thirty UK days of counted click-outs (decision 044), today included: the busier pages' rows,
 * fewer at weekends, mostly from comparison tables, some from pharmacy pages and emails.
 */
export function buildDemoClickOuts(rows: DemoPrice[], now: Date, days = 30): DemoClickOut[] {
  const rand = mulberry32(CLICK_SEED);
  const popular = new Set([
    "sildenafil",
    "viagra-connect",
    "finasteride",
    "alli",
    "tadalafil",
    "levonelle-one-step",
  ]);
  const candidates = rows.filter((row) => popular.has(row.medicationId)).slice(0, 40);
  const today = londonDay(now);
  const counts = new Map<string, DemoClickOut>();
  for (let back = days - 1; back >= 0; back -= 1) {
    const day = addDays(today, -back);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    const weekend = weekday === 0 || weekday === 6 ? 0.6 : 1;
    for (const row of candidates) {
      const roll = rand();
      const source = roll < 0.75 ? "comparison" : roll < 0.93 ? "pharmacy-page" : "email";
      const count = Math.floor(rand() * 6 * weekend);
      if (count === 0) continue;
      // A pharmacy page's visit is to the pharmacy's site, not a medication (decision 044).
      const medicationId = source === "pharmacy-page" ? "" : row.medicationId;
      const dosage = source === "pharmacy-page" ? "" : row.dosage;
      const key = JSON.stringify([day, row.pharmacyId, medicationId, dosage, source]);
      const entry = counts.get(key);
      if (entry) entry.count += count;
      else counts.set(key, { day, pharmacyId: row.pharmacyId, medicationId, dosage, source, count });
    }
  }
  return [...counts.values()];
}
