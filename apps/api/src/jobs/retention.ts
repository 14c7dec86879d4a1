import { lt } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client.ts";
import { contacts } from "../db/schema.ts";
import { forgetFailedSignIns } from "../services/audit-service.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** How long each kind of personal data is kept; the Privacy Policy states the same periods. */
export const RETENTION = {
  /** "For up to 12 months" after the enquiry. */
  contactMessagesDays: 365,
  /** Failed sign-ins hold an address and an attempted email: technical logs, "typically 90 days". */
  failedSignInDays: 90,
} as const;

export interface PurgeSummary {
  contacts: number;
  failedSignIns: number;
}

/**
 * Deletes personal data that has outlived its retention period. Idempotent, so every API process
 * may run it. (Ended sessions and stale sign-in counters are swept by the sign-in flow itself.)
 */
export async function purgeExpired(db: Database, now: Date): Promise<PurgeSummary> {
  const before = (days: number) => new Date(now.getTime() - days * DAY_MS);
  return db.transaction(async (tx) => {
    const removedContacts = await tx
      .delete(contacts)
      .where(lt(contacts.createdAt, before(RETENTION.contactMessagesDays)))
      .returning({ id: contacts.id });
    return {
      contacts: removedContacts.length,
      failedSignIns: await forgetFailedSignIns(tx, before(RETENTION.failedSignInDays)),
    };
  });
}

/**
 * Runs the purge when the API starts and every six hours after, until the API closes. The timer
 * does not keep the process alive, and a failed run is logged and retried next time.
 */
export function scheduleRetention(app: FastifyInstance, now: () => Date = () => new Date()): void {
  const run = async () => {
    try {
      const summary = await purgeExpired(app.database.db, now());
      if (Object.values(summary).some((count) => count > 0)) app.log.info(summary, "expired data deleted");
    } catch (err) {
      app.log.error({ err }, "retention purge failed");
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    void run();
    timer = setInterval(run, 6 * 60 * 60 * 1000);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    if (timer) clearInterval(timer);
  });
}
