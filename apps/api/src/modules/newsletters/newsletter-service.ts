import { randomUUID } from "node:crypto";
import {
  findCloseMatches,
  findNamedMedicine,
  type Newsletter,
  type NewsletterAudience,
  type NewsletterCloseMatch,
  type NewsletterList,
  type NewsletterListQuery,
  type NewsletterPreview,
  type NewsletterProgress,
  type NewsletterStatus,
  newsletterMessages,
  prescriptionOnlyNames,
} from "@pharmacompare/contract";
import { markdownHtml } from "@pharmacompare/safe-markdown/html";
import { markdownText } from "@pharmacompare/safe-markdown/text";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { ApiConfig } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import {
  adminUsers,
  emailOutbox,
  medications,
  newsletters,
  subcategories,
  subscriptions,
} from "../../db/schema.ts";
import { containsAny, readPage } from "../../domain/list-paging.ts";
import { refuse } from "../../domain/refusal.ts";
import { hashEmail } from "../../email/secrets.ts";
import { type DuePoller, JOB_MAX_ATTEMPTS, type JobContext } from "../../jobs/scheduler.ts";
import type { ActorContext, Audit, AuditService } from "../audit/index.ts";
import type { createFeedOpsAlerts } from "../feeds/index.ts";
import type { OutboxService } from "../outbox/index.ts";
import { chose, type PriceNewsService, scopeOf } from "../subscriptions/index.ts";
import { newsletterEmail } from "./newsletter-template.ts";

/**
 * Staff newsletters (issue 28, `promotions`; decision 041). A newsletter is written as a draft,
 * scheduled (sending now schedules it for now), and queued by whichever API process takes its run's
 * lease (jobs/scheduler.ts): one email per confirmed subscriber who chose promotions and fits the
 * audience, keyed newsletter × subscriber, the audience read in batches (never whole). Its progress
 * is counted from its outbox rows. It is marketing that may not advertise a prescription-only
 * medicine (HMR 2012 reg. 284, CAP Code 12.12): a subject or body naming one is refused with the
 * name, by the contract's one rule (decision 040).
 */

type NewsletterInputFields = {
  subject: string;
  body: string;
  audience: NewsletterAudience;
  confirmCloseMatches?: boolean | undefined;
};

const EDITABLE: NewsletterStatus[] = ["draft", "scheduled"];
/** Taken by a process and queued: due, or under way when its process died. */
const RUNNABLE: NewsletterStatus[] = ["scheduled", "sending"];
/**
 * Sending lasts until every queued email is sent or failed (issue 41: "Sent" while emails still
 * waited for MAIL_RATE read as done); a sent one whose emails were all sent has nothing to stop.
 */
const CANCELLABLE: NewsletterStatus[] = ["scheduled", "sending", "sent"];

/** The subscribers an audience names, besides being confirmed, active and having chosen promotions. */
function audienceWhere(audience: NewsletterAudience): SQL | undefined {
  const interests = audience.interests.length > 0 ? or(...audience.interests.map(chose)) : undefined;
  const listed = sql.join(
    audience.conditions.map((id) => sql`${id}`),
    sql`, `,
  );
  // A subscriber following every condition (an "all" entry, or no condition entry) is in every one.
  const conditions =
    audience.conditions.length > 0
      ? sql`(${subscriptions.subscribedTo} @> '[{"type":"all"}]'::jsonb
          or not (${subscriptions.subscribedTo} @> '[{"type":"condition"}]'::jsonb)
          or exists (select 1 from jsonb_array_elements(${subscriptions.subscribedTo}) as entry
            where entry->>'type' = 'condition' and entry->>'value' in (${listed})))`
      : undefined;
  return and(interests, conditions);
}

export function createNewsletterService(
  db: Database,
  options: {
    now: () => Date;
    config: Pick<ApiConfig, "siteUrl">;
    audit: AuditService;
    outbox: OutboxService;
    priceNews: PriceNewsService;
    /** The operations email (feed-ops-alerts.ts `send`): a newsletter whose run failed its last try. */
    opsMail: ReturnType<typeof createFeedOpsAlerts>["send"];
  },
) {
  const { now, config, audit, outbox, priceNews } = options;
  const notFound = () => refuse(404, newsletterMessages.notFound);

  /** The prescription-only medicines' names, by the catalogue now (decision 040). */
  async function prescriptionOnly(tx: Database): Promise<string[]> {
    const catalogue = await tx
      .select({
        name: medications.name,
        genericName: medications.genericName,
        legalCategory: medications.legalCategory,
      })
      .from(medications);
    return prescriptionOnlyNames(catalogue);
  }

  /**
   * What a reader sees of the body: the text its email shows, through the one renderer (so
   * "Mounj**aro**" and "Mounj&#97;ro" read "Mounjaro"; issue 42), and the markdown as written too,
   * for what the text leaves out but the HTML part still carries (a link's title).
   */
  const bodyAsRead = (body: string) => [markdownText(body, { siteUrl: config.siteUrl }), body].join("\n\n");

  /** The prescription-only medicines the subject and the body name, as their reader sees them. */
  async function namesIn(tx: Database, fields: { subject: string; body: string }) {
    const names = await prescriptionOnly(tx);
    return {
      inSubject: findNamedMedicine(fields.subject, names),
      inBody: findNamedMedicine(bodyAsRead(fields.body), names),
    };
  }

  /** The first prescription-only medicine the newsletter names, if any. */
  async function namedMedicine(tx: Database, fields: { subject: string; body: string }) {
    const { inSubject, inBody } = await namesIn(tx, fields);
    return inSubject ?? inBody;
  }

  /** Refuses a subject naming, or a body promoting, a prescription-only medicine (decision 040). */
  async function checkNamesNoMedicine(
    tx: Database,
    fields: { subject: string; body: string },
  ): Promise<void> {
    const { inSubject, inBody } = await namesIn(tx, fields);
    if (!inSubject && !inBody) return;
    const says = (name: string) => `names ${name}, a prescription-only medicine, which may not be advertised`;
    const problems: Record<string, string> = {};
    if (inSubject) problems.subject = says(inSubject);
    if (inBody) problems.body = says(inBody);
    const where = inSubject ? `The subject names ${inSubject}` : `The body names ${inBody}`;
    throw refuse(
      400,
      `${where}: a newsletter may not advertise a prescription-only medicine (Human Medicines Regulations 2012 reg. 284). Name the condition instead.`,
      { fields: problems },
    );
  }

  /** Words of the subject and the rendered body close to a prescription-only medicine's name. */
  async function closeMatchesIn(
    tx: Database,
    fields: { subject: string; body: string },
  ): Promise<NewsletterCloseMatch[]> {
    const names = await prescriptionOnly(tx);
    return [
      ...findCloseMatches(fields.subject, names).map((match) => ({ field: "subject" as const, ...match })),
      ...findCloseMatches(markdownText(fields.body, { siteUrl: config.siteUrl }), names).map((match) => ({
        field: "body" as const,
        ...match,
      })),
    ];
  }

  /**
   * The promoting-surfaces rule before a save, a test or a send (decision 040, issue 42): a name,
   * however disguised, is refused; a close match ("m0unjaro", "p-r-o-p-e-c-i-a") is a staff
   * member's deliberate choice, so it is refused with 409 naming it unless the request confirms
   * it, and then each confirmed word is audited with who confirmed it and for which medicine.
   */
  async function checkPromotesNoMedicine(
    tx: Database,
    fields: { subject: string; body: string },
    confirmed: boolean | undefined,
  ): Promise<NewsletterCloseMatch[]> {
    await checkNamesNoMedicine(tx, fields);
    const matches = await closeMatchesIn(tx, fields);
    if (matches.length === 0 || confirmed) return matches;
    const problems: Record<string, string> = {};
    for (const { field, word, medicine } of matches) {
      problems[field] ??=
        `“${word}” looks like ${medicine}, a prescription-only medicine, which may not be advertised. Confirm it is meant, or reword it`;
    }
    const listed = matches.map(({ word, medicine }) => `“${word}” (${medicine})`).join(", ");
    throw refuse(
      409,
      `Words close to a prescription-only medicine's name: ${listed}. Confirm they are meant, or reword them.`,
      { code: "confirmation_required", fields: problems },
    );
  }

  /** One audit entry per confirmed close match: who (the entry's actor), which word, which medicine. */
  async function auditConfirmed(
    record: Audit,
    newsletterId: string,
    step: "save" | "test" | "send",
    matches: NewsletterCloseMatch[],
  ): Promise<void> {
    for (const match of matches) {
      await record({
        action: "close_match_confirmed",
        entityType: "newsletter",
        entityId: newsletterId,
        changes: { ...match, step },
      });
    }
  }

  /** Unknown conditions are refused before anything is counted or stored. */
  async function checkConditions(tx: Database, audience: NewsletterAudience): Promise<void> {
    if (audience.conditions.length === 0) return;
    const known = await tx
      .select({ id: subcategories.id })
      .from(subcategories)
      .where(inArray(subcategories.id, audience.conditions));
    if (known.length < audience.conditions.length) {
      throw refuse(400, `Audience conditions ${newsletterMessages.unknownCondition}`, {
        fields: { "audience.conditions": newsletterMessages.unknownCondition },
      });
    }
  }

  /** Who it goes to: confirmed, active subscribers who chose promotions and fit the audience. */
  const recipientsWhere = (audience: NewsletterAudience) =>
    and(
      eq(subscriptions.status, "active"),
      isNotNull(subscriptions.confirmedAt),
      chose("promotions"),
      audienceWhere(audience),
    );

  async function recipientCount(database: Database, audience: NewsletterAudience): Promise<number> {
    const [row] = await database
      .select({ total: count() })
      .from(subscriptions)
      .where(recipientsWhere(audience));
    return row?.total ?? 0;
  }

  /**
   * Sending becomes sent once its audience is all queued and none of its emails waits any more
   * (each was sent or failed): run at each scheduler tick and before staff read the list.
   */
  async function settleSent(): Promise<void> {
    await db
      .update(newsletters)
      .set({ status: "sent", updatedAt: now() })
      .where(
        and(
          eq(newsletters.status, "sending"),
          isNotNull(newsletters.sentAt),
          sql`not exists (select 1 from ${emailOutbox} where ${emailOutbox.newsletterId} = ${newsletters.id} and ${emailOutbox.status} = 'pending')`,
        ),
      );
  }

  /** Each newsletter's emails by where they are. Bounced: refused for good, the subscription bounced. */
  async function progressOf(database: Database, ids: string[]): Promise<Map<string, NewsletterProgress>> {
    const progress = new Map<string, NewsletterProgress>();
    if (ids.length === 0) return progress;
    const rows = await database
      .select({
        id: emailOutbox.newsletterId,
        queued: sql<number>`count(*) filter (where ${emailOutbox.status} = 'pending')`.mapWith(Number),
        sent: sql<number>`count(*) filter (where ${emailOutbox.status} = 'sent')`.mapWith(Number),
        bounced:
          sql<number>`count(*) filter (where ${emailOutbox.status} = 'failed' and ${subscriptions.status} = 'bounced')`.mapWith(
            Number,
          ),
        failed:
          sql<number>`count(*) filter (where ${emailOutbox.status} = 'failed' and ${subscriptions.status} is distinct from 'bounced')`.mapWith(
            Number,
          ),
      })
      .from(emailOutbox)
      .leftJoin(subscriptions, eq(subscriptions.id, emailOutbox.subscriptionId))
      .where(inArray(emailOutbox.newsletterId, ids))
      .groupBy(emailOutbox.newsletterId);
    for (const row of rows) {
      if (row.id)
        progress.set(row.id, {
          queued: row.queued,
          sent: row.sent,
          failed: row.failed,
          bounced: row.bounced,
        });
    }
    return progress;
  }

  const selectNewsletters = (database: Database, where?: SQL) =>
    database
      .select({ newsletter: newsletters, createdBy: adminUsers.name })
      .from(newsletters)
      .leftJoin(adminUsers, eq(adminUsers.id, newsletters.createdBy))
      .where(where)
      .orderBy(desc(newsletters.createdAt), asc(newsletters.id));

  type Row = Awaited<ReturnType<typeof selectNewsletters>>[number];
  const NONE: NewsletterProgress = { queued: 0, sent: 0, failed: 0, bounced: 0 };

  const toNewsletter = ({ newsletter, createdBy }: Row, progress: NewsletterProgress = NONE): Newsletter => ({
    _id: newsletter.id,
    subject: newsletter.subject,
    body: newsletter.body,
    audience: { interests: newsletter.audienceInterests, conditions: newsletter.audienceConditions },
    status: newsletter.status as NewsletterStatus,
    scheduledFor: newsletter.scheduledFor?.toISOString() ?? null,
    createdBy,
    createdAt: newsletter.createdAt.toISOString(),
    updatedAt: newsletter.updatedAt.toISOString(),
    sentAt: newsletter.sentAt?.toISOString() ?? null,
    cancelledAt: newsletter.cancelledAt?.toISOString() ?? null,
    progress,
  });

  async function reload(database: Database, id: string): Promise<Newsletter> {
    const [row] = await selectNewsletters(database, eq(newsletters.id, id));
    if (!row) throw notFound();
    return toNewsletter(row, (await progressOf(database, [id])).get(id));
  }

  /** The row, locked for the change, if its status allows it (409 otherwise). */
  async function lockIn(tx: Database, id: string, allowed: NewsletterStatus[], refusal: string) {
    const [row] = await tx.select().from(newsletters).where(eq(newsletters.id, id)).for("update");
    if (!row) throw notFound();
    if (!allowed.includes(row.status as NewsletterStatus)) throw refuse(409, refusal, { code: "conflict" });
    return row;
  }

  const audienceOf = (row: typeof newsletters.$inferSelect): NewsletterAudience => ({
    interests: row.audienceInterests as NewsletterAudience["interests"],
    conditions: row.audienceConditions,
  });

  /**
   * Queues a due newsletter to its audience (the poller's run; one process holds its lease). A run
   * taken over after a crash skips everyone already queued (their keys), so each subscriber gets it
   * once; a cancel between batches ends it.
   */
  async function queue(id: string, context: Pick<JobContext, "renew">): Promise<Record<string, unknown>> {
    const started = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(newsletters).where(eq(newsletters.id, id)).for("update");
      if (!row || !RUNNABLE.includes(row.status as NewsletterStatus)) return undefined;
      if (row.status === "scheduled") {
        // Nobody in its audience any more (they left since it was scheduled): the run fails, is
        // tried again, and after its last try the newsletter says "Failed" (issue 41).
        if ((await recipientCount(tx, audienceOf(row))) === 0) return { noRecipients: true as const };
        // The catalogue decides (decision 040): a medicine re-classed as prescription-only since the
        // newsletter was scheduled sends it back to its writer rather than out.
        const named = await namedMedicine(tx, row);
        if (named) {
          await tx
            .update(newsletters)
            .set({ status: "draft", scheduledFor: null, updatedAt: now() })
            .where(eq(newsletters.id, id));
          return { refused: named };
        }
        await tx
          .update(newsletters)
          .set({ status: "sending", updatedAt: now() })
          .where(eq(newsletters.id, id));
      }
      return row;
    });
    if (!started) return { skipped: true };
    if ("noRecipients" in started) throw new Error(newsletterMessages.noRecipients);
    if ("refused" in started) return { backToDraft: true, names: started.refused };
    // Each batch reads the status under a share lock, so a cancel (which locks the row to change it)
    // either comes first and the batch writes nothing, or comes after and cancels what it wrote.
    const stillSending = async (tx: Database) => {
      const [row] = await tx
        .select({ status: newsletters.status })
        .from(newsletters)
        .where(eq(newsletters.id, id))
        .for("share");
      return row?.status === "sending";
    };
    const content = {
      subject: started.subject,
      html: markdownHtml(started.body, { siteUrl: config.siteUrl }),
      text: markdownText(started.body, { siteUrl: config.siteUrl }),
    };
    const names = await priceNews.conditionNames();
    const summary = await priceNews.queueToAudience(
      priceNews.audience("promotions", { where: audienceWhere(audienceOf(started)) }),
      context,
      (recipient, followed) => ({
        key: `newsletter:${id}:${recipient.id}`,
        template: "newsletter",
        content: (links) => newsletterEmail(content, { followed: scopeOf(followed, names) }, links),
      }),
      { kind: "promotions", newsletterId: id, goOn: stillSending },
    );
    // Taken over (this process was too slow) or cancelled: whoever holds it now says when it is sent.
    if (!(await context.renew())) return { ...summary, finished: false };
    // All queued: it stays "sending" until its emails have gone (settleSent).
    const at = now();
    const queued = await db
      .update(newsletters)
      .set({ sentAt: at, updatedAt: at })
      .where(and(eq(newsletters.id, id), eq(newsletters.status, "sending")))
      .returning({ id: newsletters.id });
    return { ...summary, finished: queued.length > 0 };
  }

  /** After a run's last try failed: "Failed", and the operations address is told (once). */
  async function failed(id: string, error: unknown): Promise<void> {
    const [row] = await db
      .update(newsletters)
      .set({ status: "failed", updatedAt: now() })
      .where(and(eq(newsletters.id, id), inArray(newsletters.status, RUNNABLE)))
      .returning({ subject: newsletters.subject });
    if (!row) return;
    await options.opsMail({
      key: `newsletter-ops:${id}`,
      template: "newsletter-ops-alert",
      subject: `Newsletter failed: ${row.subject}`,
      blocks: [
        {
          kind: "paragraph",
          text: `The newsletter "${row.subject}" could not be sent: its run failed ${JOB_MAX_ATTEMPTS} times (latest: ${String(error ?? "no reason recorded")}).`,
        },
        {
          kind: "paragraph",
          text: "Emails already queued still go; nobody else receives it. Check the reason, then write it again as a new newsletter.",
        },
        { kind: "button", label: "Open Newsletters", href: `${config.siteUrl}/admin/newsletters` },
      ],
    });
  }

  const poller: DuePoller = {
    name: "newsletters",
    async due(at) {
      await settleSent();
      const rows = await db
        .select({ id: newsletters.id, scheduledFor: newsletters.scheduledFor })
        .from(newsletters)
        .where(
          and(
            inArray(newsletters.status, RUNNABLE),
            lte(newsletters.scheduledFor, at),
            // Queued to everyone: nothing left to run, only emails to wait for.
            isNull(newsletters.sentAt),
          ),
        )
        .orderBy(asc(newsletters.scheduledFor));
      return rows.map((row) => ({ slot: row.id, scheduledFor: row.scheduledFor ?? at }));
    },
    run: (slot, context) => queue(slot, context),
    async after(slot, result) {
      if (result.outcome === "failed" && result.attempts >= JOB_MAX_ATTEMPTS) {
        await failed(slot, result.summary.error);
      }
    },
  };

  return {
    poller,

    async list(query: z.output<typeof NewsletterListQuery>): Promise<NewsletterList> {
      await settleSent();
      const where = and(
        containsAny(query.search, [newsletters.subject]),
        query.status ? eq(newsletters.status, query.status) : undefined,
      );
      const { rows, info } = await readPage(
        query,
        db.select({ total: count() }).from(newsletters).where(where),
        (limit, offset) => selectNewsletters(db, where).limit(limit).offset(offset),
      );
      const progress = await progressOf(
        db,
        rows.map((row) => row.newsletter.id),
      );
      return { newsletters: rows.map((row) => toNewsletter(row, progress.get(row.newsletter.id))), ...info };
    },

    async get(id: string): Promise<Newsletter> {
      await settleSent();
      return reload(db, id);
    },

    create(context: ActorContext, fields: NewsletterInputFields): Promise<Newsletter> {
      return audit.write(context, async (tx, record, at) => {
        const confirmed = await checkPromotesNoMedicine(tx, fields, fields.confirmCloseMatches);
        await checkConditions(tx, fields.audience);
        const [row] = await tx
          .insert(newsletters)
          .values({
            subject: fields.subject,
            body: fields.body,
            audienceInterests: fields.audience.interests,
            audienceConditions: fields.audience.conditions,
            createdBy: context.actor.id,
            createdAt: at,
            updatedAt: at,
          })
          .returning({ id: newsletters.id });
        if (!row) throw new Error("insert returned no row");
        await record({
          action: "create",
          entityType: "newsletter",
          entityId: row.id,
          changes: { subject: fields.subject, audience: fields.audience },
        });
        await auditConfirmed(record, row.id, "save", confirmed);
        return reload(tx, row.id);
      });
    },

    update(context: ActorContext, id: string, fields: NewsletterInputFields): Promise<Newsletter> {
      return audit.write(context, async (tx, record, at) => {
        const before = await lockIn(tx, id, EDITABLE, newsletterMessages.notEditable);
        const confirmed = await checkPromotesNoMedicine(tx, fields, fields.confirmCloseMatches);
        await checkConditions(tx, fields.audience);
        await tx
          .update(newsletters)
          .set({
            subject: fields.subject,
            body: fields.body,
            audienceInterests: fields.audience.interests,
            audienceConditions: fields.audience.conditions,
            updatedAt: at,
          })
          .where(eq(newsletters.id, id));
        await record({
          action: "update",
          entityType: "newsletter",
          entityId: id,
          changes: {
            ...(before.subject === fields.subject
              ? {}
              : { subject: { from: before.subject, to: fields.subject } }),
            ...(before.body === fields.body ? {} : { body: "changed" }),
            audience: fields.audience,
          },
        });
        await auditConfirmed(record, id, "save", confirmed);
        return reload(tx, id);
      });
    },

    /** How many would receive it now. */
    async countAudience(audience: NewsletterAudience): Promise<number> {
      await checkConditions(db, audience);
      return recipientCount(db, audience);
    },

    /**
     * The body through the blog's safe renderer, refused as a send would be for a medicine's name;
     * close matches are listed for the writer (saving, testing or sending asks to confirm them).
     */
    async preview(fields: { subject: string; body: string }): Promise<NewsletterPreview> {
      const closeMatches = await checkPromotesNoMedicine(db, fields, true);
      return { subject: fields.subject, html: markdownHtml(fields.body), closeMatches };
    },

    /** Queues one copy to the signed-in staff member's own address, at once (not price news). */
    async sendTest(context: ActorContext, id: string, confirmCloseMatches?: boolean): Promise<void> {
      const to = context.actor.email;
      if (!to) throw refuse(400, "Your account has no email address to send a test to");
      await audit.write(context, async (tx, record) => {
        const [row] = await tx.select().from(newsletters).where(eq(newsletters.id, id));
        if (!row) throw notFound();
        const confirmed = await checkPromotesNoMedicine(tx, row, confirmCloseMatches);
        await auditConfirmed(record, id, "test", confirmed);
        const links = await outbox.unsubscribeLink(tx, { emailHash: hashEmail(to) });
        const html = markdownHtml(row.body, { siteUrl: config.siteUrl });
        const text = markdownText(row.body, { siteUrl: config.siteUrl });
        await outbox.enqueue(tx, {
          idempotencyKey: `newsletter-test:${id}:${randomUUID()}`,
          template: "newsletter-test",
          to,
          content: newsletterEmail({ subject: row.subject, html, text }, { test: true }, links),
          headers: links.headers,
        });
      });
      outbox.wake();
    },

    /** Schedules it for `sendAt`, or for now: the next tick of any process queues it. */
    schedule(
      context: ActorContext,
      id: string,
      sendAt: string | null | undefined,
      confirmCloseMatches?: boolean,
    ): Promise<Newsletter> {
      return audit.write(context, async (tx, record, at) => {
        const before = await lockIn(tx, id, EDITABLE, newsletterMessages.notSchedulable);
        const when = sendAt ? new Date(sendAt) : at;
        if (sendAt && when.getTime() <= at.getTime()) {
          throw refuse(400, `The send time ${newsletterMessages.sendAtPast}`, {
            fields: { sendAt: newsletterMessages.sendAtPast },
          });
        }
        const confirmed = await checkPromotesNoMedicine(tx, before, confirmCloseMatches);
        await checkConditions(tx, audienceOf(before));
        // Nobody to send it to: refused with the reason, rather than "Sent" to no one (issue 41).
        if ((await recipientCount(tx, audienceOf(before))) === 0) {
          throw refuse(409, newsletterMessages.noRecipients, { code: "conflict" });
        }
        await tx
          .update(newsletters)
          .set({ status: "scheduled", scheduledFor: when, updatedAt: at })
          .where(eq(newsletters.id, id));
        await record({
          action: "status_change",
          entityType: "newsletter",
          entityId: id,
          changes: {
            status: { from: before.status, to: "scheduled" },
            scheduledFor: when.toISOString(),
            sendNow: !sendAt,
          },
        });
        await auditConfirmed(record, id, "send", confirmed);
        return reload(tx, id);
      });
    },

    /**
     * Stops it, before or while it is sent: what is still queued is not sent, and a run under way
     * stops at its next batch. Once every email has gone there is nothing left to cancel.
     */
    cancel(context: ActorContext, id: string): Promise<Newsletter> {
      return audit.write(context, async (tx, record, at) => {
        const before = await lockIn(tx, id, CANCELLABLE, newsletterMessages.notCancellable);
        if (before.status === "sent" && ((await progressOf(tx, [id])).get(id)?.queued ?? 0) === 0) {
          throw refuse(409, newsletterMessages.notCancellable, { code: "conflict" });
        }
        await tx
          .update(newsletters)
          .set({ status: "cancelled", cancelledAt: at, updatedAt: at })
          .where(eq(newsletters.id, id));
        await outbox.cancelPending(tx, eq(emailOutbox.newsletterId, id));
        await record({
          action: "status_change",
          entityType: "newsletter",
          entityId: id,
          changes: { status: { from: before.status, to: "cancelled" } },
        });
        return reload(tx, id);
      });
    },
  };
}
