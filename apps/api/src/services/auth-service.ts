import { randomBytes } from "node:crypto";
import {
  ADMIN_ROLES,
  type AdminUser,
  type ChangePasswordRequest,
  type LoginRequest,
  passwordChangeMessages,
  passwordChangeProblem,
} from "@pharmacompare/contract";
import { and, eq, gt, isNull, lt, ne, or, sql } from "drizzle-orm";
import { claimAttempt, clearFailures, forgetStale, throttleKeys } from "../auth/login-throttle.ts";
import { hashPassword, verifyPassword } from "../auth/passwords.ts";
import { generateSessionToken, hashSessionToken } from "../auth/tokens.ts";
import type { Database } from "../db/client.ts";
import { adminSessions, adminUsers } from "../db/schema.ts";
import { recordAudit } from "./audit-service.ts";

/** A session ends after this long unused… */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** …and this long after sign-in, however busy. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** Sliding expiry writes at most this often per session, so reads stay reads. */
export const SESSION_TOUCH_MS = 60 * 1000;
/** Expired sessions are deleted this long after they end. */
export const SESSION_SWEEP_AFTER_MS = 24 * 60 * 60 * 1000;

export interface ClientInfo {
  ipAddress: string | null;
  userAgent: string | null;
}

export interface AdminPrincipal {
  user: AdminUser & { id: string };
  session: { id: string; createdAt: Date; idleExpiresAt: Date; absoluteExpiresAt: Date };
}

export type LoginResult =
  | { outcome: "signed-in"; token: string; user: AdminUser }
  | { outcome: "missing-fields" }
  | { outcome: "invalid" }
  | { outcome: "throttled"; retryAfterSeconds: number };

export type AuthenticateResult =
  | { outcome: "ok"; principal: AdminPrincipal }
  | { outcome: "unknown" }
  | { outcome: "expired" };

export type ChangePasswordResult =
  | { outcome: "changed"; otherSessionsRevoked: number }
  | { outcome: "invalid"; message: string }
  | { outcome: "throttled"; retryAfterSeconds: number };

function toRole(role: string): AdminUser["role"] {
  return ADMIN_ROLES.find((known) => known === role) ?? "admin";
}

function publicUser(user: { name: string; email: string; role: string }): AdminUser {
  return { name: user.name, email: user.email, role: toRole(user.role) };
}

let dummyHash: Promise<string> | undefined;
/** Verified against when the email is unknown, so the answer takes as long as for a real account. */
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString("base64url"));
  return dummyHash;
}

export type AuthService = ReturnType<typeof createAuthService>;

/**
 * Sign-in, sessions and password changes. Tokens are opaque; only their SHA-256 is stored.
 * Every state change writes its audit entry in the same transaction.
 */
export function createAuthService(db: Database, options: { now: () => Date }) {
  const { now } = options;

  return {
    async login(input: LoginRequest, client: ClientInfo): Promise<LoginResult> {
      const email = input.email.trim().toLowerCase();
      if (email === "" || input.password === "") return { outcome: "missing-fields" };
      const keys = throttleKeys({ ipAddress: client.ipAddress, email });
      // Counted before the (slow) password check, so simultaneous guesses cannot outrun the lock.
      const claim = await claimAttempt(db, keys, now());
      if (!claim.admitted) return { outcome: "throttled", retryAfterSeconds: claim.retryAfterSeconds };

      const [user] = await db
        .select()
        .from(adminUsers)
        .where(sql`lower(${adminUsers.email}) = ${email}`)
        .limit(1);
      const passwordOk = await verifyPassword(
        input.password,
        user?.passwordHash ?? (await dummyPasswordHash()),
      );

      if (!user || !passwordOk) {
        await db.transaction(async (tx) => {
          const at = now();
          await forgetStale(tx, at);
          await recordAudit(
            tx,
            {
              actor: { id: null, email },
              action: "login_failed",
              entityType: "admin_session",
              changes: { userAgent: client.userAgent },
              ipAddress: client.ipAddress,
            },
            at,
          );
        });
        return { outcome: "invalid" };
      }

      const token = generateSessionToken();
      await db.transaction(async (tx) => {
        const at = now();
        const [session] = await tx
          .insert(adminSessions)
          .values({
            userId: user.id,
            tokenHash: hashSessionToken(token),
            createdAt: at,
            lastUsedAt: at,
            idleExpiresAt: new Date(at.getTime() + SESSION_IDLE_MS),
            absoluteExpiresAt: new Date(at.getTime() + SESSION_ABSOLUTE_MS),
            ipAddress: client.ipAddress,
            userAgent: client.userAgent,
          })
          .returning({ id: adminSessions.id });
        await clearFailures(tx, keys);
        // Sessions dead for a day are of no further use (until then they still answer "Session
        // expired"); sweeping them here keeps the table small without a job.
        const sweepBefore = new Date(at.getTime() - SESSION_SWEEP_AFTER_MS);
        await tx
          .delete(adminSessions)
          .where(
            and(
              eq(adminSessions.userId, user.id),
              or(
                lt(adminSessions.absoluteExpiresAt, sweepBefore),
                lt(adminSessions.idleExpiresAt, sweepBefore),
                lt(adminSessions.revokedAt, sweepBefore),
              ),
            ),
          );
        await recordAudit(
          tx,
          {
            actor: { id: user.id, email: user.email },
            action: "login",
            entityType: "admin_session",
            entityId: session?.id ?? null,
            changes: { userAgent: client.userAgent },
            ipAddress: client.ipAddress,
          },
          at,
        );
      });
      return { outcome: "signed-in", token, user: publicUser(user) };
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
      const at = now();
      if (at >= session.idleExpiresAt || at >= session.absoluteExpiresAt) return { outcome: "expired" };

      let idleExpiresAt = session.idleExpiresAt;
      if (at.getTime() - session.lastUsedAt.getTime() >= SESSION_TOUCH_MS) {
        idleExpiresAt = new Date(
          Math.min(at.getTime() + SESSION_IDLE_MS, session.absoluteExpiresAt.getTime()),
        );
        await db
          .update(adminSessions)
          .set({ lastUsedAt: at, idleExpiresAt })
          .where(and(eq(adminSessions.id, session.id), isNull(adminSessions.revokedAt)));
      }
      return {
        outcome: "ok",
        principal: {
          user: { id: user.id, ...publicUser(user) },
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
      await db.transaction(async (tx) => {
        const at = now();
        await tx
          .update(adminSessions)
          .set({ revokedAt: at })
          .where(and(eq(adminSessions.id, principal.session.id), isNull(adminSessions.revokedAt)));
        await recordAudit(
          tx,
          {
            actor: { id: principal.user.id, email: principal.user.email },
            action: "logout",
            entityType: "admin_session",
            entityId: principal.session.id,
            ipAddress: client.ipAddress,
          },
          at,
        );
      });
    },

    /**
     * Back-office §5 rules with the specification's sentences; each check of the current password
     * counts against the account's sign-in throttle (a success clears it), since it is the same
     * secret being guessed.
     */
    async changePassword(
      principal: AdminPrincipal,
      input: ChangePasswordRequest,
      client: ClientInfo,
    ): Promise<ChangePasswordResult> {
      const problem = passwordChangeProblem(input);
      if (problem) return { outcome: "invalid", message: problem };
      const keys = throttleKeys({ email: principal.user.email });
      const claim = await claimAttempt(db, keys, now());
      if (!claim.admitted) return { outcome: "throttled", retryAfterSeconds: claim.retryAfterSeconds };

      const [user] = await db
        .select({ passwordHash: adminUsers.passwordHash })
        .from(adminUsers)
        .where(eq(adminUsers.id, principal.user.id));
      const actor = { id: principal.user.id, email: principal.user.email };
      if (!user || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
        await db.transaction(async (tx) => {
          const at = now();
          await forgetStale(tx, at);
          await recordAudit(
            tx,
            {
              actor,
              action: "password_change_failed",
              entityType: "admin_user",
              entityId: principal.user.id,
              changes: { reason: "current password incorrect" },
              ipAddress: client.ipAddress,
            },
            at,
          );
        });
        return { outcome: "invalid", message: passwordChangeMessages.currentIncorrect };
      }

      const passwordHash = await hashPassword(input.newPassword);
      return db.transaction(async (tx) => {
        const at = now();
        await tx
          .update(adminUsers)
          .set({ passwordHash, passwordChangedAt: at, updatedAt: at })
          .where(eq(adminUsers.id, principal.user.id));
        // Anyone else holding a session for this account (perhaps the reason for the change) is out.
        const revoked = await tx
          .update(adminSessions)
          .set({ revokedAt: at })
          .where(
            and(
              eq(adminSessions.userId, principal.user.id),
              ne(adminSessions.id, principal.session.id),
              isNull(adminSessions.revokedAt),
              gt(adminSessions.absoluteExpiresAt, at),
            ),
          )
          .returning({ id: adminSessions.id });
        await clearFailures(tx, keys);
        await recordAudit(
          tx,
          {
            actor,
            action: "password_change",
            entityType: "admin_user",
            entityId: principal.user.id,
            changes: { otherSessionsRevoked: revoked.length },
            ipAddress: client.ipAddress,
          },
          at,
        );
        return { outcome: "changed" as const, otherSessionsRevoked: revoked.length };
      });
    },
  };
}
