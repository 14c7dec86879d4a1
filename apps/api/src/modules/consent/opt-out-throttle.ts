import { and, eq, isNull, lte, or } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { emailSuppressions } from "../../db/schema.ts";
import { hashEmail } from "../../email/secrets.ts";

/**
 * An address on the opt-out list (`email_suppressions`: it asked for no more email) gets at most
 * one confirmation email in this long, however many alerts or subscriptions are asked for it
 * (decision 031): asking again is its way back, but nobody can use the forms to keep writing to it.
 */
const OPT_OUT_CONFIRMATION_INTERVAL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Whether a confirmation email may be queued to `email` at `at`, noting it when the address is on
 * the opt-out list. Called inside the request's transaction, after `countWrite` has locked the
 * address's counter row, so two requests for one address cannot both take the week's email.
 */
export async function mayQueueConfirmation(tx: Database, email: string, at: Date): Promise<boolean> {
  const emailHash = hashEmail(email);
  const [suppressed] = await tx
    .select({ emailHash: emailSuppressions.emailHash })
    .from(emailSuppressions)
    .where(eq(emailSuppressions.emailHash, emailHash));
  if (!suppressed) return true;
  const weekAgo = new Date(at.getTime() - OPT_OUT_CONFIRMATION_INTERVAL_MS);
  const noted = await tx
    .update(emailSuppressions)
    .set({ confirmationQueuedAt: at })
    .where(
      and(
        eq(emailSuppressions.emailHash, emailHash),
        or(
          isNull(emailSuppressions.confirmationQueuedAt),
          lte(emailSuppressions.confirmationQueuedAt, weekAgo),
        ),
      ),
    )
    .returning({ emailHash: emailSuppressions.emailHash });
  return noted.length > 0;
}
