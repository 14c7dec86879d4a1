import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DELIVERY_LANES } from "../apps/api/src/modules/outbox/outbox-service.ts";
import type { PostgresServer } from "../scripts/postgres-server.ts";
import { type ApiProcess, check, one, query, signIn, sleep, startApi, stopApi } from "./harness.ts";

/** What the two bulk-mail kill scenarios share (faults/scenarios/kill-during-price-news.ts, kill-during-newsletter.ts). */
type Outcome = { acknowledged: string; found: string };

/**
 * The price news or newsletter emails of a fault scenario's subscribers (`where` picks them, over
 * `email_outbox o` joined to `subscriptions s`), and the `.eml` files the outbox wrote for them.
 */
/**
 * Waits until all that is left pending is held under a lease and nothing moved for a second: a row
 * a living process has in hand is sent within that second, while one the killed process held
 * waits out its lease (OUTBOX_LEASE_MS). Counting at the first moment pending equals leased would
 * count a living process's row in hand as the killed process's.
 */
export async function drainedOutbox<T extends { pending: string; leased: string }>(
  counts: () => Promise<T>,
  withinMs: number,
): Promise<T> {
  const until = Date.now() + withinMs;
  let last = await counts();
  while (Date.now() < until) {
    await sleep(1000);
    const next = await counts();
    const settled =
      Number(next.pending) <= Number(next.leased) &&
      next.pending === last.pending &&
      next.leased === last.leased;
    last = next;
    if (settled) break;
  }
  return last;
}

export function bulkMail(url: string, dataDir: string, where: string, values: unknown[]) {
  const ours = `from email_outbox o join subscriptions s on s.id = o.subscription_id where ${where}`;
  return {
    counts: async () =>
      one(
        await query<{ queued: string; sent: string; pending: string; leased: string; twice: string }>(
          url,
          `select count(*)::text as queued, count(*) filter (where o.status = 'sent')::text as sent,
             count(*) filter (where o.status = 'pending')::text as pending,
             count(*) filter (where o.status = 'pending' and o.locked_until > now())::text as leased,
             count(*) filter (where o.attempts > 1)::text as twice ${ours}`,
          values,
        ),
      ),
    messages: () => query<{ id: string; status: string }>(url, `select o.id, o.status ${ours}`, values),
    /** How many times each outbox row was written out as a file (the SMTP stand-in). */
    written() {
      const written = new Map<string, number>();
      const folder = path.join(dataDir, "mail");
      for (const file of existsSync(folder) ? readdirSync(folder) : []) {
        const id = /([0-9a-f-]{36})\.eml$/.exec(file)?.[1];
        if (id) written.set(id, (written.get(id) ?? 0) + 1);
      }
      return written;
    },
  };
}

type BulkMail = ReturnType<typeof bulkMail>;

/** SIGKILLs the API once a quarter of the mail has been written out: mid-send, with the rest queued. */
export async function killMidSend(api: ApiProcess, mail: BulkMail, subscribers: number, failures: string[]) {
  const deadline = Date.now() + 60_000;
  let atKill = await mail.counts();
  while (Number(atKill.sent) < subscribers / 4 && Date.now() < deadline) {
    await sleep(20);
    atKill = await mail.counts();
  }
  api.child.kill("SIGKILL");
  await api.exited;
  check(
    Number(atKill.sent) >= subscribers / 4 && Number(atKill.sent) < subscribers,
    `the kill landed after ${atKill.sent} of ${subscribers} messages, not mid-send`,
    failures,
  );
  return atKill;
}

/**
 * After the restart: waits for the queue to drain, then checks every subscriber has exactly one
 * message, written once, but for at most the one the killed process held (its lease runs out
 * after OUTBOX_LEASE_MS, and the same message goes again).
 */
export async function checkOncePerSubscriber(mail: BulkMail, subscribers: number, failures: string[]) {
  const after = await drainedOutbox(mail.counts, 60_000);
  const messages = await mail.messages();
  const written = mail.written();
  const unwritten = messages.filter((message) => message.status === "sent" && !written.has(message.id));
  const twice = messages.filter((message) => (written.get(message.id) ?? 0) > 1).length;
  check(
    messages.length === subscribers,
    `${messages.length} messages queued for ${subscribers} subscribers`,
    failures,
  );
  check(
    Number(after.pending) <= DELIVERY_LANES,
    `${after.pending} messages still unsent after the restart (at most the killed process's ${DELIVERY_LANES} lanes' in hand)`,
    failures,
  );
  check(
    // One per delivery lane of the killed process's run (its messages in flight).
    Number(after.leased) <= DELIVERY_LANES,
    `${after.leased} messages held by the killed process (at most ${DELIVERY_LANES}, one per delivery lane)`,
    failures,
  );
  check(unwritten.length === 0, `${unwritten.length} messages marked sent but never written`, failures);
  check(
    twice <= DELIVERY_LANES,
    `${twice} messages written twice (at most those in hand at the kill, one per lane)`,
    failures,
  );
  return { after, messages, twice };
}

/**
 * A bulk-mail kill scenario's set-up and clean-up: its own data folder and a signed-in API on
 * `pg`, and `subscribers` confirmed subscribers (`prefix…@example.co.uk`, with the choices given)
 * stored directly; afterwards the last API started is stopped and the folder removed, whatever happens.
 */
export async function mailKillScenario(
  pg: PostgresServer,
  kind: string,
  choices: { subscribedTo?: string; priceDrops: boolean; promotions: boolean },
  run: (scene: {
    api: ApiProcess;
    headers: Record<string, string>;
    dataDir: string;
    prefix: string;
    subscribers: number;
    /** Starts the API again on the same database and folder (after the kill). */
    restart: () => Promise<ApiProcess>;
  }) => Promise<Outcome>,
): Promise<Outcome> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `pc-faults-${kind}-`));
  const env = { DATABASE_URL: pg.url, DATA_DIR: dataDir };
  const subscribers = 2000;
  const prefix = `${kind}-kill-${Date.now()}-`;
  let api = await startApi(env);
  try {
    const headers = await signIn(api.url);
    await query(
      pg.url,
      `insert into subscriptions (email, source, subscribed_to, price_drops, new_medications, promotions,
         weekly_digest, confirmed_at, consent_version, consent_source, consented_at)
       select $1 || g || '@example.co.uk', 'footer', $3::jsonb, $4, false, $5, false, now(),
         'subscription-2026-11', 'footer', now()
       from generate_series(1, $2::int) g`,
      [
        prefix,
        subscribers,
        choices.subscribedTo ?? '[{"type":"all","value":null}]',
        choices.priceDrops,
        choices.promotions,
      ],
    );
    const restart = async () => {
      api = await startApi(env);
      return api;
    };
    return await run({ api, headers, dataDir, prefix, subscribers, restart });
  } finally {
    await stopApi(api);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** What a bulk-mail kill scenario found once the outbox drained, when all held: one message per subscriber. */
export function oncePerSubscriberFound({
  after,
  messages,
  twice,
}: Awaited<ReturnType<typeof checkOncePerSubscriber>>): string {
  return `${messages.length} messages, one per subscriber; ${after.sent} sent, ${after.leased} left under the killed process's lease, ${twice} written twice (the one in hand at the kill)`;
}
