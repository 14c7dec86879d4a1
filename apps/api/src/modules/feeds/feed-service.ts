import { createHash } from "node:crypto";
import type {
  Feed,
  FeedHeldRow,
  FeedInput,
  FeedList,
  FeedListQuery,
  FeedRun,
  FeedRunCounts,
  HeldRowList,
  HeldRowsDecision,
  HeldRowsQuery,
} from "@pharmacompare/contract";
import { FEED_MAX_ROWS, formatPounds } from "@pharmacompare/contract";
import { conditionMapper, type Workbook } from "@pharmacompare/price-sheets";
import { and, asc, count, desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { feedHeldRows, jobRuns, medications, pharmacies, pharmacyFeeds, prices } from "../../db/schema.ts";
import { containsAny, readPage } from "../../domain/list-paging.ts";
import { badRequest, notFound, Refusal, refuse } from "../../domain/refusal.ts";
import { nextRunOf, parseSchedule, slotDue } from "../../jobs/schedule.ts";
import { JOB_MAX_ATTEMPTS, type JobContext, type ScheduledJob } from "../../jobs/scheduler.ts";
import type { ActorContext, AuditService } from "../audit/index.ts";
import type { SecretBox } from "../auth/index.ts";
import type { CategoryService } from "../catalogue/index.ts";
import type { OutboxService } from "../outbox/index.ts";
import { medicationMatcher, PRICE_SHEET_READING, readPriceSheetFile } from "../price-sheets/index.ts";
import type { PriceChange, PriceService } from "../prices/index.ts";
import { hostOf, onWebsite } from "../prices/index.ts";
import { openFeedHeader, sealFeedHeader } from "./feed-credentials.ts";
import { FeedFetchError, type FeedFetchPolicy, feedAddressProblem, fetchFeed } from "./feed-fetch.ts";
import { type FeedRefusal, type FeedRow, flatCsvRows, priceSheetRows } from "./feed-rows.ts";

/**
 * Pharmacy price feeds (issue 29, decision 045): a feed per pharmacy, run as a job of the one
 * scheduler (decision 038: `feed:<pharmacy id>`, leased so it runs once across processes), fetched
 * by feed-fetch.ts, read by the worker-isolated reader uploads use (decision 029) and applied
 * through the one price-write path in one transaction per run. A row that moves a price by more
 * than the configured share, links off the pharmacy's site or names an unknown medication or
 * dosage is held for staff instead; accepting it writes it through the same path.
 */

export interface FeedSettings {
  allowInsecure: boolean;
  /** The fetcher's user agent, naming SITE_URL (config.ts `feedUserAgent`). */
  userAgent: string;
  timeoutMs: number;
  maxBytes: number;
  holdFallPercent: number;
  holdRisePercent: number;
}

/** The job name of a pharmacy's feed in `job_runs`. */
const feedJobName = (pharmacyId: string) => `feed:${pharmacyId}`;

/** Refusals kept on a run's record: enough to see what is wrong, never the whole file. */
const MAX_REFUSALS_KEPT = 50;

/** A pharmacy's own minute of the day, so feeds spread across the day rather than all at once. */
function spreadMinute(pharmacyId: string): number {
  return createHash("sha256").update(pharmacyId).digest().readUInt32BE(0) % 1440;
}

/** A feed's schedule in the scheduler's words (jobs/schedule.ts); the demo's seeded runs use it too. */
export function feedScheduleOf(feed: { runsPerDay: number; startMinute: number }): string {
  const time = `${String(Math.floor(feed.startMinute / 60)).padStart(2, "0")}:${String(feed.startMinute % 60).padStart(2, "0")}`;
  const hours = 24 / feed.runsPerDay;
  if (feed.runsPerDay === 1) return `daily ${time} Europe/London`;
  return `${hours === 1 ? "every hour" : `every ${hours} hours`} from ${time} Europe/London`;
}

/**
 * When a feed's schedule began: its last change by staff (created, switched on, another address or
 * frequency). The scheduler runs no earlier moment, so a new feed waits for its first scheduled
 * run, as the Feeds screen says, rather than running at once ("Run now" is for that).
 */
const scheduleSince = (feed: { updatedAt: Date }) => feed.updatedAt;

/** Which file the reader is given: by the answer's content type (and the address for octet-stream). */
function fileNameFor(format: string, contentType: string, url: string): string | null {
  const csv = ["text/csv", "text/plain", "application/csv", "text/comma-separated-values"].includes(
    contentType,
  );
  const xlsx = contentType === "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
  const path = new URL(url).pathname.toLowerCase();
  if (format === "flat-csv") {
    return csv || (contentType === "application/octet-stream" && path.endsWith(".csv")) ? "feed.csv" : null;
  }
  if (csv) return "feed.csv";
  if (xlsx) return "feed.xlsx";
  if (contentType === "application/octet-stream") {
    if (path.endsWith(".xlsx")) return "feed.xlsx";
    if (path.endsWith(".csv")) return "feed.csv";
  }
  return null;
}

type RunRow = typeof jobRuns.$inferSelect;

function toFeedRun(run: RunRow): FeedRun {
  const summary = run.summary ?? {};
  const failed = run.outcome === "failed";
  return {
    id: run.id,
    startedAt: run.startedAt.toISOString(),
    finishedAt: run.finishedAt?.toISOString() ?? null,
    outcome: run.outcome as FeedRun["outcome"],
    manual: run.slot.startsWith("manual:"),
    counts: run.outcome === "succeeded" && "read" in summary ? (summary as unknown as FeedRunCounts) : null,
    error: failed ? String(summary.error ?? "The run failed").replace(/^FeedFetchError: /, "") : null,
  };
}

export function createFeedService(
  db: Database,
  deps: {
    settings: FeedSettings;
    now: () => Date;
    secretBox: SecretBox;
    prices: PriceService;
    categories: CategoryService;
    audit: AuditService;
    outbox: OutboxService;
    /**
     * Tests only: the production address rule over plain http, with a loopback address standing in
     * for a pharmacy's public server (feed-fetch.ts `treatAsPublic`).
     */
    policy?: Partial<Pick<FeedFetchPolicy, "allowHttp" | "allowPrivateAddresses" | "treatAsPublic">>;
  },
) {
  const policy: FeedFetchPolicy = {
    allowHttp: deps.settings.allowInsecure,
    allowPrivateAddresses: deps.settings.allowInsecure,
    ...deps.policy,
    timeoutMs: deps.settings.timeoutMs,
    maxBytes: deps.settings.maxBytes,
    userAgent: deps.settings.userAgent,
  };

  async function feedRow(pharmacyId: string) {
    const [row] = await db.select().from(pharmacyFeeds).where(eq(pharmacyFeeds.pharmacyId, pharmacyId));
    return row;
  }

  async function recentRuns(pharmacyId: string, limit: number): Promise<FeedRun[]> {
    const runs = await db
      .select()
      .from(jobRuns)
      .where(eq(jobRuns.job, feedJobName(pharmacyId)))
      .orderBy(desc(jobRuns.startedAt))
      .limit(limit);
    return runs.map(toFeedRun);
  }

  /** The feed's next run by the scheduler's own rule (schedule.ts `nextRunOf`), from its run record. */
  async function nextRunAt(row: typeof pharmacyFeeds.$inferSelect, schedule: string): Promise<Date> {
    const now = deps.now();
    const parsed = parseSchedule(schedule);
    const due = slotDue(parsed, now, scheduleSince(row));
    const [record] = due
      ? await db
          .select({ outcome: jobRuns.outcome, attempts: jobRuns.attempts, leaseUntil: jobRuns.leaseUntil })
          .from(jobRuns)
          .where(and(eq(jobRuns.job, feedJobName(row.pharmacyId)), eq(jobRuns.slot, due.toISOString())))
      : [];
    return nextRunOf(parsed, now, {
      since: scheduleSince(row),
      // As the scheduler's `take` sees it: no record yet, or a failed run with tries left.
      takenFrom: (slot) =>
        !record
          ? slot
          : record.outcome === "failed" && record.attempts < JOB_MAX_ATTEMPTS
            ? record.leaseUntil
            : null,
    });
  }

  async function describe(row: typeof pharmacyFeeds.$inferSelect): Promise<Feed> {
    const schedule = feedScheduleOf(row);
    const [lastRun] = await recentRuns(row.pharmacyId, 1);
    return {
      pharmacyId: row.pharmacyId,
      url: row.url,
      format: row.format as Feed["format"],
      runsPerDay: row.runsPerDay,
      active: row.active,
      headerName: row.headerName,
      schedule,
      nextRunAt: row.active ? (await nextRunAt(row, schedule)).toISOString() : null,
      lastRun: lastRun ?? null,
    };
  }

  async function requireFeed(pharmacyId: string) {
    const row = await feedRow(pharmacyId);
    if (!row) throw notFound(`Pharmacy "${pharmacyId}" has no price feed`);
    return row;
  }

  /** The rows of a fetched file, read by the upload reader in its bounded worker. */
  async function rowsOf(
    feed: typeof pharmacyFeeds.$inferSelect,
    pharmacy: { name: string },
    bytes: Buffer,
    contentType: string,
    finalUrl: string,
  ) {
    const fileName = fileNameFor(feed.format, contentType, finalUrl);
    if (!fileName) {
      throw new FeedFetchError(
        `The feed answered content type "${contentType || "none"}", not ${feed.format === "flat-csv" ? "CSV" : "a workbook or CSV"}; it was not read`,
      );
    }
    let workbook: Workbook;
    try {
      workbook = await readPriceSheetFile(fileName, bytes, PRICE_SHEET_READING, FEED_MAX_ROWS);
    } catch (error) {
      if (error instanceof Refusal)
        throw new FeedFetchError(`The feed file could not be read: ${error.message}`);
      throw error;
    }
    if (feed.format === "flat-csv") return flatCsvRows(workbook);
    const tree = await deps.categories.listPublic();
    const own = pharmacy.name.trim().toLowerCase().replace(/\s+/g, " ");
    return priceSheetRows(workbook, {
      mapCondition: conditionMapper(tree),
      now: deps.now(),
      isOwnPharmacy: (name) => name.trim().toLowerCase().replace(/\s+/g, " ") === own,
    });
  }

  /** One run of a pharmacy's feed: fetch, read, classify, apply in one transaction. */
  async function run(pharmacyId: string, context: JobContext): Promise<FeedRunCounts> {
    const feed = await feedRow(pharmacyId);
    const [pharmacy] = await db
      .select({ name: pharmacies.name, website: pharmacies.website })
      .from(pharmacies)
      .where(eq(pharmacies.id, pharmacyId));
    if (!feed || !pharmacy) throw new FeedFetchError("The pharmacy or its feed no longer exists");
    const header =
      feed.headerName && feed.headerValueSealed
        ? {
            name: feed.headerName,
            value: openFeedHeader(deps.secretBox, pharmacyId, feed.headerValueSealed),
          }
        : null;
    const answer = await fetchFeed(
      { url: feed.url, etag: feed.etag, lastModified: feed.lastModified, header },
      policy,
    );
    const counts: FeedRunCounts = {
      read: 0,
      changed: 0,
      confirmed: 0,
      held: 0,
      refused: 0,
      refusals: [],
      notModified: false,
      triggeredAlerts: 0,
    };
    if (answer.status === "not-modified") {
      const at = deps.now();
      counts.notModified = true;
      counts.confirmed = await db.transaction((tx) => deps.prices.reconfirm(tx, pharmacyId, "feed", at));
      return counts;
    }
    const { rows, refused } = await rowsOf(feed, pharmacy, answer.bytes, answer.contentType, answer.finalUrl);
    if (!(await context.renew())) throw new Error("Another process took the run over");
    const refusals: FeedRefusal[] = [...refused];
    const at = deps.now();
    const result = await db.transaction(async (tx) => {
      const catalogue = await tx
        .select({ id: medications.id, name: medications.name, dosages: medications.dosages })
        .from(medications);
      const stored = await tx
        .select({
          medicationId: prices.medicationId,
          dosage: prices.dosage,
          price: prices.price,
          link: prices.link,
        })
        .from(prices)
        .where(eq(prices.pharmacyId, pharmacyId));
      const storedBy = new Map(stored.map((row) => [JSON.stringify([row.medicationId, row.dosage]), row]));
      const match = medicationMatcher(catalogue);
      // What a first price (no stored one to compare with) is held against: the lowest visitors see now.
      const firstPriced = rows.flatMap((row) => {
        const medication = match(row.medicationName);
        return medication && !storedBy.has(JSON.stringify([medication.id, row.dosage]))
          ? [medication.id]
          : [];
      });
      const lowestBy = await deps.prices.lowestByPair(tx, [...new Set(firstPriced)]);
      const seen = new Set<string>();
      const changes: PriceChange[] = [];
      const held: (typeof feedHeldRows.$inferInsert)[] = [];
      for (const row of rows) {
        const medication = match(row.medicationName);
        const key = JSON.stringify([medication?.id ?? row.medicationName.toLowerCase(), row.dosage]);
        if (seen.has(key)) {
          refusals.push({
            row: row.row,
            reason: `${row.medicationName} ${row.dosage} is named twice; the first was used`,
          });
          continue;
        }
        seen.add(key);
        const old = medication ? storedBy.get(JSON.stringify([medication.id, row.dosage])) : undefined;
        const lowest = medication ? lowestBy.get(JSON.stringify([medication.id, row.dosage])) : undefined;
        const reasons = holdReasons(row, medication, old, lowest, pharmacy.website);
        if (reasons.length > 0) {
          held.push({
            pharmacyId,
            runId: context.runId,
            row: row.row,
            medicationId: medication?.id ?? null,
            medicationName: medication?.name ?? row.medicationName,
            dosage: row.dosage,
            oldPrice: old?.price ?? null,
            newPrice: row.price,
            oldLink: old?.link ?? null,
            newLink: row.link,
            inStock: row.inStock ?? null,
            reasons,
            heldAt: at,
          });
          continue;
        }
        if (!medication) continue;
        changes.push({
          medicationId: medication.id,
          pharmacyId,
          dosage: row.dosage,
          price: row.price,
          ...(row.inStock === undefined ? {} : { inStock: row.inStock }),
          // A feed without a link leaves the stored one as it is.
          ...(row.link === null ? {} : { link: row.link }),
        });
      }
      // The file is the pharmacy's whole word now: what an earlier run held and was not decided is superseded.
      await tx
        .update(feedHeldRows)
        .set({ status: "superseded", decidedAt: at })
        .where(and(eq(feedHeldRows.pharmacyId, pharmacyId), eq(feedHeldRows.status, "held")));
      if (held.length > 0) await tx.insert(feedHeldRows).values(held);
      const written =
        changes.length > 0
          ? await deps.prices.write(tx, changes, at, "feed")
          : { written: 0, confirmed: 0, triggeredAlerts: [] };
      // The validators move with what they describe: a run cut short fetches the file again.
      await tx
        .update(pharmacyFeeds)
        .set({ etag: answer.etag, lastModified: answer.lastModified })
        .where(eq(pharmacyFeeds.pharmacyId, pharmacyId));
      return { written, held: held.length };
    });
    if (result.written.triggeredAlerts.length > 0) deps.outbox.wake();
    return {
      ...counts,
      read: rows.length + refused.length,
      changed: result.written.written,
      confirmed: result.written.confirmed,
      held: result.held,
      refused: refusals.length,
      refusals: refusals.slice(0, MAX_REFUSALS_KEPT),
      triggeredAlerts: result.written.triggeredAlerts.length,
    };
  }

  /** Why a row must wait for staff: none when it may be applied. */
  function holdReasons(
    row: FeedRow,
    medication: { id: string; name: string; dosages: readonly string[] } | undefined,
    old: { price: number; link: string | null } | undefined,
    /** The lowest price visitors see for the pair now, where this pharmacy has none yet. */
    lowest: number | undefined,
    website: string,
  ): string[] {
    if (!medication) return [`"${row.medicationName}" is not a medication in the catalogue`];
    if (!medication.dosages.includes(row.dosage)) {
      return [`"${row.dosage}" is not one of ${medication.name}'s dosages`];
    }
    const reasons: string[] = [];
    const { holdFallPercent, holdRisePercent } = deps.settings;
    if (old) {
      const change = ((row.price - old.price) / old.price) * 100;
      if (change < -holdFallPercent) {
        reasons.push(`the price falls by ${Math.round(-change)} % (more than ${holdFallPercent} %)`);
      } else if (change > holdRisePercent) {
        reasons.push(`the price rises by ${Math.round(change)} % (more than ${holdRisePercent} %)`);
      }
    } else if (lowest !== undefined) {
      // A first price cannot fall from a stored one, yet £0.01 would become the lowest and fire
      // every alert on the pair (issue 42): it is held against the lowest price visitors see.
      const below = ((lowest - row.price) / lowest) * 100;
      if (below > holdFallPercent) {
        reasons.push(
          `first price, far below the lowest: ${formatPounds(row.price)} is ${Math.round(below)} % below the lowest price listed now, ${formatPounds(lowest)} (more than ${holdFallPercent} %)`,
        );
      }
    }
    if (row.link !== null && row.link !== old?.link && !onWebsite(row.link, website)) {
      reasons.push(`the link goes to ${hostOf(row.link)}, not the pharmacy's website`);
    }
    return reasons;
  }

  return {
    feedJobName,

    /** One job per active feed, read at each scheduler tick (jobs/scheduler.ts `moreJobs`). */
    async jobs(): Promise<ScheduledJob[]> {
      const feeds = await db
        .select({
          pharmacyId: pharmacyFeeds.pharmacyId,
          runsPerDay: pharmacyFeeds.runsPerDay,
          startMinute: pharmacyFeeds.startMinute,
          updatedAt: pharmacyFeeds.updatedAt,
        })
        .from(pharmacyFeeds)
        .where(eq(pharmacyFeeds.active, true));
      return feeds.map((feed) => ({
        name: feedJobName(feed.pharmacyId),
        schedule: feedScheduleOf(feed),
        since: scheduleSince(feed),
        run: async (context) => ({ ...(await run(feed.pharmacyId, context)) }),
      }));
    },

    /** A pharmacy's feed, null when it has none; 404 for an unknown pharmacy only (issue 41). */
    async get(pharmacyId: string): Promise<{ feed: Feed | null }> {
      const row = await feedRow(pharmacyId);
      if (row) return { feed: await describe(row) };
      const [pharmacy] = await db
        .select({ id: pharmacies.id })
        .from(pharmacies)
        .where(eq(pharmacies.id, pharmacyId));
      if (!pharmacy) throw notFound(`Pharmacy "${pharmacyId}" not found`);
      return { feed: null };
    },

    /** Sets a pharmacy's feed; an address the configuration does not allow is a 400 on `url`. */
    async set(context: ActorContext, pharmacyId: string, input: z.output<typeof FeedInput>): Promise<Feed> {
      const problem = feedAddressProblem(input.url, policy);
      if (problem) throw badRequest(`The feed address ${problem}`, "url");
      const [pharmacy] = await db
        .select({ id: pharmacies.id })
        .from(pharmacies)
        .where(eq(pharmacies.id, pharmacyId));
      if (!pharmacy) throw notFound(`Pharmacy "${pharmacyId}" not found`);
      const existing = await feedRow(pharmacyId);
      const header =
        input.header === undefined
          ? {}
          : input.header === null
            ? { headerName: null, headerValueSealed: null }
            : {
                headerName: input.header.name,
                headerValueSealed: sealFeedHeader(deps.secretBox, pharmacyId, input.header.value),
              };
      const sameAddress = existing?.url === input.url && existing?.format === input.format;
      await deps.audit.write(context, async (tx, record, at) => {
        const values = {
          url: input.url,
          format: input.format,
          runsPerDay: input.runsPerDay,
          active: input.active,
          ...header,
          // A new address or format is a new file: no validators from the old one.
          ...(sameAddress ? {} : { etag: null, lastModified: null }),
          updatedAt: at,
        };
        await tx
          .insert(pharmacyFeeds)
          .values({ pharmacyId, startMinute: spreadMinute(pharmacyId), ...values })
          .onConflictDoUpdate({ target: pharmacyFeeds.pharmacyId, set: values });
        await record({
          action: existing ? "update" : "create",
          entityType: "pharmacy",
          entityId: pharmacyId,
          changes: {
            feed: {
              url: input.url,
              format: input.format,
              runsPerDay: input.runsPerDay,
              active: input.active,
              // Only whether the credential changed, never its value.
              header: input.header === undefined ? "kept" : input.header === null ? "removed" : "set",
            },
          },
        });
      });
      return describe(await requireFeed(pharmacyId));
    },

    async remove(context: ActorContext, pharmacyId: string): Promise<void> {
      await requireFeed(pharmacyId);
      await deps.audit.write(context, async (tx, record) => {
        await tx.delete(pharmacyFeeds).where(eq(pharmacyFeeds.pharmacyId, pharmacyId));
        await record({
          action: "delete",
          entityType: "pharmacy",
          entityId: pharmacyId,
          changes: { feed: "removed" },
        });
      });
    },

    /** Refuses a run now for a missing (404) or paused (409) feed. */
    async checkRunnable(pharmacyId: string): Promise<void> {
      const feed = await requireFeed(pharmacyId);
      if (!feed.active) throw refuse(409, "The feed is paused; switch it on to run it");
    },

    runs: (pharmacyId: string, limit = 20) =>
      requireFeed(pharmacyId).then(() => recentRuns(pharmacyId, limit)),

    /** The run the scheduler recorded under `slot` (a run now's `manual:<moment>`). */
    async runAt(pharmacyId: string, slot: string): Promise<FeedRun> {
      const [row] = await db
        .select()
        .from(jobRuns)
        .where(and(eq(jobRuns.job, feedJobName(pharmacyId)), eq(jobRuns.slot, slot)));
      if (!row) throw notFound("The run was not recorded");
      return toFeedRun(row);
    },

    /** A page of held rows, oldest first (the Feed review queue). */
    async heldRows(query: z.output<typeof HeldRowsQuery>): Promise<HeldRowList> {
      const where = and(
        eq(feedHeldRows.status, query.status),
        query.pharmacyId === undefined ? undefined : eq(feedHeldRows.pharmacyId, query.pharmacyId),
        containsAny(query.search, [feedHeldRows.medicationName, pharmacies.name]),
      );
      const { rows, info } = await readPage(
        query,
        db
          .select({ total: count() })
          .from(feedHeldRows)
          .innerJoin(pharmacies, eq(pharmacies.id, feedHeldRows.pharmacyId))
          .where(where),
        (limit, offset) =>
          db
            .select({ held: feedHeldRows, pharmacyName: pharmacies.name })
            .from(feedHeldRows)
            .innerJoin(pharmacies, eq(pharmacies.id, feedHeldRows.pharmacyId))
            .where(where)
            .orderBy(asc(feedHeldRows.heldAt), asc(feedHeldRows.row), asc(feedHeldRows.id))
            .limit(limit)
            .offset(offset),
      );
      const listed = rows.map(({ held, pharmacyName }) => ({
        id: held.id,
        pharmacyId: held.pharmacyId,
        pharmacyName,
        runId: held.runId,
        heldAt: held.heldAt.toISOString(),
        row: held.row,
        medicationId: held.medicationId,
        medicationName: held.medicationName,
        dosage: held.dosage,
        oldPrice: held.oldPrice,
        newPrice: held.newPrice,
        oldLinkHost: hostOf(held.oldLink),
        newLinkHost: hostOf(held.newLink),
        inStock: held.inStock,
        reasons: held.reasons,
        status: held.status as FeedHeldRow["status"],
      }));
      return { rows: listed, ...info };
    },

    /**
     * Accepts (through the price-write path) or rejects held rows, all in one audited transaction:
     * a row no longer held, or whose medication or dosage is still unknown, refuses the lot.
     */
    async decide(
      context: ActorContext,
      adminId: string,
      input: z.output<typeof HeldRowsDecision>,
    ): Promise<{ accepted: number; rejected: number; triggeredAlerts: number }> {
      const ids = [...new Set(input.ids)];
      const result = await deps.audit.write(context, async (tx, record, at) => {
        const rows = await tx.select().from(feedHeldRows).where(inArray(feedHeldRows.id, ids)).for("update");
        if (rows.length !== ids.length) throw notFound("Some of these held rows do not exist");
        const decided = rows.find((row) => row.status !== "held");
        if (decided) {
          throw refuse(
            409,
            `${decided.medicationName} ${decided.dosage} is no longer held (${decided.status})`,
          );
        }
        let triggeredAlerts = 0;
        if (input.decision === "accept") {
          const catalogue = await tx
            .select({ id: medications.id, name: medications.name, dosages: medications.dosages })
            .from(medications);
          const match = medicationMatcher(catalogue);
          const changes: PriceChange[] = rows.map((row) => {
            const medication =
              catalogue.find((entry) => entry.id === row.medicationId) ?? match(row.medicationName);
            if (!medication?.dosages.includes(row.dosage)) {
              throw refuse(
                409,
                `${row.medicationName} ${row.dosage} is not in the catalogue yet: add the medication or dosage first, or reject the row`,
              );
            }
            return {
              medicationId: medication.id,
              pharmacyId: row.pharmacyId,
              dosage: row.dosage,
              price: row.newPrice,
              ...(row.inStock === null ? {} : { inStock: row.inStock }),
              ...(row.newLink === null ? {} : { link: row.newLink }),
            };
          });
          triggeredAlerts = (await deps.prices.write(tx, changes, at, "feed")).triggeredAlerts.length;
        }
        await tx
          .update(feedHeldRows)
          .set({
            status: input.decision === "accept" ? "accepted" : "rejected",
            decidedAt: at,
            decidedBy: adminId,
          })
          .where(inArray(feedHeldRows.id, ids));
        await record({
          action: input.decision === "accept" ? "import" : "update",
          entityType: "price",
          entityId: null,
          changes: {
            feedReview: input.decision,
            rows: rows.map((row) => ({
              pharmacy: row.pharmacyId,
              medication: row.medicationName,
              dosage: row.dosage,
              from: row.oldPrice,
              to: row.newPrice,
            })),
          },
        });
        return {
          accepted: input.decision === "accept" ? rows.length : 0,
          rejected: input.decision === "reject" ? rows.length : 0,
          triggeredAlerts,
        };
      });
      if (result.triggeredAlerts > 0) deps.outbox.wake();
      return result;
    },

    /** A page of feeds by pharmacy name, with schedule, next and last run (the Feeds screen). */
    async list(query: z.output<typeof FeedListQuery>): Promise<FeedList> {
      const where = and(
        containsAny(query.search, [pharmacies.name, pharmacyFeeds.url]),
        query.state === undefined ? undefined : eq(pharmacyFeeds.active, query.state === "on"),
      );
      const { rows, info } = await readPage(
        query,
        db
          .select({ total: count() })
          .from(pharmacyFeeds)
          .innerJoin(pharmacies, eq(pharmacies.id, pharmacyFeeds.pharmacyId))
          .where(where),
        (limit, offset) =>
          db
            .select({ feed: pharmacyFeeds, pharmacyName: pharmacies.name })
            .from(pharmacyFeeds)
            .innerJoin(pharmacies, eq(pharmacies.id, pharmacyFeeds.pharmacyId))
            .where(where)
            .orderBy(asc(pharmacies.name), asc(pharmacyFeeds.pharmacyId))
            .limit(limit)
            .offset(offset),
      );
      const feeds = await Promise.all(
        rows.map(async ({ feed, pharmacyName }) => ({ ...(await describe(feed)), pharmacyName })),
      );
      return { feeds, ...info };
    },
  };
}
