import {
  type ClickOutDestination,
  type ClickOutSource,
  clickOutDestination,
  londonDay,
} from "@pharmacompare/contract";
import { and, eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client.ts";
import { clickOuts, medications, pharmacies, prices } from "../../db/schema.ts";
import { pharmacyIsPublic, priceIsPublic } from "../../domain/public-filters.ts";

/**
 * Counted click-outs (issue 31, decision 044): where a "Visit pharmacy" or "Start a consultation"
 * link goes (decision 058), and the counts.
 * The redirect resolves its target (from memory while the public data version holds) and adds one
 * to an in-memory tally; the tally is written in one statement every few seconds and when the API
 * closes, so counting never waits on the database in the redirect's path. A process that dies
 * loses at most its last few seconds of counts: these are statistics, not records of anyone.
 */

/** Where a click-out lands, and what it is counted under. */
export interface ClickOutTarget {
  location: string;
  /**
   * A consultation address (a prescription-only medicine, decision 058) or a product link. Not
   * counted apart: `click_outs` has no column for it, and the medication's legal category says it.
   */
  kind: ClickOutDestination["kind"];
  pharmacyId: string;
  /** "" for a pharmacy's own website. */
  medicationId: string;
  dosage: string;
}

/** How often the tally is written (background.ts starts the timer in serving processes). */
const CLICK_OUT_FLUSH_MS = 5_000;
/** Resolved targets kept in memory per process; the oldest go first. */
const TARGETS_MAX = 10_000;
/** Distinct tally keys held while the database cannot take them; more are dropped (and logged). */
const TALLY_MAX = 50_000;
/** Targets are re-read after this even without a version change (a row changed by hand in SQL). */
const TARGET_MAX_AGE_MS = 60_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/*
 * Where a click-out goes is the contract's `clickOutDestination`: a prescription-only medicine at a
 * pharmacy with a consultation address goes there (decision 058), anything else to the price's own
 * link, else the pharmacy's website (as the table shows). Addresses are stored as their parsed
 * `href` (issue 42), so the Location is the stored address (plus the referral).
 */

const tallyKey = (day: string, target: ClickOutTarget, source: ClickOutSource) =>
  JSON.stringify([day, target.pharmacyId, target.medicationId, target.dosage, source]);

export function createClickOutService(db: Database, options: { now: () => Date; log: FastifyBaseLogger }) {
  const { now, log } = options;
  /** Resolved targets by key ("price:<id>", "pharmacy:<id>"), valid under `targetsVersion`. */
  const targets = new Map<string, { target: ClickOutTarget; at: number }>();
  let targetsVersion = -1;
  let tally = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<number> | undefined;

  /**
   * A target from memory when `version` (the response cache's public data version, -1 when there is
   * none) is the one it was read under, else from the database.
   */
  async function cached(
    key: string,
    version: number,
    read: () => Promise<ClickOutTarget | undefined>,
  ): Promise<ClickOutTarget | undefined> {
    if (version < 0 || version !== targetsVersion) {
      targets.clear();
      targetsVersion = version;
    }
    const entry = targets.get(key);
    if (entry && Date.now() - entry.at < TARGET_MAX_AGE_MS) return entry.target;
    const target = await read();
    // Unknown ids are not kept: random ids cannot fill the memory.
    if (target && version >= 0) {
      if (targets.size >= TARGETS_MAX) targets.delete(targets.keys().next().value as string);
      targets.set(key, { target, at: Date.now() });
    }
    return target;
  }

  async function writeTally(): Promise<number> {
    if (tally.size === 0) return 0;
    const taken = tally;
    tally = new Map();
    const rows = [...taken].map(([key, count]) => {
      const [day, pharmacyId, medicationId, dosage, source] = JSON.parse(key) as string[];
      return {
        day: day as string,
        pharmacyId: pharmacyId as string,
        medicationId: medicationId as string,
        dosage: dosage as string,
        source: source as string,
        count,
      };
    });
    try {
      await db
        .insert(clickOuts)
        .values(rows)
        .onConflictDoUpdate({
          target: [
            clickOuts.day,
            clickOuts.pharmacyId,
            clickOuts.medicationId,
            clickOuts.dosage,
            clickOuts.source,
          ],
          set: { count: sql`${clickOuts.count} + excluded.count` },
        });
      return rows.reduce((sum, row) => sum + row.count, 0);
    } catch (error) {
      // Kept for the next write (bounded): the database may be back by then.
      let dropped = 0;
      for (const [key, count] of taken) {
        if (tally.size >= TALLY_MAX && !tally.has(key)) dropped += count;
        else tally.set(key, (tally.get(key) ?? 0) + count);
      }
      const code = (error as { code?: unknown }).code;
      log.warn({ code, kept: tally.size, dropped }, "click-out counts could not be written: will retry");
      return 0;
    }
  }

  /** Writes the tally now (one statement); answers how many visits it wrote. One write at a time. */
  async function flush(): Promise<number> {
    while (flushing) await flushing;
    flushing = writeTally();
    try {
      return await flushing;
    } finally {
      flushing = undefined;
    }
  }

  return {
    /** A visible price's target; undefined for an unknown, malformed or hidden id (never a guess). */
    resolvePrice(priceId: string, version: number): Promise<ClickOutTarget | undefined> {
      if (!UUID.test(priceId)) return Promise.resolve(undefined);
      return cached(`price:${priceId.toLowerCase()}`, version, async () => {
        const [row] = await db
          .select({
            link: prices.link,
            website: pharmacies.website,
            referralParams: pharmacies.referralParams,
            consultationUrl: pharmacies.consultationUrl,
            legalCategory: medications.legalCategory,
            medicationName: medications.name,
            pharmacyId: prices.pharmacyId,
            medicationId: prices.medicationId,
            dosage: prices.dosage,
          })
          .from(prices)
          .innerJoin(medications, eq(medications.id, prices.medicationId))
          .innerJoin(pharmacies, eq(pharmacies.id, prices.pharmacyId))
          .where(and(eq(prices.id, priceId), priceIsPublic));
        if (!row) return undefined;
        const destination = clickOutDestination(row);
        if (!destination) return undefined;
        return {
          ...destination,
          pharmacyId: row.pharmacyId,
          medicationId: row.medicationId,
          dosage: row.dosage,
        };
      });
    },

    /** A public pharmacy's own website; undefined for an unknown or hidden one. */
    resolvePharmacy(pharmacyId: string, version: number): Promise<ClickOutTarget | undefined> {
      if (!SLUG.test(pharmacyId) || pharmacyId.length > 120) return Promise.resolve(undefined);
      return cached(`pharmacy:${pharmacyId}`, version, async () => {
        const [row] = await db
          .select({ website: pharmacies.website, referralParams: pharmacies.referralParams })
          .from(pharmacies)
          .where(and(eq(pharmacies.id, pharmacyId), pharmacyIsPublic));
        if (!row) return undefined;
        // A visit to the pharmacy's own website names no medicine: never a consultation.
        const destination = clickOutDestination({
          ...row,
          link: null,
          legalCategory: "GSL",
          medicationName: "",
          consultationUrl: "",
        });
        return destination ? { ...destination, pharmacyId, medicationId: "", dosage: "" } : undefined;
      });
    },

    /** Counts one visit, in memory: written by the next {@link flush}. */
    count(target: ClickOutTarget, source: ClickOutSource): void {
      const key = tallyKey(londonDay(now()), target, source);
      const current = tally.get(key);
      if (current === undefined && tally.size >= TALLY_MAX) return;
      tally.set(key, (current ?? 0) + 1);
    },

    flush,

    /** Writes the tally every `intervalMs` until {@link stop}. */
    start(intervalMs = CLICK_OUT_FLUSH_MS): void {
      if (timer) return;
      timer = setInterval(() => void flush(), intervalMs);
      timer.unref();
    },

    /** Stops the timer and writes what is left. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await flush();
    },
  };
}
