import type { FastifyInstance } from "fastify";
import { databaseFailure } from "../../plugins/error-handler.ts";

const HOUR_MS = 60 * 60 * 1000;

/**
 * Marks price alerts past their expiry as expired, when the API starts and every hour after
 * (alerts also stop firing at their expiry whether or not this has run). Idempotent, so every API
 * process may run it.
 */
export function scheduleAlertExpiry(app: FastifyInstance): void {
  const run = async () => {
    try {
      const expired = await app.services.priceAlerts.expire();
      if (expired > 0) app.log.info({ expired }, "price alerts expired");
    } catch (err) {
      app.log.error({ failure: databaseFailure(err) ?? String(err) }, "price alert expiry failed");
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    void run();
    timer = setInterval(run, HOUR_MS);
    timer.unref();
  });
  app.addHook("preClose", async () => {
    if (timer) clearInterval(timer);
  });
}
