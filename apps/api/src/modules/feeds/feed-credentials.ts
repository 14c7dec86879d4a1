import { and, eq, isNotNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { pharmacyFeeds } from "../../db/schema.ts";
import { type SecretBox, SecretBoxError } from "../auth/index.ts";

/**
 * A feed's credential header value at rest (decision 045): sealed by the secret box under
 * SECRETS_KEY (decision 030), bound to its pharmacy so a value copied to another feed is refused.
 */
const contextOf = (pharmacyId: string) => `pharmacy_feeds.header:${pharmacyId}`;

export const sealFeedHeader = (box: SecretBox, pharmacyId: string, value: string) =>
  box.seal(value, contextOf(pharmacyId));

/** The header's value; throws SecretBoxError for a value not sealed under our keys. */
export const openFeedHeader = (box: SecretBox, pharmacyId: string, sealed: string) =>
  box.open(sealed, contextOf(pharmacyId));

/**
 * At start-up beside the TOTP secrets (prepareDatabase): re-seals under SECRETS_KEY the feed
 * credentials SECRETS_KEY_PREVIOUS sealed, so the old key can go. A value neither key opens is left
 * as it is and counted (its feed's runs fail, saying so, until staff enter the credential again):
 * unlike a second factor, it locks nobody out, so it does not stop the start.
 */
export async function resealFeedHeaders(
  db: Database,
  box: SecretBox,
): Promise<{ resealed: number; unreadable: number }> {
  const rows = await db
    .select({ pharmacyId: pharmacyFeeds.pharmacyId, sealed: pharmacyFeeds.headerValueSealed })
    .from(pharmacyFeeds)
    .where(isNotNull(pharmacyFeeds.headerValueSealed));
  let resealed = 0;
  let unreadable = 0;
  for (const { pharmacyId, sealed } of rows) {
    if (sealed === null || box.isCurrent(sealed)) continue;
    let value: string;
    try {
      value = openFeedHeader(box, pharmacyId, sealed);
    } catch (err) {
      if (!(err instanceof SecretBoxError)) throw err;
      unreadable += 1;
      continue;
    }
    // Only if it still holds what was read.
    await db
      .update(pharmacyFeeds)
      .set({ headerValueSealed: sealFeedHeader(box, pharmacyId, value) })
      .where(and(eq(pharmacyFeeds.pharmacyId, pharmacyId), eq(pharmacyFeeds.headerValueSealed, sealed)));
    resealed += 1;
  }
  return { resealed, unreadable };
}
