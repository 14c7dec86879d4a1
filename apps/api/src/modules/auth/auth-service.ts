import { randomBytes } from "node:crypto";
import {
  ADMIN_ROLES,
  type AdminUser,
  type ChangePasswordRequest,
  type LoginRequest,
  passwordChangeMessages,
  passwordChangeProblem,
  type SecondFactorChallenge,
} from "@pharmacompare/contract";
import { and, eq, gt, isNull, lt, ne, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "../../db/client.ts";
import { adminLoginChallenges, adminSessions, adminUsers } from "../../db/schema.ts";
import { badRequest, refuse, tooManyRequests } from "../../domain/refusal.ts";
import type { ActorContext, Audit, AuditService } from "../audit/index.ts";
import type { ClientInfo } from "./client-info.ts";
import { isCommonPassword } from "./common-passwords.ts";
import { createLoginChallenge } from "./login-challenges.ts";
import {
  claimAttempt,
  clearFailures,
  forgetStale,
  isKnownNetwork,
  refundAttempt,
  rememberNetwork,
  throttleKeys,
} from "./login-throttle.ts";
import { hashPassword, needsRehash, verifyPassword } from "./passwords.ts";
import { generateSessionToken, hashSessionToken } from "./tokens.ts";

/** A session ends after this long unused (ADMIN_IDLE_MINUTES; ASVS 3.3.2 asks for 30 minutes)… */
export const SESSION_IDLE_MS = 30 * 60 * 1000;
/** …and this long after sign-in, however busy. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** Sliding expiry writes at most this often per session, so reads stay reads. */
const SESSION_TOUCH_MS = 60 * 1000;
/** Expired sessions are deleted this long after they end. */
const SESSION_SWEEP_AFTER_MS = 24 * 60 * 60 * 1000;

export interface AdminPrincipal {
  user: AdminUser & { id: string };
  session: { id: string; createdAt: Date; idleExpiresAt: Date; absoluteExpiresAt: Date };
}

export interface LoginResult {
  token: string;
  user: AdminUser;
}

export type AuthenticateResult =
  | { outcome: "ok"; principal: AdminPrincipal }
  | { outcome: "unknown" }
  | { outcome: "expired" };

export interface ChangePasswordResult {
  otherSessionsRevoked: number;
}

/** The refusal of a throttled sign-in or password check: 429, with Retry-After in seconds. */
export function tooManyAttempts(retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return tooManyRequests(
    `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    retryAfterSeconds,
  );
}

/** The field each password-change sentence is about, so the form can show it there. */
const passwordChangeFields: Record<string, keyof ChangePasswordRequest> = {
  [passwordChangeMessages.currentRequired]: "currentPassword",
  [passwordChangeMessages.tooShort]: "newPassword",
  [passwordChangeMessages.mismatch]: "confirmPassword",
  [passwordChangeMessages.currentIncorrect]: "currentPassword",
  [passwordChangeMessages.tooCommon]: "newPassword",
};

const passwordChangeRefusal = (message: string) => badRequest(message, passwordChangeFields[message]);

/** A role this build knows, or null: an unknown role has no access at all (deny by default). */
export function knownRole(role: string): AdminUser["role"] | null {
  return ADMIN_ROLES.find((known) => known === role) ?? null;
}

/**
 * The account as the back-office sees it. `requireSecondFactor` is REQUIRE_SECOND_FACTOR: with it,
 * an account without an enabled factor is told to enrol (decision 030).
 */
export function publicUser(
  user: { name: string; email: string; mustChangePassword?: boolean; totpEnabledAt?: Date | null },
  role: AdminUser["role"],
  requireSecondFactor = false,
): AdminUser {
  return {
    name: user.name,
    email: user.email,
    role,
    mustChangePassword: user.mustChangePassword ?? false,
    mustEnrolSecondFactor: requireSecondFactor && !user.totpEnabledAt,
  };
}

/**
 * What a change of the account's credentials ends (decision 030): its sign-ins waiting for a
 * second factor, and every live session but the one that made the change. Inside the change's
 * transaction; answers how many sessions ended.
 */
export async function endOtherSignIns(
  tx: Database,
  userId: string,
  keepSessionId: string,
  at: Date,
): Promise<number> {
  await tx.delete(adminLoginChallenges).where(eq(adminLoginChallenges.userId, userId));
  const revoked = await tx
    .update(adminSessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(adminSessions.userId, userId),
        ne(adminSessions.id, keepSessionId),
        isNull(adminSessions.revokedAt),
        gt(adminSessions.absoluteExpiresAt, at),
      ),
    )
    .returning({ id: adminSessions.id });
  return revoked.length;
}

/**
 * Replaces a hash made with older scrypt parameters by one at today's, after the password was
 * just verified (decision 030). Conditional on the old hash, so a password changed meanwhile wins.
 */
async function upgradePasswordHash(tx: Database, userId: string, oldHash: string, newHash: string | null) {
  if (!newHash) return;
  await tx
    .update(adminUsers)
    .set({ passwordHash: newHash })
    .where(and(eq(adminUsers.id, userId), eq(adminUsers.passwordHash, oldHash)));
}

/** The signed-in admin as the actor of an audit entry. */
export function actingAs(principal: AdminPrincipal, client: ClientInfo): ActorContext {
  return { actor: { id: principal.user.id, email: principal.user.email }, ipAddress: client.ipAddress };
}

let dummyHash: Promise<string> | undefined;
/** Verified against when the email is unknown, so the answer takes as long as for a real account. */
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString("base64url"));
  return dummyHash;
}

/**
 * The end of every successful sign-in (password alone, or password then second factor), inside
 * the caller's audited transaction: the session row, the throttle keys cleared, the network
 * remembered, the account's long-dead sessions swept, and the "login" entry. Answers the token.
 */
export async function openSession(
  tx: Database,
  record: Audit,
  at: Date,
  signIn: {
    userId: string;
    email: string;
    client: ClientInfo;
    keys: string[];
    /** More for the "login" entry (which second factor was used). */
    details?: Record<string, unknown>;
    /** How long the session may go unused; the configured ADMIN_IDLE_MINUTES. */
    idleMs: number;
  },
): Promise<string> {
  const { userId, email, client, keys } = signIn;
  const token = generateSessionToken();
  const [session] = await tx
    .insert(adminSessions)
    .values({
      userId,
      tokenHash: hashSessionToken(token),
      createdAt: at,
      lastUsedAt: at,
      idleExpiresAt: new Date(at.getTime() + signIn.idleMs),
      absoluteExpiresAt: new Date(at.getTime() + SESSION_ABSOLUTE_MS),
      ipAddress: client.ipAddress,
      userAgent: client.userAgent,
    })
    .returning({ id: adminSessions.id });
  await clearFailures(tx, keys);
  await rememberNetwork(tx, email, client.ipAddress, at);
  // Sessions dead for a day are of no further use (until then they still answer "Session
  // expired"); sweeping them here keeps the table small without a job.
  const sweepBefore = new Date(at.getTime() - SESSION_SWEEP_AFTER_MS);
  await tx
    .delete(adminSessions)
    .where(
      and(
        eq(adminSessions.userId, userId),
        or(
          lt(adminSessions.absoluteExpiresAt, sweepBefore),
          lt(adminSessions.idleExpiresAt, sweepBefore),
          lt(adminSessions.revokedAt, sweepBefore),
        ),
      ),
    );
  await record({
    action: "login",
    entityType: "admin_session",
    entityId: session?.id ?? null,
    changes: { userAgent: client.userAgent, ...signIn.details },
  });
  return token;
}

/**
 * Sign-in, sessions and password changes. Tokens are opaque; only their SHA-256 is stored.
 * Every state change writes its audit entry in the same transaction, through the audit service.
 * Refusals are thrown (domain/refusal.ts) with the specification's sentences.
 */
export function createAuthService(
  db: Database,
  options: { now: () => Date; audit: AuditService; sessionIdleMs?: number; requireSecondFactor?: boolean },
) {
  const { now, audit } = options;
  const requireSecondFactor = options.requireSecondFactor ?? false;
  const idleMs = options.sessionIdleMs ?? SESSION_IDLE_MS;

  return {
    /**
     * The token and user of a new session, or a challenge when the account has a second factor;
     * refuses 400 (missing), 401 (wrong) or 429 (throttled).
     */
    async login(input: LoginRequest, client: ClientInfo): Promise<LoginResult | SecondFactorChallenge> {
      const email = input.email.trim().toLowerCase();
      if (email === "" || input.password === "") {
        const fields: Record<string, string> = {};
        if (email === "") fields.email = "is required";
        if (input.password === "") fields.password = "is required";
        throw refuse(400, "Email and password are required", { fields });
      }
      const knownNetwork = await isKnownNetwork(db, email, client.ipAddress, now());
      const keys = throttleKeys({ ipAddress: client.ipAddress, email, knownNetwork });
      // Counted before the (slow) password check, so simultaneous guesses cannot outrun the lock.
      const claim = await claimAttempt(db, keys, now());
      if (!claim.admitted) throw tooManyAttempts(claim.retryAfterSeconds);

      const [user] = await db
        .select()
        .from(adminUsers)
        .where(sql`lower(${adminUsers.email}) = ${email}`)
        .limit(1);
      const passwordOk = await verifyPassword(
        input.password,
        user?.passwordHash ?? (await dummyPasswordHash()),
      );

      // An account whose role this build does not know gets no session, with the same answer.
      const role = user ? knownRole(user.role) : null;
      if (!user || !passwordOk || !role) {
        // The attempted email is kept only when it is one: a password typed into the email field
        // must never land in the audit log.
        const attempted = z.email().safeParse(email).success ? email : null;
        await audit.write(
          { actor: { id: null, email: attempted }, ipAddress: client.ipAddress },
          async (tx, record, at) => {
            await forgetStale(tx, at);
            await record({
              action: "login_failed",
              entityType: "admin_session",
              changes: { userAgent: client.userAgent },
            });
          },
        );
        throw refuse(401, "Invalid credentials");
      }

      // The password is right: a hash made with older parameters is replaced now, while we have it.
      const upgradedHash = needsRehash(user.passwordHash) ? await hashPassword(input.password) : null;

      // With a second factor, the right password earns only a challenge to complete with a code.
      if (user.totpEnabledAt && user.totpSecret) {
        const challenge = await db.transaction(async (tx) => {
          await refundAttempt(tx, keys);
          await upgradePasswordHash(tx, user.id, user.passwordHash, upgradedHash);
          return createLoginChallenge(tx, user.id, client, now());
        });
        return { secondFactorRequired: true, challenge };
      }

      const actor = { id: user.id, email: user.email };
      const token = await audit.write({ actor, ipAddress: client.ipAddress }, async (tx, record, at) => {
        await upgradePasswordHash(tx, user.id, user.passwordHash, upgradedHash);
        return openSession(tx, record, at, { userId: user.id, email, client, keys, idleMs });
      });
      return { token, user: publicUser(user, role, requireSecondFactor) };
    },

    /** Resolves a bearer token to a live session, sliding its idle expiry forward. */
    async authenticate(token: string): Promise<AuthenticateResult> {
      const [row] = await db
        .select({ session: adminSessions, user: adminUsers })
        .from(adminSessions)
        .innerJoin(adminUsers, eq(adminUsers.id, adminSessions.userId))
        .where(eq(adminSessions.tokenHash, hashSessionToken(token)))
        .limit(1);
      if (!row || row.session.revokedAt) return { outcome: "unknown" };
      const { session, user } = row;
      const role = knownRole(user.role);
      if (!role) return { outcome: "unknown" };
      const at = now();
      if (at >= session.idleExpiresAt || at >= session.absoluteExpiresAt) return { outcome: "expired" };

      let idleExpiresAt = session.idleExpiresAt;
      if (at.getTime() - session.lastUsedAt.getTime() >= SESSION_TOUCH_MS) {
        idleExpiresAt = new Date(Math.min(at.getTime() + idleMs, session.absoluteExpiresAt.getTime()));
        await db
          .update(adminSessions)
          .set({ lastUsedAt: at, idleExpiresAt })
          .where(and(eq(adminSessions.id, session.id), isNull(adminSessions.revokedAt)));
      }
      return {
        outcome: "ok",
        principal: {
          user: { id: user.id, ...publicUser(user, role, requireSecondFactor) },
          session: {
            id: session.id,
            createdAt: session.createdAt,
            idleExpiresAt,
            absoluteExpiresAt: session.absoluteExpiresAt,
          },
        },
      };
    },

    async logout(principal: AdminPrincipal, client: ClientInfo): Promise<void> {
      const context = actingAs(principal, client);
      await audit.write(context, async (tx, record, at) => {
        await tx
          .update(adminSessions)
          .set({ revokedAt: at })
          .where(and(eq(adminSessions.id, principal.session.id), isNull(adminSessions.revokedAt)));
        await record({ action: "logout", entityType: "admin_session", entityId: principal.session.id });
      });
    },

    /**
     * Back-office §5 rules with the specification's sentences; each check of the current password
     * counts against the account's sign-in throttle (a success clears it), since it is the same
     * secret being guessed. Refuses 400 naming the field, or 429 when throttled.
     */
    async changePassword(
      principal: AdminPrincipal,
      input: ChangePasswordRequest,
      client: ClientInfo,
    ): Promise<ChangePasswordResult> {
      const problem = passwordChangeProblem(input);
      if (problem) throw passwordChangeRefusal(problem);
      // Checked before the current password, so it never spends one of the account's attempts.
      if (isCommonPassword(input.newPassword)) throw passwordChangeRefusal(passwordChangeMessages.tooCommon);
      // Counted per account and network (not the network alone): a stolen session's guesses lock
      // its own network out of the account, never the administrator's other networks.
      const keys = throttleKeys({
        email: principal.user.email,
        ipAddress: client.ipAddress,
        knownNetwork: true,
      }).filter((key) => !key.startsWith("ip:"));
      const claim = await claimAttempt(db, keys, now());
      if (!claim.admitted) throw tooManyAttempts(claim.retryAfterSeconds);

      const [user] = await db
        .select({ passwordHash: adminUsers.passwordHash })
        .from(adminUsers)
        .where(eq(adminUsers.id, principal.user.id));
      const context = actingAs(principal, client);
      if (!user || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
        await audit.write(context, async (tx, record, at) => {
          await forgetStale(tx, at);
          await record({
            action: "password_change_failed",
            entityType: "admin_user",
            entityId: principal.user.id,
            changes: { reason: "current password incorrect" },
          });
        });
        throw passwordChangeRefusal(passwordChangeMessages.currentIncorrect);
      }

      const passwordHash = await hashPassword(input.newPassword);
      return audit.write(context, async (tx, record, at) => {
        await tx
          .update(adminUsers)
          .set({ passwordHash, passwordChangedAt: at, updatedAt: at, mustChangePassword: false })
          .where(eq(adminUsers.id, principal.user.id));
        // Anyone else holding a session or a half-done sign-in for this account (perhaps the
        // reason for the change) is out.
        const otherSessionsRevoked = await endOtherSignIns(tx, principal.user.id, principal.session.id, at);
        await clearFailures(tx, keys);
        await record({
          action: "password_change",
          entityType: "admin_user",
          entityId: principal.user.id,
          changes: { otherSessionsRevoked },
        });
        return { otherSessionsRevoked };
      });
    },
  };
}
