import {
  addDays,
  findNamedMedicine,
  londonDay,
  type NewsKind,
  prescriptionOnlyNames,
  readLegalCategory,
} from "@pharmacompare/contract";
import { and, asc, eq, gt, isNotNull, lte, not, type SQL, sql } from "drizzle-orm";
import type { ApiConfig } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { blogPosts, medications, pharmacies, subcategories, subscriptions } from "../../db/schema.ts";
import { medicationIsPublic, pharmacyIsPublic } from "../../domain/public-filters.ts";
import type { RenderedEmail } from "../../email/templates.ts";
import type { JobContext } from "../../jobs/scheduler.ts";
import type { EmailTemplate, OutboxService } from "../outbox/index.ts";
import type { PriceFreshness } from "../prices/index.ts";
import {
  type Followed,
  isEmptyDigest,
  type NewArticle,
  type NewMedication,
  type NewsLinks,
  newMedicationsEmail,
  type PriceFall,
  subscriberPriceDropsEmail,
  type WeeklyDigest,
  weeklyDigestEmail,
} from "./price-news-templates.ts";

/**
 * Price news to confirmed subscribers (issue 28, decision 038): what changed, gathered from the one
 * price-write path's history, queued in the outbox with one key per kind, subscriber and period
 * (so a run repeated or taken over after a crash queues nothing twice), streaming the audience in
 * batches by id (never the whole list in memory).
 */

/** Subscribers read and queued per transaction. */
const AUDIENCE_BATCH = 500;
/** The most falls, and new lowest prices, a digest lists. */
const DIGEST_FALLS = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The part of `items` in the conditions a subscriber follows (null: all). */
function inScope<T extends { conditionId: string }>(items: T[], followed: Set<string> | null): T[] {
  return followed ? items.filter((item) => followed.has(item.conditionId)) : items;
}

/** What a subscriber follows, by name, for the email's "why" line. */
export function scopeOf(followed: Set<string> | null, names: Map<string, string>): Followed {
  return followed
    ? { all: false, conditionNames: [...followed].map((id) => names.get(id) ?? id) }
    : { all: true };
}

/** A medication and dosage written in a period: its lowest price at each end and before it. */
export interface PriceMove extends PriceFall {
  /** The lowest in-stock price recorded before the period (null: none). */
  lowestBefore: number | null;
}

/** A subscriber as price news needs them. */
export interface Recipient {
  id: string;
  email: string;
  subscribedTo: { type: string; value: string | null }[];
}

/** Subscribers who chose `interest` (a column of the subscription). */
/** The Monday ("YYYY-MM-DD", UK calendar) of the week `at` falls in: the weekly digest's period. */
function londonWeek(at: Date): string {
  const day = londonDay(at);
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

export function chose(interest: NewsKind): SQL {
  const columns = {
    priceDrops: subscriptions.priceDrops,
    weeklyDigest: subscriptions.weeklyDigest,
    newMedications: subscriptions.newMedications,
    promotions: subscriptions.promotions,
  } satisfies Record<NewsKind, unknown>;
  return sql`${columns[interest]}`;
}

/** The conditions a subscriber follows, or null for all (`subscribedTo` has no condition entry, or "all"). */
export function followedConditions(subscribedTo: Recipient["subscribedTo"]): Set<string> | null {
  if (subscribedTo.some((entry) => entry.type === "all")) return null;
  const conditions = subscribedTo.filter((entry) => entry.type === "condition" && entry.value);
  return conditions.length === 0 ? null : new Set(conditions.map((entry) => entry.value as string));
}

export type PriceNewsService = ReturnType<typeof createPriceNewsService>;

export function createPriceNewsService(
  db: Database,
  options: {
    config: Pick<ApiConfig, "siteUrl" | "priceDropPercent">;
    outbox: OutboxService;
    freshness: PriceFreshness;
  },
) {
  const { config, outbox, freshness } = options;

  /**
   * Confirmed, active subscribers with `interest`, a batch at a time in id order (keyset paging:
   * each batch is one indexed read, whatever the audience's size).
   */
  async function* audience(
    interest: NewsKind,
    options: { without?: NewsKind; where?: SQL; batchSize?: number } = {},
  ): AsyncGenerator<Recipient[]> {
    const batchSize = options.batchSize ?? AUDIENCE_BATCH;
    let after: string | undefined;
    for (;;) {
      const batch = await db
        .select({
          id: subscriptions.id,
          email: subscriptions.email,
          subscribedTo: subscriptions.subscribedTo,
        })
        .from(subscriptions)
        .where(
          and(
            eq(subscriptions.status, "active"),
            isNotNull(subscriptions.confirmedAt),
            chose(interest),
            options.without ? not(chose(options.without)) : undefined,
            options.where,
            after === undefined ? undefined : gt(subscriptions.id, after),
          ),
        )
        .orderBy(asc(subscriptions.id))
        .limit(batchSize);
      if (batch.length === 0) return;
      yield batch;
      after = batch.at(-1)?.id;
      if (batch.length < batchSize) return;
    }
  }

  /**
   * Each public medication and dosage written between `from` and `to`, with its lowest in-stock
   * price among public pharmacies at each end and the lowest any of them had before `from`, read
   * from `price_history` (every price write appends to it): each pharmacy's last observation at
   * each end. A pharmacy whose price was removed since takes no part at the end.
   */
  async function priceMoves(from: Date, to: Date): Promise<PriceMove[]> {
    const start = from.toISOString();
    const end = to.toISOString();
    // A price no longer listed (decision 048) is no digest's "lowest" either.
    const hiddenAt = freshness.hiddenBefore().toISOString();
    const query = sql`
      with changed as (
        select distinct medication_id, dosage from price_history
        where recorded_at > ${start}::timestamptz and recorded_at <= ${end}::timestamptz
      ),
      pairs as (
        select distinct h.medication_id, h.dosage, h.pharmacy_id
        from price_history h join changed c on c.medication_id = h.medication_id and c.dosage = h.dosage
      ),
      states as (
        select p.medication_id, p.dosage, p.pharmacy_id,
          b.price as before_price, b.in_stock as before_in_stock,
          a.price as after_price, a.in_stock as after_in_stock,
          (select min(h.price) from price_history h
            where h.medication_id = p.medication_id and h.dosage = p.dosage and h.pharmacy_id = p.pharmacy_id
              and h.in_stock and h.recorded_at <= ${start}::timestamptz) as ever_price
        from pairs p
        left join lateral (
          select price, in_stock from price_history h
          where h.medication_id = p.medication_id and h.dosage = p.dosage and h.pharmacy_id = p.pharmacy_id
            and h.recorded_at <= ${start}::timestamptz
          order by h.recorded_at desc limit 1
        ) b on true
        left join lateral (
          select price, in_stock from price_history h
          where h.medication_id = p.medication_id and h.dosage = p.dosage and h.pharmacy_id = p.pharmacy_id
            and h.recorded_at <= ${end}::timestamptz
            and exists (select 1 from prices where prices.medication_id = p.medication_id
              and prices.dosage = p.dosage and prices.pharmacy_id = p.pharmacy_id
              and prices.last_confirmed > ${hiddenAt}::timestamptz)
          order by h.recorded_at desc limit 1
        ) a on true
      ),
      lowest as (
        select states.medication_id, states.dosage,
          min(states.before_price) filter (where states.before_in_stock) as before,
          min(states.after_price) filter (where states.after_in_stock) as after,
          min(states.ever_price) as ever
        from states
        join ${pharmacies} on ${pharmacies.id} = states.pharmacy_id
        join ${medications} on ${medications.id} = states.medication_id
        where ${pharmacyIsPublic} and ${medicationIsPublic} and states.dosage = any(${medications.dosages})
        group by states.medication_id, states.dosage
      )
      select lowest.medication_id, lowest.dosage, lowest.before, lowest.after, lowest.ever,
        ${medications.name} as medication_name, ${medications.legalCategory} as legal_category,
        ${medications.subcategoryId} as condition_id, ${subcategories.name} as condition_name
      from lowest
      join ${medications} on ${medications.id} = lowest.medication_id
      join ${subcategories} on ${subcategories.id} = ${medications.subcategoryId}
      where lowest.after is not null
      order by condition_name, medication_name, lowest.dosage`;
    const { rows } = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
    const amount = (value: unknown) => (value === null || value === undefined ? null : Number(value));
    return rows.map((row) => ({
      medicationId: String(row.medication_id),
      medicationName: String(row.medication_name),
      dosage: String(row.dosage),
      // Anything unreadable is prescription-only, the safe reading (decision 035).
      legalCategory: readLegalCategory(row.legal_category) ?? "POM",
      conditionId: String(row.condition_id),
      conditionName: String(row.condition_name),
      before: amount(row.before) ?? Number.NaN,
      after: Number(row.after),
      lowestBefore: amount(row.ever),
    }));
  }

  /** The moves whose lowest price fell by at least `percent`. */
  async function falls(from: Date, to: Date, percent: number): Promise<PriceFall[]> {
    return (await priceMoves(from, to)).filter(
      (move) => Number.isFinite(move.before) && move.after <= move.before * ((100 - percent) / 100),
    );
  }

  /** Public medications first listed in the period. */
  async function newMedications(from: Date, to: Date): Promise<NewMedication[]> {
    const rows = await db
      .select({
        medicationId: medications.id,
        medicationName: medications.name,
        legalCategory: medications.legalCategory,
        conditionId: medications.subcategoryId,
        conditionName: subcategories.name,
      })
      .from(medications)
      .innerJoin(subcategories, eq(subcategories.id, medications.subcategoryId))
      .where(and(medicationIsPublic, gt(medications.createdAt, from), lte(medications.createdAt, to)))
      .orderBy(asc(subcategories.name), asc(medications.name));
    return rows.map((row) => ({ ...row, legalCategory: readLegalCategory(row.legalCategory) ?? "POM" }));
  }

  /**
   * Articles published in the period. An article whose title or address names a prescription-only
   * medicine is shown as "a new article in <category>" linking to the blog: price news never names
   * one (decision 038).
   */
  async function newArticles(from: Date, to: Date): Promise<NewArticle[]> {
    const rows = await db
      .select({ slug: blogPosts.slug, title: blogPosts.title, category: blogPosts.category })
      .from(blogPosts)
      .where(
        and(eq(blogPosts.published, true), gt(blogPosts.publishDate, from), lte(blogPosts.publishDate, to)),
      )
      .orderBy(asc(blogPosts.publishDate));
    if (rows.length === 0) return [];
    const catalogue = await db
      .select({
        name: medications.name,
        genericName: medications.genericName,
        legalCategory: medications.legalCategory,
      })
      .from(medications);
    // The contract's one rule (decision 040): as a reader sees the title, and the address's words.
    const names = prescriptionOnlyNames(catalogue);
    return rows.map((row) => {
      const namesOne = findNamedMedicine(`${row.title}\n${row.slug.replace(/-/g, " ")}`, names) !== undefined;
      return { ...row, title: namesOne ? null : row.title, slug: namesOne ? null : row.slug };
    });
  }

  /**
   * Queues one email per recipient of `recipients` that `build` answers for, a batch per
   * transaction: keys already queued are skipped (a repeated or taken-over run), then the batch's
   * unsubscribe links (each stopping `kind` only, decision 041) and emails are inserted, and the
   * run's lease renewed. `goOn`, asked inside each batch's transaction before it writes, ends the
   * run early (a cancelled newsletter: its lock orders the batch against the cancel).
   */
  async function queueToAudience(
    recipients: AsyncGenerator<Recipient[]>,
    context: Pick<JobContext, "renew">,
    build: (
      recipient: Recipient,
      followed: Set<string> | null,
    ) => { key: string; template: EmailTemplate; content: (links: NewsLinks) => RenderedEmail } | null,
    options: { kind: NewsKind; newsletterId?: string; goOn?: (tx: Database) => Promise<boolean> },
  ): Promise<{ subscribers: number; queued: number }> {
    const summary = { subscribers: 0, queued: 0 };
    for await (const batch of recipients) {
      summary.subscribers += batch.length;
      const due = batch.flatMap((recipient) => {
        const email = build(recipient, followedConditions(recipient.subscribedTo));
        return email ? [{ recipient, ...email }] : [];
      });
      let stopped = false;
      summary.queued += await db.transaction(async (tx) => {
        if (options.goOn && !(await options.goOn(tx))) {
          stopped = true;
          return 0;
        }
        const already = await outbox.queuedKeys(
          tx,
          due.map((entry) => entry.key),
        );
        const fresh = due.filter((entry) => !already.has(entry.key));
        const links = await outbox.subscriptionUnsubscribeLinks(
          tx,
          fresh.map((entry) => entry.recipient.id),
          options.kind,
        );
        await outbox.enqueueMany(
          tx,
          fresh.map((entry, index) => {
            const link = links[index] as (typeof links)[number];
            return {
              idempotencyKey: entry.key,
              template: entry.template,
              to: entry.recipient.email,
              content: entry.content({ unsubscribe: link.unsubscribe, manage: link.manage }),
              headers: link.headers,
              subscriptionId: entry.recipient.id,
              newsletterId: options.newsletterId ?? null,
              bulk: true,
            };
          }),
        );
        return fresh.length;
      });
      if (stopped || !(await context.renew())) break;
    }
    if (summary.queued > 0) outbox.wake();
    return summary;
  }

  /** The names of conditions by id, for the "why" line of subscribers who follow a few. */
  async function conditionNames(): Promise<Map<string, string>> {
    const rows = await db.select({ id: subcategories.id, name: subcategories.name }).from(subcategories);
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  return {
    audience,
    queueToAudience,
    conditionNames,
    priceMoves,
    falls,

    /**
     * The daily price-drop run: the falls of at least PRICE_DROP_PERCENT in the day before the
     * scheduled moment, one email to each confirmed subscriber to price drops with falls in what
     * they follow, keyed by subscriber and UK day (so at most one a day each).
     */
    async queuePriceDrops(context: Pick<JobContext, "scheduledFor" | "renew">) {
      const to = context.scheduledFor;
      const from = new Date(to.getTime() - DAY_MS);
      const percent = config.priceDropPercent;
      const found = await falls(from, to, percent);
      if (found.length === 0) return { falls: 0, subscribers: 0, queued: 0 };
      const names = await conditionNames();
      const day = londonDay(to);
      const sent = await queueToAudience(
        audience("priceDrops"),
        context,
        (recipient, followed) => {
          const theirs = inScope(found, followed);
          if (theirs.length === 0) return null;
          return {
            key: `price-drops:${recipient.id}:${day}`,
            template: "subscriber-price-drops",
            content: (links) =>
              subscriberPriceDropsEmail(
                theirs,
                { siteUrl: config.siteUrl, followed: scopeOf(followed, names), percent },
                links,
              ),
          };
        },
        { kind: "priceDrops" },
      );
      return { falls: found.length, ...sent };
    },

    /**
     * Monday's run: the week's digest to subscribers who chose it (largest falls, new lowest prices
     * and new medications in what they follow, articles published), none when their week is empty;
     * the week's new medications on their own to those who chose them without the digest.
     */
    async queueWeeklyDigest(context: Pick<JobContext, "scheduledFor" | "renew">) {
      const to = context.scheduledFor;
      const from = new Date(to.getTime() - 7 * DAY_MS);
      // The period of its keys is the UK week (from Monday), not the day: a run now on any day
      // of the week that Monday's run already served sends nobody a second digest (issue 41,
      // decision 038's "once per period").
      const week = londonWeek(to);
      const moves = await priceMoves(from, to);
      const weekFalls = moves
        .filter((move) => Number.isFinite(move.before) && move.after < move.before)
        .sort((a, b) => b.before / b.after - a.before / a.after);
      const newLows = moves.filter((move) => move.lowestBefore !== null && move.after < move.lowestBefore);
      const added = await newMedications(from, to);
      const articles = await newArticles(from, to);
      const names = await conditionNames();
      const digest = await queueToAudience(
        audience("weeklyDigest"),
        context,
        (recipient, followed) => {
          const theirs: WeeklyDigest = {
            falls: inScope(weekFalls, followed).slice(0, DIGEST_FALLS),
            newLows: inScope(newLows, followed).slice(0, DIGEST_FALLS),
            medications: inScope(added, followed),
            articles,
          };
          if (isEmptyDigest(theirs)) return null;
          return {
            key: `weekly-digest:${recipient.id}:${week}`,
            template: "weekly-digest",
            content: (links) =>
              weeklyDigestEmail(
                theirs,
                { siteUrl: config.siteUrl, followed: scopeOf(followed, names) },
                links,
              ),
          };
        },
        { kind: "weeklyDigest" },
      );
      const alone = await queueToAudience(
        audience("newMedications", { without: "weeklyDigest" }),
        context,
        (recipient, followed) => {
          const theirs = inScope(added, followed);
          if (theirs.length === 0) return null;
          return {
            key: `new-medications:${recipient.id}:${week}`,
            template: "new-medications",
            content: (links) =>
              newMedicationsEmail(
                theirs,
                { siteUrl: config.siteUrl, followed: scopeOf(followed, names) },
                links,
              ),
          };
        },
        { kind: "newMedications" },
      );
      return {
        falls: weekFalls.length,
        newLows: newLows.length,
        medications: added.length,
        articles: articles.length,
        digests: digest.queued,
        newMedicationEmails: alone.queued,
      };
    },
  };
}
