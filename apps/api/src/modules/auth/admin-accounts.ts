import {
  CONTROL_CHARACTERS_MESSAGE,
  hasControlCharacters,
  PASSWORD_MIN_LENGTH,
  passwordChangeMessages,
} from "@pharmacompare/contract";
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { adminLoginChallenges, adminRecoveryCodes, adminSessions, adminUsers } from "../../db/schema.ts";
import { type ActorContext, auditedWrite } from "../audit/index.ts";
import { isCommonPassword } from "./common-passwords.ts";
import { clearAccountCounters } from "./login-throttle.ts";
import { generatePassword, hashPassword } from "./passwords.ts";

/** A refusal an operator can act on; its message is printed as is. */
export class AdminAccountError extends Error {
  override name = "AdminAccountError";
}

/** Operator scripts act outside any session; the audit log names them so. */
const OPERATOR: ActorContext = { actor: { id: null, email: "operator" }, ipAddress: null };

const emailSchema = z.email();

function checkedEmail(email: string | undefined): string {
  const normalised = (email ?? "").trim().toLowerCase();
  if (!emailSchema.safeParse(normalised).success)
    throw new AdminAccountError("--email must be an email address");
  return normalised;
}

/**
 * A password an operator chose, checked by the rules a password change follows, or a generated one.
 * `source` names where it came from in the refusal: "--password", "ADMIN_PASSWORD".
 */
export function checkedPassword(
  password: string | undefined,
  source = "The password",
): { password: string; generated: boolean } {
  if (password === undefined) return { password: generatePassword(), generated: true };
  if (password.length < PASSWORD_MIN_LENGTH) {
    throw new AdminAccountError(`${source} must be at least ${PASSWORD_MIN_LENGTH} characters`);
  }
  // The sign-in form refuses such a password, so an account given one could never sign in.
  if (hasControlCharacters(password)) throw new AdminAccountError(`${source} ${CONTROL_CHARACTERS_MESSAGE}`);
  if (isCommonPassword(password))
    throw new AdminAccountError(`${source}: ${passwordChangeMessages.tooCommon}`);
  return { password, generated: false };
}

export interface AdminAccountResult {
  userId: string;
  email: string;
  /** Set only when we generated it: show it once, never store or log it. */
  generatedPassword?: string;
}

/** Creates an administrator; refuses an email already in use (case-insensitively). */
export async function createAdminAccount(
  db: Database,
  input: { email?: string; name?: string; password?: string },
): Promise<AdminAccountResult> {
  const email = checkedEmail(input.email);
  const name = (input.name ?? "").trim();
  if (name === "") throw new AdminAccountError("--name is required");
  const { password, generated } = checkedPassword(input.password);
  const passwordHash = await hashPassword(password);
  const duplicate = new AdminAccountError(`An administrator with email ${email} already exists`);

  const userId = await auditedWrite(db, OPERATOR, async (tx, audit) => {
    const [user] = await tx
      .insert(adminUsers)
      // A generated password was seen on a terminal: its first sign-in must replace it.
      .values({ name, email, passwordHash, mustChangePassword: generated })
      .onConflictDoNothing()
      .returning({ id: adminUsers.id });
    if (!user) throw duplicate;
    await audit({
      action: "create",
      entityType: "admin_user",
      entityId: user.id,
      changes: { email, name },
    });
    return user.id;
  });
  return { userId, email, ...(generated ? { generatedPassword: password } : {}) };
}

/** Sets a new password and signs the administrator out everywhere. */
export async function resetAdminPassword(
  db: Database,
  input: { email?: string; password?: string },
): Promise<AdminAccountResult & { sessionsRevoked: number }> {
  const email = checkedEmail(input.email);
  const { password, generated } = checkedPassword(input.password);
  const passwordHash = await hashPassword(password);

  return auditedWrite(db, OPERATOR, async (tx, audit, at) => {
    const [user] = await tx
      .update(adminUsers)
      .set({ passwordHash, passwordChangedAt: at, updatedAt: at, mustChangePassword: generated })
      .where(sql`lower(${adminUsers.email}) = ${email}`)
      .returning({ id: adminUsers.id });
    if (!user) throw new AdminAccountError(`No administrator has email ${email}`);
    const revoked = await tx
      .update(adminSessions)
      .set({ revokedAt: at })
      .where(and(eq(adminSessions.userId, user.id), isNull(adminSessions.revokedAt)))
      .returning({ id: adminSessions.id });
    await clearAccountCounters(tx, email);
    await audit({
      action: "password_reset",
      entityType: "admin_user",
      entityId: user.id,
      changes: { email, sessionsRevoked: revoked.length },
    });
    return {
      userId: user.id,
      email,
      sessionsRevoked: revoked.length,
      ...(generated ? { generatedPassword: password } : {}),
    };
  });
}

/**
 * For an administrator who lost both their authenticator and their recovery codes: removes the
 * second factor and the codes (they sign in with the password alone and may enrol again), and
 * signs them out everywhere, since whoever holds a session now may be the reason for the reset.
 */
export async function resetAdminSecondFactor(
  db: Database,
  input: { email?: string },
): Promise<{ userId: string; email: string; wasEnabled: boolean; sessionsRevoked: number }> {
  const email = checkedEmail(input.email);
  return auditedWrite(db, OPERATOR, async (tx, audit, at) => {
    const [before] = await tx
      .select({ id: adminUsers.id, enabledAt: adminUsers.totpEnabledAt })
      .from(adminUsers)
      .where(sql`lower(${adminUsers.email}) = ${email}`)
      .for("update");
    if (!before) throw new AdminAccountError(`No administrator has email ${email}`);
    await tx
      .update(adminUsers)
      .set({
        totpSecret: null,
        totpPendingSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
        updatedAt: at,
      })
      .where(eq(adminUsers.id, before.id));
    await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, before.id));
    await tx.delete(adminLoginChallenges).where(eq(adminLoginChallenges.userId, before.id));
    const revoked = await tx
      .update(adminSessions)
      .set({ revokedAt: at })
      .where(and(eq(adminSessions.userId, before.id), isNull(adminSessions.revokedAt)))
      .returning({ id: adminSessions.id });
    await clearAccountCounters(tx, email);
    const wasEnabled = before.enabledAt !== null;
    await audit({
      action: "second_factor_reset",
      entityType: "admin_user",
      entityId: before.id,
      changes: { email, wasEnabled, sessionsRevoked: revoked.length },
    });
    return { userId: before.id, email, wasEnabled, sessionsRevoked: revoked.length };
  });
}
