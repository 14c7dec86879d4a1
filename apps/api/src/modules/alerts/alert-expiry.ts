import type { FastifyInstance } from "fastify";
import { intervalWorker } from "../../jobs/interval-worker.ts";
import { databaseFailure } from "../../plugins/error-handler.ts";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Marks price alerts past their expiry as expired, when the API starts and every hour after
 * (alerts also stop firing at their expiry whether or not this has run). Idempotent, so every API
 * process may run it. Its lifecycle is interval-worker.ts's: a run in hand is finished at close.
 */
export function scheduleAlertExpiry(app: FastifyInstance): void {
  const worker = intervalWorker(
    async () => {
      const expired = await app.services.priceAlerts.expire();
      if (expired > 0) app.log.info({ expired }, "price alerts expired");
    },
    (err) => app.log.error({ failure: databaseFailure(err) ?? String(err) }, "price alert expiry failed"),
  );
  app.addHook("onReady", async () => worker.start(HOUR_MS));
  app.addHook("preClose", async () => worker.stop());
}
