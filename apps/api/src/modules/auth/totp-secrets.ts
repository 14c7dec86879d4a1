import { and, eq, isNotNull, isNull, or } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { adminUsers } from "../../db/schema.ts";
import { type SecretBox, SecretBoxError } from "./secret-box.ts";

/**
 * TOTP secrets at rest (decision 030): `totp_secret` and `totp_pending_secret` hold the secret box's
 * sealed value, bound to the account, so a value copied onto another account is refused.
 */
const contextOf = (userId: string) => `admin_users.totp:${userId}`;

export const sealTotpSecret = (box: SecretBox, userId: string, secret: string) =>
  box.seal(secret, contextOf(userId));

/** The base32 secret; throws SecretBoxError for a value that is not sealed under our keys. */
export const openTotpSecret = (box: SecretBox, userId: string, stored: string) =>
  box.open(stored, contextOf(userId));

/**
 * At start-up (prepareDatabase, under the start-up lock): seals the plaintext secrets stored before
 * decision 030 and re-seals those under SECRETS_KEY_PREVIOUS with SECRETS_KEY. Each row is replaced
 * only if it still holds what was read. Refuses, naming the setting, when a value opens under
 * neither key: serving would leave those administrators unable to sign in. Answers rows changed.
 */
export async function resealTotpSecrets(db: Database, box: SecretBox): Promise<number> {
  const rows = await db
    .select({ id: adminUsers.id, secret: adminUsers.totpSecret, pending: adminUsers.totpPendingSecret })
    .from(adminUsers)
    .where(or(isNotNull(adminUsers.totpSecret), isNotNull(adminUsers.totpPendingSecret)));
  let changed = 0;
  let unreadable = 0;
  for (const row of rows) {
    const reseal = (stored: string | null): string | null => {
      if (stored === null || box.isCurrent(stored)) return stored;
      if (!box.isSealed(stored)) return sealTotpSecret(box, row.id, stored);
      try {
        return sealTotpSecret(box, row.id, openTotpSecret(box, row.id, stored));
      } catch (err) {
        if (!(err instanceof SecretBoxError)) throw err;
        unreadable += 1;
        return stored;
      }
    };
    const secret = reseal(row.secret);
    const pending = reseal(row.pending);
    if (secret === row.secret && pending === row.pending) continue;
    const same = (
      column: typeof adminUsers.totpSecret | typeof adminUsers.totpPendingSecret,
      value: string | null,
    ) => (value === null ? isNull(column) : eq(column, value));
    await db
      .update(adminUsers)
      .set({ totpSecret: secret, totpPendingSecret: pending })
      .where(
        and(
          eq(adminUsers.id, row.id),
          same(adminUsers.totpSecret, row.secret),
          same(adminUsers.totpPendingSecret, row.pending),
        ),
      );
    changed += 1;
  }
  if (unreadable > 0) {
    throw new Error(
      `SECRETS_KEY cannot decrypt ${unreadable} stored two-step verification secret${unreadable === 1 ? "" : "s"}: ` +
        "set SECRETS_KEY to the key they were encrypted with, or the new key with SECRETS_KEY_PREVIOUS set to the old one (docs/operations.md)",
    );
  }
  return changed;
}
