import { createHash } from "node:crypto";
import type {
  Feed,
  FeedInput,
  FeedList,
  FeedListQuery,
  FeedRun,
  FeedRunCounts,
  HeldRowsDecision,
  HeldRowsQuery,
} from "@pharmacompare/contract";
import { and, asc, count, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { jobRuns, pharmacies, pharmacyFeeds } from "../../db/schema.ts";
import { containsAny, readPage } from "../../domain/list-paging.ts";
import { badRequest, notFound, refuse } from "../../domain/refusal.ts";
import { nextRunOf, parseSchedule, slotDue } from "../../jobs/schedule.ts";
import { JOB_MAX_ATTEMPTS, type JobContext, type ScheduledJob } from "../../jobs/scheduler.ts";
import type { ActorContext, AuditService } from "../audit/index.ts";
import type { SecretBox } from "../auth/index.ts";
import type { CategoryService } from "../catalogue/index.ts";
import type { OutboxService } from "../outbox/index.ts";
import type { PriceService } from "../prices/index.ts";
import { sealFeedHeader } from "./feed-credentials.ts";
import { type FeedFetchPolicy, feedAddressProblem } from "./feed-fetch.ts";
import { decideHeldRows, listHeldRows } from "./feed-review.ts";
import { type FeedRunDeps, runFeed } from "./feed-runs.ts";

/**
 * Pharmacy price feeds (issue 29, decision 045): a feed per pharmacy, run as a job of the one
 * scheduler (decision 038: `feed:<pharmacy id>`, leased so it runs once across processes), fetched
 * by feed-fetch.ts, read by the worker-isolated reader uploads use (decision 029) and applied
 * through the one price-write path in one transaction per run. A row that moves a price by more
 * than the configured share, links off the pharmacy's site or names an unknown medication or
 * dosage is held for staff instead; accepting it writes it through the same path.
 *
 * Each step is a function taking what it needs: a feed's settings and records here, a run in
 * feed-runs.ts, why a row is held in feed-holds.ts, the review queue in feed-review.ts;
 * `createFeedService` only wires them (issue 43).
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

/** What the feed functions read with: the database and the services' clock. */
type FeedReadDeps = Pick<FeedRunDeps, "db" | "now">;

/** The address rule and fetch limits from the settings (tests may widen the rule, never the limits). */
function feedFetchPolicy(
  settings: FeedSettings,
  overrides: Partial<Pick<FeedFetchPolicy, "allowHttp" | "allowPrivateAddresses" | "treatAsPublic">> = {},
): FeedFetchPolicy {
  return {
    allowHttp: settings.allowInsecure,
    allowPrivateAddresses: settings.allowInsecure,
    ...overrides,
    timeoutMs: settings.timeoutMs,
    maxBytes: settings.maxBytes,
    userAgent: settings.userAgent,
  };
}

async function feedRow(db: Database, pharmacyId: string) {
  const [row] = await db.select().from(pharmacyFeeds).where(eq(pharmacyFeeds.pharmacyId, pharmacyId));
  return row;
}

/** The pharmacy's feed, or a 404 when it has none. */
async function requireFeed(db: Database, pharmacyId: string) {
  const row = await feedRow(db, pharmacyId);
  if (!row) throw notFound(`Pharmacy "${pharmacyId}" has no price feed`);
  return row;
}

/** A feed's latest runs, newest first. */
async function recentFeedRuns(db: Database, pharmacyId: string, limit: number): Promise<FeedRun[]> {
  const runs = await db
    .select()
    .from(jobRuns)
    .where(eq(jobRuns.job, feedJobName(pharmacyId)))
    .orderBy(desc(jobRuns.startedAt))
    .limit(limit);
  return runs.map(toFeedRun);
}

/** The feed's next run by the scheduler's own rule (schedule.ts `nextRunOf`), from its run record. */
async function feedNextRunAt(
  { db, now: clock }: FeedReadDeps,
  row: typeof pharmacyFeeds.$inferSelect,
  schedule: string,
): Promise<Date> {
  const now = clock();
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

/** A feed as the Feeds screen shows it: its schedule, next run and last run. */
async function describeFeed(deps: FeedReadDeps, row: typeof pharmacyFeeds.$inferSelect): Promise<Feed> {
  const schedule = feedScheduleOf(row);
  const [lastRun] = await recentFeedRuns(deps.db, row.pharmacyId, 1);
  return {
    pharmacyId: row.pharmacyId,
    url: row.url,
    format: row.format as Feed["format"],
    runsPerDay: row.runsPerDay,
    active: row.active,
    headerName: row.headerName,
    schedule,
    nextRunAt: row.active ? (await feedNextRunAt(deps, row, schedule)).toISOString() : null,
    lastRun: lastRun ?? null,
  };
}

/** One job per active feed, read at each scheduler tick (jobs/scheduler.ts `moreJobs`). */
async function feedJobs(deps: FeedRunDeps): Promise<ScheduledJob[]> {
  const feeds = await deps.db
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
    run: async (context: JobContext) => ({ ...(await runFeed(deps, feed.pharmacyId, context)) }),
  }));
}

/** A pharmacy's feed, null when it has none; 404 for an unknown pharmacy only (issue 41). */
async function getFeed(deps: FeedReadDeps, pharmacyId: string): Promise<{ feed: Feed | null }> {
  const row = await feedRow(deps.db, pharmacyId);
  if (row) return { feed: await describeFeed(deps, row) };
  const [pharmacy] = await deps.db
    .select({ id: pharmacies.id })
    .from(pharmacies)
    .where(eq(pharmacies.id, pharmacyId));
  if (!pharmacy) throw notFound(`Pharmacy "${pharmacyId}" not found`);
  return { feed: null };
}

/** Sets a pharmacy's feed; an address the configuration does not allow is a 400 on `url`. */
async function setFeed(
  deps: FeedReadDeps & Pick<FeedRunDeps, "policy" | "secretBox"> & { audit: Pick<AuditService, "write"> },
  context: ActorContext,
  pharmacyId: string,
  input: z.output<typeof FeedInput>,
): Promise<Feed> {
  const { db } = deps;
  const problem = feedAddressProblem(input.url, deps.policy);
  if (problem) throw badRequest(`The feed address ${problem}`, "url");
  const [pharmacy] = await db
    .select({ id: pharmacies.id })
    .from(pharmacies)
    .where(eq(pharmacies.id, pharmacyId));
  if (!pharmacy) throw notFound(`Pharmacy "${pharmacyId}" not found`);
  const existing = await feedRow(db, pharmacyId);
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
  return describeFeed(deps, await requireFeed(db, pharmacyId));
}

async function removeFeed(
  deps: { db: Database; audit: Pick<AuditService, "write"> },
  context: ActorContext,
  pharmacyId: string,
): Promise<void> {
  await requireFeed(deps.db, pharmacyId);
  await deps.audit.write(context, async (tx, record) => {
    await tx.delete(pharmacyFeeds).where(eq(pharmacyFeeds.pharmacyId, pharmacyId));
    await record({
      action: "delete",
      entityType: "pharmacy",
      entityId: pharmacyId,
      changes: { feed: "removed" },
    });
  });
}

/** Refuses a run now for a missing (404) or paused (409) feed. */
async function checkFeedRunnable(db: Database, pharmacyId: string): Promise<void> {
  const feed = await requireFeed(db, pharmacyId);
  if (!feed.active) throw refuse(409, "The feed is paused; switch it on to run it");
}

/** The run the scheduler recorded under `slot` (a run now's `manual:<moment>`). */
async function feedRunAt(db: Database, pharmacyId: string, slot: string): Promise<FeedRun> {
  const [row] = await db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.job, feedJobName(pharmacyId)), eq(jobRuns.slot, slot)));
  if (!row) throw notFound("The run was not recorded");
  return toFeedRun(row);
}

/** A page of feeds by pharmacy name, with schedule, next and last run (the Feeds screen). */
async function listFeeds(deps: FeedReadDeps, query: z.output<typeof FeedListQuery>): Promise<FeedList> {
  const { db } = deps;
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
    rows.map(async ({ feed, pharmacyName }) => ({ ...(await describeFeed(deps, feed)), pharmacyName })),
  );
  return { feeds, ...info };
}

/** The feed service: the functions above and in feed-runs.ts and feed-review.ts, wired to their dependencies. */
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
  const wired = {
    db,
    now: deps.now,
    secretBox: deps.secretBox,
    policy: feedFetchPolicy(deps.settings, deps.policy),
    holdLimits: deps.settings,
    prices: deps.prices,
    categories: deps.categories,
    audit: deps.audit,
    outbox: deps.outbox,
  } satisfies FeedRunDeps & { audit: AuditService };
  return {
    feedJobName,
    jobs: () => feedJobs(wired),
    get: (pharmacyId: string) => getFeed(wired, pharmacyId),
    set: (context: ActorContext, pharmacyId: string, input: z.output<typeof FeedInput>) =>
      setFeed(wired, context, pharmacyId, input),
    remove: (context: ActorContext, pharmacyId: string) => removeFeed(wired, context, pharmacyId),
    checkRunnable: (pharmacyId: string) => checkFeedRunnable(db, pharmacyId),
    runs: (pharmacyId: string, limit = 20) =>
      requireFeed(db, pharmacyId).then(() => recentFeedRuns(db, pharmacyId, limit)),
    runAt: (pharmacyId: string, slot: string) => feedRunAt(db, pharmacyId, slot),
    heldRows: (query: z.output<typeof HeldRowsQuery>) => listHeldRows(db, query),
    decide: (context: ActorContext, adminId: string, input: z.output<typeof HeldRowsDecision>) =>
      decideHeldRows(wired, context, adminId, input),
    list: (query: z.output<typeof FeedListQuery>) => listFeeds(wired, query),
  };
}
