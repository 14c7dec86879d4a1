import { type FailingFeed, formatDateTime } from "@pharmacompare/contract";
import { and, asc, desc, eq, ne } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { adminUsers, jobRuns, pharmacies, pharmacyFeeds } from "../../db/schema.ts";
import { hashEmail } from "../../email/secrets.ts";
import { feedFailingBlocks, operationsEmail } from "../../email/templates.ts";
import type { EmailTemplate, OutboxService } from "../outbox/index.ts";

/**
 * Operations alerts for failing feeds (issue 29, decision 047): a feed whose runs failed three
 * times in a row, or that has not answered for two days, shows on the dashboard and emails the
 * operations address (OPS_EMAIL, else the first administrator) once per incident. An incident is
 * named by the first failed run of the current streak, which is the email's idempotency key: the
 * outbox queues it once however many runs (or processes) see the incident, and a feed that
 * recovers and fails anew starts a new streak, so a new email.
 */

const FEED_FAILURES_IN_A_ROW = 3;
const FEED_SILENT_HOURS = 48;
const HOUR_MS = 60 * 60 * 1000;
/** Runs looked at for a streak: far more than three failures or two days of hourly runs need. */
const RUNS_READ = 60;

export const feedJobPrefix = "feed:";

export function createFeedOpsAlerts(
  db: Database,
  deps: { now: () => Date; outbox: OutboxService; opsEmail: string | undefined; siteUrl: string },
) {
  /** The feed's current incident, or null while it is well. */
  async function incidentOf(
    pharmacyId: string,
  ): Promise<{ key: string; reason: string; since: Date } | null> {
    const runs = await db
      .select()
      .from(jobRuns)
      .where(and(eq(jobRuns.job, `${feedJobPrefix}${pharmacyId}`), ne(jobRuns.outcome, "running")))
      .orderBy(desc(jobRuns.startedAt))
      .limit(RUNS_READ);
    const streak = [];
    for (const run of runs) {
      if (run.outcome !== "failed") break;
      streak.push(run);
    }
    const first = streak.at(-1);
    if (!first) return null;
    // A failed run is tried again up to three times under one row: each attempt counts.
    const failures = streak.reduce((sum, run) => sum + run.attempts, 0);
    const lastAnswer = runs[streak.length]?.finishedAt ?? null;
    const silentSince = lastAnswer ?? first.startedAt;
    const silent = deps.now().getTime() - silentSince.getTime() >= FEED_SILENT_HOURS * HOUR_MS;
    if (failures < FEED_FAILURES_IN_A_ROW && !silent) return null;
    const latestError = String(streak[0]?.summary?.error ?? "no reason recorded").replace(
      /^FeedFetchError: /,
      "",
    );
    const reason =
      failures >= FEED_FAILURES_IN_A_ROW
        ? `failed ${failures} times in a row (latest: ${latestError})`
        : `has not answered since ${formatDateTime(silentSince)} (latest: ${latestError})`;
    return { key: first.id, reason, since: first.startedAt };
  }

  /** The operations address: OPS_EMAIL, else the first administrator's. */
  async function opsAddress(): Promise<string | undefined> {
    if (deps.opsEmail) return deps.opsEmail;
    const [first] = await db
      .select({ email: adminUsers.email })
      .from(adminUsers)
      .orderBy(asc(adminUsers.createdAt), asc(adminUsers.id))
      .limit(1);
    return first?.email;
  }

  /**
   * Queues one operations email to the operations address, once per `key` and address (an address
   * set mid-incident hears of it too). The one way operations mail is sent: failing feeds here,
   * a failed newsletter (newsletter-service.ts) through `send` below.
   */
  async function queueOpsMail(mail: {
    key: string;
    template: EmailTemplate;
    subject: string;
    blocks: Parameters<typeof operationsEmail>[1];
  }): Promise<boolean> {
    const to = await opsAddress();
    if (!to) return false;
    await deps.outbox.enqueue(db, {
      idempotencyKey: `${mail.key}:${hashEmail(to)}`,
      template: mail.template,
      to,
      content: operationsEmail(mail.subject, mail.blocks),
      // Operations mail is no subscription: no List-Unsubscribe (issue 41; the email says how to
      // change the address instead).
      headers: {},
    });
    deps.outbox.wake();
    return true;
  }

  return {
    /** An operations email of another part of the service (its key names the incident). */
    send: queueOpsMail,

    /** After each run of a feed: queue the incident's email unless it was queued already. */
    async check(pharmacyId: string): Promise<void> {
      const incident = await incidentOf(pharmacyId);
      if (!incident) return;
      const [pharmacy] = await db
        .select({ name: pharmacies.name })
        .from(pharmacies)
        .where(eq(pharmacies.id, pharmacyId));
      const name = pharmacy?.name ?? pharmacyId;
      await queueOpsMail({
        key: `feed-ops:${pharmacyId}:${incident.key}`,
        template: "feed-ops-alert",
        subject: `Price feed failing: ${name}`,
        blocks: feedFailingBlocks(
          { pharmacyName: name, reason: incident.reason },
          { feeds: `${deps.siteUrl}/admin/feeds` },
        ),
      });
    },

    /** Every active feed in an incident now, oldest incident first (the dashboard). */
    async failing(): Promise<FailingFeed[]> {
      const feeds = await db
        .select({ pharmacyId: pharmacyFeeds.pharmacyId, name: pharmacies.name })
        .from(pharmacyFeeds)
        .innerJoin(pharmacies, eq(pharmacies.id, pharmacyFeeds.pharmacyId))
        .where(eq(pharmacyFeeds.active, true));
      const found: FailingFeed[] = [];
      for (const feed of feeds) {
        const incident = await incidentOf(feed.pharmacyId);
        if (incident) found.push({ ...feed, reason: incident.reason, since: incident.since.toISOString() });
      }
      return found.sort((a, b) => a.since.localeCompare(b.since));
    },
  };
}
