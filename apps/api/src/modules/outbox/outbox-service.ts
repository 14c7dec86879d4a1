import { createHash, randomUUID } from "node:crypto";
import { endpointUrl, type NewsKind, publicEndpoints } from "@pharmacompare/contract";
import { and, asc, count, eq, gt, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { ApiConfig } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { emailLinks, emailOutbox, subscriptions } from "../../db/schema.ts";
import { hashEmail, newLinkToken } from "../../email/secrets.ts";
import type { RenderedEmail } from "../../email/templates.ts";
import {
  classifyFailure,
  createMailTransport,
  describeFailure,
  type MailTransport,
} from "../../email/transport.ts";
import { intervalWorker } from "../../jobs/interval-worker.ts";
import { databaseFailure } from "../../plugins/error-handler.ts";

/**
 * The email outbox and its delivery worker (decision 013). A write that causes an email queues
 * it in its own transaction (`enqueue(tx, …)`), so the email exists exactly when the write does;
 * the worker delivers each queued row at least once:
 *
 * - a worker claims one due row at a time per delivery lane (`FOR UPDATE SKIP LOCKED`) and takes a lease on it
 *   (`locked_until`, `claim_token`), commits, sends, then records the outcome only if its claim
 *   still holds. Several workers (in several processes) never hold the same row; a worker that
 *   dies mid-send leaves a lease that runs out, and the row is sent again by whoever comes next.
 * - a failure is retried with exponential back-off; a permanent refusal (5xx) or the last
 *   attempt marks it failed. Nothing is lost while SMTP is down: the rows wait.
 * - every row has an idempotency key (the same event never queues twice) and a Message-ID made
 *   from it, so every attempt of one message is the same message to the receiving server.
 * - a run opens one SMTP session and sends over its connections, several messages at once once
 *   the first has gone (`DELIVERY_LANES`), and closes it when the queue is empty: one connection
 *   per message held bulk mail to about nine a second (decision 038).
 * - at most MAIL_RATE messages a minute leave, across every process (the rows sent in the last
 *   minute are counted before each claim); due transactional email goes before
 *   price news (`bulk`), so a confirmation never waits behind a digest (decision 038).
 */

export type EmailTemplate =
  | "price-alert-confirmation"
  | "subscription-confirmation"
  | "price-drop"
  | "contact-acknowledgement"
  | "subscriber-price-drops"
  | "weekly-digest"
  | "new-medications"
  | "newsletter"
  | "newsletter-test"
  | "feed-ops-alert"
  | "newsletter-ops-alert"
  | "job-ops-alert";

export interface QueuedEmail {
  /** Names the event: queueing the same key twice queues one email. */
  idempotencyKey: string;
  template: EmailTemplate;
  to: string;
  content: RenderedEmail;
  headers: Record<string, string>;
  priceAlertId?: string | null;
  subscriptionId?: string | null;
  /** Price news to an audience: sent after due transactional email (decision 038). */
  bulk?: boolean;
  /** The staff newsletter it carries (decision 041). */
  newsletterId?: string | null;
}

/** What an email's unsubscribe link stops: an alert, a subscription, or all email to an address. */
export type LinkTarget = { priceAlertId: string } | { subscriptionId: string } | { emailHash: string };

export interface MintedLinks {
  /** SITE_URL/unsubscribe?token=…: the page in the email's footer. */
  unsubscribe: string;
  /** SITE_URL/manage-emails?token=…: the same secret opens a subscription's manage-my-emails page. */
  manage: string;
  /** API_URL/api/email/unsubscribe?token=…: the one-click address in List-Unsubscribe (RFC 8058). */
  oneClickUnsubscribe: string;
  /** List-Unsubscribe and List-Unsubscribe-Post for the email. */
  headers: Record<string, string>;
}

export interface DeliverySummary {
  sent: number;
  retrying: number;
  failed: number;
}

/** How long a claim holds a row: far longer than the SMTP timeouts (email/transport.ts). */
export const OUTBOX_LEASE_MS = 5 * 60 * 1000;
/** Attempts before a message is given up as failed: with the back-off below, about a day and a half. */
export const OUTBOX_MAX_ATTEMPTS = 12;
/** The worker's poll interval; a visitor's write also wakes it at once. */
export const OUTBOX_POLL_MS = 5_000;
/**
 * Messages one run sends at once, each over its own connection of the run's SMTP session. A run
 * starts with one and opens the rest only after a message has gone, so an unreachable server costs
 * one timeout per run, as with one lane.
 */
export const DELIVERY_LANES = 4;

/** The wait before attempt n + 1 after n failed ones: 1 min, 2, 4 … at most 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}

/** The domain of MAIL_FROM's address, for Message-IDs. */
function senderDomain(mailFrom: string): string {
  return /@([^>\s]+)>?\s*$/.exec(mailFrom)?.[1] ?? "pharmacompare.local";
}

/** A failure as the log may hold it: database errors carry bound values (addresses), so never whole. */
function loggable(error: unknown): Record<string, unknown> {
  return { ...(databaseFailure(error) ?? { message: describeFailure(error) }) };
}

export type OutboxService = ReturnType<typeof createOutboxService>;

export function createOutboxService(
  db: Database,
  options: {
    now: () => Date;
    config: Pick<ApiConfig, "smtpUrl" | "dataDir" | "mailFrom" | "siteUrl" | "apiUrl" | "mailRate">;
    log: FastifyBaseLogger;
  },
) {
  const { now, config, log } = options;
  const domain = senderDomain(config.mailFrom);
  const openTransport = (): MailTransport =>
    createMailTransport({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, connections: DELIVERY_LANES });

  /**
   * The worker (jobs/interval-worker.ts): one run at a time in this process, every OUTBOX_POLL_MS
   * and whenever woken; once stopping, it takes no new rows and finishes the one in hand.
   */
  const worker = intervalWorker(deliverDue, (error) => log.error(loggable(error), "email outbox run failed"));

  /**
   * Whether MAIL_RATE messages were sent within the last minute: one range read of the sent_at
   * index, whatever the queue's length, plus this process's messages in flight. Another process's
   * messages in flight are not counted, so each other process may go over by its lanes at the
   * boundary.
   */
  async function atMailRate(at: Date): Promise<boolean> {
    const [row] = await db
      .select({ recent: count() })
      .from(emailOutbox)
      .where(gt(emailOutbox.sentAt, new Date(at.getTime() - 60_000)));
    return (row?.recent ?? 0) + inFlight >= config.mailRate;
  }

  /** Messages this process has claimed and not yet recorded. */
  let inFlight = 0;
  /** This process's claims, one after another, so its lanes never read the rate at once. */
  let claims: Promise<unknown> = Promise.resolve();
  function claimInTurn(): ReturnType<typeof claimNext> {
    const claim = claims.then(claimNext);
    claims = claim.catch(() => {});
    return claim;
  }

  async function claimNext() {
    const at = now();
    if (await atMailRate(at)) return undefined;
    const due = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.status, "pending"),
          lte(emailOutbox.nextAttemptAt, at),
          or(isNull(emailOutbox.lockedUntil), lte(emailOutbox.lockedUntil, at)),
        ),
      )
      .orderBy(asc(emailOutbox.bulk), asc(emailOutbox.nextAttemptAt), asc(emailOutbox.createdAt))
      .limit(1)
      .for("update", { skipLocked: true });
    const [row] = await db
      .update(emailOutbox)
      .set({
        lockedUntil: new Date(at.getTime() + OUTBOX_LEASE_MS),
        claimToken: randomUUID(),
        attempts: sql`${emailOutbox.attempts} + 1`,
      })
      .where(inArray(emailOutbox.id, due))
      .returning();
    if (row) inFlight += 1;
    return row;
  }

  type Claimed = NonNullable<Awaited<ReturnType<typeof claimNext>>>;
  type Outcome = { result: keyof DeliverySummary; unreachable: boolean };

  async function deliver(row: Claimed, transport: MailTransport): Promise<Outcome> {
    const claim = row.claimToken as string;
    const context = {
      outboxId: row.id,
      messageId: row.messageId,
      template: row.template,
      attempt: row.attempts,
    };
    try {
      const receipt = await transport.send({
        outboxId: row.id,
        from: config.mailFrom,
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        headers: row.headers,
        messageId: row.messageId,
        date: row.createdAt,
      });
      const at = now();
      const recorded = await db.transaction(async (tx) => {
        const [done] = await tx
          .update(emailOutbox)
          .set({ status: "sent", sentAt: at, lockedUntil: null, claimToken: null, lastError: null })
          .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.claimToken, claim)))
          .returning({ subscriptionId: emailOutbox.subscriptionId });
        if (done?.subscriptionId) {
          await tx
            .update(subscriptions)
            .set({ emailsSentCount: sql`${subscriptions.emailsSentCount} + 1`, lastEmailSent: at })
            .where(eq(subscriptions.id, done.subscriptionId));
        }
        return done !== undefined;
      });
      if (recorded)
        log.info({ ...context, ...receipt }, receipt.file ? "email written to a file" : "email sent");
      else log.warn(context, "email sent after its lease ran out: another worker may send it too");
      return { result: "sent", unreachable: false };
    } catch (error) {
      const kind = classifyFailure(error);
      const final = kind === "permanent" || row.attempts >= OUTBOX_MAX_ATTEMPTS;
      const at = now();
      const nextAttemptAt = new Date(at.getTime() + retryDelayMs(row.attempts));
      await db.transaction(async (tx) => {
        await tx
          .update(emailOutbox)
          .set({
            status: final ? "failed" : "pending",
            ...(final ? {} : { nextAttemptAt }),
            lockedUntil: null,
            claimToken: null,
            lastError: describeFailure(error),
          })
          .where(
            and(
              eq(emailOutbox.id, row.id),
              eq(emailOutbox.claimToken, claim),
              eq(emailOutbox.status, "pending"),
            ),
          );
        // A subscriber's server refusing the address for good is a bounce (back-office §3): it
        // stops, and so does whatever else was queued for it (decision 038).
        if (kind === "permanent" && row.subscriptionId) {
          await tx
            .update(subscriptions)
            .set({ status: "bounced", updatedAt: at })
            .where(and(eq(subscriptions.id, row.subscriptionId), eq(subscriptions.status, "active")));
          await tx
            .update(emailOutbox)
            .set({ status: "cancelled", lockedUntil: null, claimToken: null })
            .where(
              and(eq(emailOutbox.subscriptionId, row.subscriptionId), eq(emailOutbox.status, "pending")),
            );
        }
      });
      const failure = error as { code?: string; responseCode?: number };
      const details = { ...context, code: failure.code, responseCode: failure.responseCode, kind };
      if (final) log.error(details, "email delivery failed for good");
      else log.warn({ ...details, nextAttemptAt }, "email delivery failed: will retry");
      return { result: final ? "failed" : "retrying", unreachable: kind === "unreachable" };
    }
  }

  /**
   * Delivers every due message and answers what happened: one lane first, then DELIVERY_LANES once
   * a message has gone, each lane claiming one row at a time over the run's one SMTP session. When
   * the mail server cannot be reached the run ends after that message (the rest wait for the
   * back-off rather than each timing out). Safe to call from any number of processes at once.
   */
  async function deliverDue(): Promise<DeliverySummary> {
    const summary: DeliverySummary = { sent: 0, retrying: 0, failed: 0 };
    const transport = openTransport();
    let unreachable = false;
    let widened: Promise<unknown> | undefined;
    const lane = async (first: boolean): Promise<void> => {
      while (!worker.stopping && !unreachable) {
        const row = await claimInTurn();
        if (!row) return;
        const outcome = await deliver(row, transport).finally(() => {
          inFlight -= 1;
        });
        summary[outcome.result] += 1;
        if (outcome.unreachable) unreachable = true;
        else if (first && outcome.result === "sent" && !widened) {
          widened = Promise.all(Array.from({ length: DELIVERY_LANES - 1 }, () => lane(false)));
          // Awaited below; a lane failing before then (a database error) must not count as an
          // unhandled rejection, which would end the process.
          widened.catch(() => {});
        }
      }
    };
    try {
      await lane(true);
    } finally {
      // Every lane ends before the session closes, whatever happened to the first.
      await Promise.allSettled([widened]);
      transport.close();
    }
    await widened;
    return summary;
  }

  function mintedLinks(token: string): MintedLinks {
    const oneClickUnsubscribe = `${config.apiUrl}${endpointUrl(publicEndpoints.unsubscribe, { query: { token } })}`;
    return {
      unsubscribe: `${config.siteUrl}/unsubscribe?${new URLSearchParams({ token })}`,
      manage: `${config.siteUrl}/manage-emails?${new URLSearchParams({ token })}`,
      oneClickUnsubscribe,
      headers: {
        "List-Unsubscribe": `<${oneClickUnsubscribe}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    };
  }

  async function enqueueMany(tx: Database, emails: QueuedEmail[]): Promise<void> {
    if (emails.length === 0) return;
    const at = now();
    await tx
      .insert(emailOutbox)
      .values(
        emails.map((email) => ({
          idempotencyKey: email.idempotencyKey,
          messageId: `<${createHash("sha256").update(email.idempotencyKey).digest("hex").slice(0, 32)}@${domain}>`,
          template: email.template,
          toAddress: email.to,
          subject: email.content.subject,
          textBody: email.content.text,
          htmlBody: email.content.html,
          headers: email.headers,
          priceAlertId: email.priceAlertId ?? null,
          subscriptionId: email.subscriptionId ?? null,
          newsletterId: email.newsletterId ?? null,
          bulk: email.bulk ?? false,
          nextAttemptAt: at,
        })),
      )
      .onConflictDoNothing({ target: emailOutbox.idempotencyKey });
  }

  return {
    /** Queues an email inside the transaction of the write that causes it. */
    async enqueue(tx: Database, email: QueuedEmail): Promise<void> {
      await enqueueMany(tx, [email]);
    },

    /** Queues a batch in one statement (price news); a key already queued is left as it is. */
    enqueueMany,

    /** Which of `keys` are queued already (in any state): a run taken over skips them. */
    async queuedKeys(tx: Database, keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await tx
        .select({ key: emailOutbox.idempotencyKey })
        .from(emailOutbox)
        .where(inArray(emailOutbox.idempotencyKey, keys));
      return new Set(rows.map((row) => row.key));
    },

    /**
     * A new unsubscribe link for one email (its own secret, stored hashed): the web page's address
     * for the footer and the API's one-click address for List-Unsubscribe.
     */
    async unsubscribeLink(tx: Database, target: LinkTarget): Promise<MintedLinks> {
      const { token, hash } = newLinkToken();
      await tx.insert(emailLinks).values({ tokenHash: hash, purpose: "unsubscribe", ...target });
      return mintedLinks(token);
    },

    /**
     * The manage-my-alerts link of an alert email (decision 043): SITE_URL/manage-emails?token=…, a
     * secret of its own naming the address (as a hash), so it opens every alert of the address and
     * still works after the alert it came with is deleted. It stops nothing by itself.
     */
    async manageLink(tx: Database, email: string): Promise<string> {
      const { token, hash } = newLinkToken();
      await tx.insert(emailLinks).values({ tokenHash: hash, purpose: "manage", emailHash: hashEmail(email) });
      return `${config.siteUrl}/manage-emails?${new URLSearchParams({ token })}`;
    },

    /**
     * An unsubscribe link for each of a batch's subscriptions, in one insert (price news). With
     * `kind`, the link stops that kind of email only (decision 041); its page offers everything.
     */
    async subscriptionUnsubscribeLinks(
      tx: Database,
      subscriptionIds: string[],
      kind?: NewsKind,
    ): Promise<MintedLinks[]> {
      if (subscriptionIds.length === 0) return [];
      const tokens = subscriptionIds.map(() => newLinkToken());
      await tx.insert(emailLinks).values(
        subscriptionIds.map((subscriptionId, index) => ({
          tokenHash: (tokens[index] as { hash: string }).hash,
          purpose: "unsubscribe",
          subscriptionId,
          stopsKind: kind ?? null,
        })),
      );
      return tokens.map(({ token }) => mintedLinks(token));
    },

    /**
     * A confirmation link (double opt-in): SITE_URL/confirm?token=…, and its hash for the key. It
     * names the consent request it confirms (decision 031).
     */
    async confirmLink(
      tx: Database,
      target: ({ priceAlertId: string } | { subscriptionId: string }) & { consentEventId: string },
    ): Promise<{ url: string; tokenHash: string }> {
      const { token, hash } = newLinkToken();
      await tx.insert(emailLinks).values({ tokenHash: hash, purpose: "confirm", ...target });
      return { url: `${config.siteUrl}/confirm?${new URLSearchParams({ token })}`, tokenHash: hash };
    },

    /** Unsent messages about something that was just unsubscribed are not sent. */
    async cancelPending(tx: Database, where: SQL): Promise<void> {
      await tx
        .update(emailOutbox)
        .set({ status: "cancelled", lockedUntil: null, claimToken: null })
        .where(and(eq(emailOutbox.status, "pending"), where));
    },

    deliverDue,

    /** Starts the worker in this process (server.ts and scripts/start.ts; tests drive deliverDue). */
    start(intervalMs: number = OUTBOX_POLL_MS): void {
      worker.start(intervalMs);
    },

    /** Asks a started worker to look now (after a write that queued an email has committed). */
    wake: worker.wake,

    /** Stops the worker: no new claims; the message in hand is finished and recorded first. */
    stop: worker.stop,
  };
}
