import type { FastifyInstance } from "fastify";
import { scheduleAlertExpiry } from "./modules/alerts/index.ts";
import { OUTBOX_POLL_MS } from "./modules/outbox/index.ts";
import { scheduleRetention } from "./modules/retention/index.ts";

/**
 * The API's background work, started by the processes that serve (server.ts, scripts/start.ts)
 * and not by tests, which drive each piece directly: the retention purge, alert expiry, the
 * email outbox worker, the click-out counts' batched writes (decision 044) and the scheduled jobs (price news, decision 038: each run once across
 * every process, by a lease in the database). Each is safe to run in every API process at once. Closing the app stops
 * them; the outbox worker finishes the message in hand first.
 */
export function scheduleJobs(app: FastifyInstance, options: { outboxPollMs?: number } = {}): void {
  scheduleRetention(app);
  scheduleAlertExpiry(app);
  app.addHook("onReady", async () => {
    app.services.outbox.start(options.outboxPollMs ?? OUTBOX_POLL_MS);
    // Owed cache purges (PURGE_URLS, decision 064): nothing runs when none is configured.
    app.services.sharedCache.start();
    app.services.clickOuts.start();
    // The fixed jobs on the queue (pg-boss, decision 066); feeds and due newsletters on its ticks.
    await app.services.jobs.start();
  });
}
