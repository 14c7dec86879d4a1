import { createHash, randomInt } from "node:crypto";
import {
  type ConfirmSecondFactorRequest,
  isRecoveryCode,
  isTotpCode,
  type LoginResponse,
  secondFactorMessages as messages,
  normaliseCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  type RecoveryCodesResponse,
  SECOND_FACTOR_MAX_ATTEMPTS,
  type SecondFactorLoginRequest,
  type SecondFactorProofRequest,
  type SecondFactorSetup,
  type SecondFactorStatus,
} from "@pharmacompare/contract";
import { and, count, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import type { Database } from "../../db/client.ts";
import { adminLoginChallenges, adminRecoveryCodes, adminUsers } from "../../db/schema.ts";
import { badRequest, refuse } from "../../domain/refusal.ts";
import type { ActorContext, Audit, AuditService } from "../audit/index.ts";
import {
  type AdminPrincipal,
  endOtherSignIns,
  knownRole,
  openSession,
  publicUser,
  SESSION_IDLE_MS,
  tooManyAttempts,
} from "./auth-service.ts";
import type { ClientInfo } from "./client-info.ts";
import { claimAttempt, clearFailures, forgetStale, isKnownNetwork, throttleKeys } from "./login-throttle.ts";
import { verifyPassword } from "./passwords.ts";
import type { SecretBox } from "./secret-box.ts";
import { hashSessionToken } from "./tokens.ts";
import { openTotpSecret, sealTotpSecret } from "./totp-secrets.ts";

/** What authenticator apps show beside the account. */
const ISSUER = "PharmaCompare";
/** RFC 6238 defaults, which every authenticator app supports. */
const TOTP_PERIOD_SECONDS = 30;
/** Steps either side of now that are accepted: a phone's clock a little out, a slow typist. */
const TOTP_WINDOW = 1;
/** 160 bits, the size RFC 4226 recommends for an HMAC-SHA1 key. */
const SECRET_BYTES = 20;

function totpFor(secret: string, label = "") {
  return new TOTP({
    issuer: ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    algorithm: "SHA1",
  });
}

/** The time step a code belongs to if it is right at `at` (within the window), else null. */
function matchingStep(secret: string, code: string, at: Date): number | null {
  const token = normaliseCode(code);
  const timestamp = at.getTime();
  const delta = totpFor(secret).validate({ token, timestamp, window: TOTP_WINDOW });
  if (delta === null) return null;
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS, timestamp }) + delta;
}

/** Only the hash is stored; the user's id is mixed in so equal codes of two accounts differ. */
function hashRecoveryCode(userId: string, code: string): string {
  return createHash("sha256")
    .update(`${userId}:${normaliseCode(code)}`, "utf8")
    .digest("hex");
}

/** Ten codes of 16 characters from a 31-letter alphabet: about 79 bits each. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = "";
    for (let index = 0; index < RECOVERY_CODE_LENGTH; index += 1) {
      code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
    }
    return code.match(/.{4}/g)?.join("-") ?? code;
  });
}

async function replaceRecoveryCodes(tx: Database, userId: string, at: Date): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, userId));
  await tx
    .insert(adminRecoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(userId, code), createdAt: at })));
  return codes;
}

/**
 * Spends a code of the enrolled factor inside the caller's transaction: a TOTP code whose step is
 * later than the last one accepted (so none works twice, even from two requests at once), or an
 * unused recovery code (then marked used). Null when it is neither.
 */
async function spendCode(
  tx: Database,
  user: { id: string; totpSecret: string },
  code: string,
  at: Date,
): Promise<"totp" | "recovery" | null> {
  if (isTotpCode(code)) {
    const step = matchingStep(user.totpSecret, code, at);
    if (step === null) return null;
    const claimed = await tx
      .update(adminUsers)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(adminUsers.id, user.id),
          or(isNull(adminUsers.totpLastStep), lt(adminUsers.totpLastStep, step)),
        ),
      )
      .returning({ id: adminUsers.id });
    return claimed.length > 0 ? "totp" : null;
  }
  if (isRecoveryCode(code)) {
    const used = await tx
      .update(adminRecoveryCodes)
      .set({ usedAt: at })
      .where(
        and(
          eq(adminRecoveryCodes.userId, user.id),
          eq(adminRecoveryCodes.codeHash, hashRecoveryCode(user.id, code)),
          isNull(adminRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: adminRecoveryCodes.id });
    return used.length > 0 ? "recovery" : null;
  }
  return null;
}

/** 400 naming the form field, so the page can show the sentence beside it. */
const codeProblem = (code: string, allowRecovery: boolean) => {
  if (normaliseCode(code) === "") return badRequest(messages.codeRequired, "code");
  if (isTotpCode(code) || (allowRecovery && isRecoveryCode(code))) return null;
  return badRequest(allowRecovery ? messages.codeShape : messages.totpShape, "code");
};

/**
 * The staff second factor (decision 022): enrolment, the sign-in step after the password,
 * turning it off and new recovery codes. Every wrong code counts in the sign-in throttle, and
 * every change and failure is audited in its own transaction.
 */
export function createSecondFactorService(
  db: Database,
  options: { now: () => Date; audit: AuditService; sessionIdleMs?: number; secretBox: SecretBox },
) {
  const { now, audit, secretBox } = options;
  const idleMs = options.sessionIdleMs ?? SESSION_IDLE_MS;

  const actingAs = (principal: AdminPrincipal, client: ClientInfo): ActorContext => ({
    actor: { id: principal.user.id, email: principal.user.email },
    ipAddress: client.ipAddress,
  });

  /** Counted like a password change's check: the account from this network, never the network alone. */
  async function claimSignedIn(principal: AdminPrincipal, client: ClientInfo): Promise<string[]> {
    const keys = throttleKeys({
      email: principal.user.email,
      ipAddress: client.ipAddress,
      knownNetwork: true,
    }).filter((key) => !key.startsWith("ip:"));
    const claim = await claimAttempt(db, keys, now());
    if (!claim.admitted) throw tooManyAttempts(claim.retryAfterSeconds);
    return keys;
  }

  async function account(userId: string) {
    const [user] = await db.select().from(adminUsers).where(eq(adminUsers.id, userId));
    if (!user) throw refuse(401, "Authentication required", { code: "unauthenticated" });
    return user;
  }

  async function recordFailure(context: ActorContext, userId: string, reason: string) {
    await audit.write(context, async (tx, record, at) => {
      await forgetStale(tx, at);
      await record({
        action: "second_factor_failed",
        entityType: "admin_user",
        entityId: userId,
        changes: { reason },
      });
    });
  }

  /**
   * Checks the current password and a code of the enrolled factor, then runs `work` in the
   * transaction that spent the code. Refuses 400 naming the field, 409 when the factor is off,
   * 429 when throttled.
   */
  async function withProof<T>(
    principal: AdminPrincipal,
    input: SecondFactorProofRequest,
    client: ClientInfo,
    work: (tx: Database, record: Audit, at: Date) => Promise<T>,
  ): Promise<T> {
    const user = await account(principal.user.id);
    if (!user.totpEnabledAt || !user.totpSecret) throw refuse(409, messages.notEnabled);
    if (input.currentPassword === "") throw badRequest(messages.passwordRequired, "currentPassword");
    const problem = codeProblem(input.code, true);
    if (problem) throw problem;
    const keys = await claimSignedIn(principal, client);
    const context = actingAs(principal, client);

    if (!(await verifyPassword(input.currentPassword, user.passwordHash))) {
      await recordFailure(context, user.id, "current password incorrect");
      throw badRequest(messages.passwordIncorrect, "currentPassword");
    }
    const secret = openTotpSecret(secretBox, user.id, user.totpSecret);
    const outcome = await audit.write(context, async (tx, record, at) => {
      if (!(await spendCode(tx, { id: user.id, totpSecret: secret }, input.code, at))) {
        await forgetStale(tx, at);
        await record({
          action: "second_factor_failed",
          entityType: "admin_user",
          entityId: user.id,
          changes: { reason: "authentication code incorrect" },
        });
        return { ok: false as const };
      }
      await clearFailures(tx, keys);
      return { ok: true as const, value: await work(tx, record, at) };
    });
    if (!outcome.ok) throw badRequest(messages.codeIncorrect, "code");
    return outcome.value;
  }

  return {
    async status(principal: AdminPrincipal): Promise<SecondFactorStatus> {
      const user = await account(principal.user.id);
      const enabled = Boolean(user.totpEnabledAt && user.totpSecret);
      const [left] = await db
        .select({ n: count() })
        .from(adminRecoveryCodes)
        .where(and(eq(adminRecoveryCodes.userId, user.id), isNull(adminRecoveryCodes.usedAt)));
      return {
        enabled,
        enabledAt: enabled && user.totpEnabledAt ? user.totpEnabledAt.toISOString() : null,
        recoveryCodesLeft: enabled ? (left?.n ?? 0) : 0,
      };
    },

    /** A new pending secret (replacing any earlier one); refuses 409 when the factor is already on. */
    async startSetup(principal: AdminPrincipal, client: ClientInfo): Promise<SecondFactorSetup> {
      const secret = new Secret({ size: SECRET_BYTES }).base32;
      await audit.write(actingAs(principal, client), async (tx, record, at) => {
        const [started] = await tx
          .update(adminUsers)
          // Encrypted at rest (decision 030); the person setting up sees it once, below.
          .set({ totpPendingSecret: sealTotpSecret(secretBox, principal.user.id, secret), updatedAt: at })
          .where(and(eq(adminUsers.id, principal.user.id), isNull(adminUsers.totpEnabledAt)))
          .returning({ id: adminUsers.id });
        if (!started) throw refuse(409, messages.alreadyEnabled);
        await record({
          action: "update",
          entityType: "admin_user",
          entityId: principal.user.id,
          changes: { twoStepVerification: "setup started" },
        });
      });
      const otpauthUri = totpFor(secret, principal.user.email).toString();
      const qrSvg = await QRCode.toString(otpauthUri, {
        type: "svg",
        margin: 2,
        errorCorrectionLevel: "M",
      });
      return { secret, otpauthUri, qrSvg };
    },

    /** Turns the factor on with a first code from the pending secret; answers the recovery codes once. */
    async confirmSetup(
      principal: AdminPrincipal,
      input: ConfirmSecondFactorRequest,
      client: ClientInfo,
    ): Promise<RecoveryCodesResponse> {
      const user = await account(principal.user.id);
      if (user.totpEnabledAt) throw refuse(409, messages.alreadyEnabled);
      const pending = user.totpPendingSecret;
      if (!pending) throw badRequest(messages.noPendingSetup);
      const pendingSecret = openTotpSecret(secretBox, user.id, pending);
      const problem = codeProblem(input.code, false);
      if (problem) throw problem;
      const keys = await claimSignedIn(principal, client);
      const context = actingAs(principal, client);

      const step = matchingStep(pendingSecret, input.code, now());
      if (step === null) {
        await recordFailure(context, user.id, "setup code incorrect");
        throw badRequest(messages.codeIncorrect, "code");
      }
      return audit.write(context, async (tx, record, at) => {
        // Only the secret that was shown: a setup restarted meanwhile (another tab) must be confirmed
        // anew. The sealed value moves as it is: it is bound to the account, not to the column.
        const [enabled] = await tx
          .update(adminUsers)
          .set({
            totpSecret: pending,
            totpPendingSecret: null,
            totpEnabledAt: at,
            totpLastStep: step,
            updatedAt: at,
          })
          .where(
            and(
              eq(adminUsers.id, user.id),
              eq(adminUsers.totpPendingSecret, pending),
              isNull(adminUsers.totpEnabledAt),
            ),
          )
          .returning({ id: adminUsers.id });
        if (!enabled) throw refuse(409, messages.noPendingSetup);
        const recoveryCodes = await replaceRecoveryCodes(tx, user.id, at);
        // Sessions opened with the password alone end: from now on this account needs both (decision 030).
        const otherSessionsRevoked = await endOtherSignIns(tx, user.id, principal.session.id, at);
        await clearFailures(tx, keys);
        await record({
          action: "second_factor_enabled",
          entityType: "admin_user",
          entityId: user.id,
          changes: { otherSessionsRevoked },
        });
        return { message: messages.enabled, recoveryCodes };
      });
    },

    async disable(principal: AdminPrincipal, input: SecondFactorProofRequest, client: ClientInfo) {
      await withProof(principal, input, client, async (tx, record, at) => {
        await tx
          .update(adminUsers)
          .set({
            totpSecret: null,
            totpPendingSecret: null,
            totpEnabledAt: null,
            totpLastStep: null,
            updatedAt: at,
          })
          .where(eq(adminUsers.id, principal.user.id));
        await tx.delete(adminRecoveryCodes).where(eq(adminRecoveryCodes.userId, principal.user.id));
        // Its half-done sign-ins and other sessions end too (decision 030): whoever turned it off
        // may not be the person who turned it on.
        const otherSessionsRevoked = await endOtherSignIns(tx, principal.user.id, principal.session.id, at);
        await record({
          action: "second_factor_disabled",
          entityType: "admin_user",
          entityId: principal.user.id,
          changes: { otherSessionsRevoked },
        });
      });
      return { message: messages.disabled };
    },

    async regenerateRecoveryCodes(
      principal: AdminPrincipal,
      input: SecondFactorProofRequest,
      client: ClientInfo,
    ): Promise<RecoveryCodesResponse> {
      return withProof(principal, input, client, async (tx, record, at) => {
        const recoveryCodes = await replaceRecoveryCodes(tx, principal.user.id, at);
        await record({
          action: "recovery_codes_regenerated",
          entityType: "admin_user",
          entityId: principal.user.id,
        });
        return { message: "New recovery codes created; the old ones no longer work", recoveryCodes };
      });
    },

    /**
     * The second half of a sign-in: a live challenge and a code of the account's factor answer a
     * session. Refuses 400 (no or malformed code), 401 (challenge unknown, expired, spent or out
     * of attempts; or the code wrong) or 429 (throttled, like a wrong password).
     */
    async completeLogin(input: SecondFactorLoginRequest, client: ClientInfo): Promise<LoginResponse> {
      const problem = codeProblem(input.code, true);
      if (problem) throw problem;
      const expired = () => refuse(401, messages.challengeExpired, { code: "unauthenticated" });
      if (input.challenge === "") throw expired();

      const at = now();
      const [row] = await db
        .select({ challenge: adminLoginChallenges, user: adminUsers })
        .from(adminLoginChallenges)
        .innerJoin(adminUsers, eq(adminUsers.id, adminLoginChallenges.userId))
        .where(eq(adminLoginChallenges.tokenHash, hashSessionToken(input.challenge)))
        .limit(1);
      const { challenge, user } = row ?? {};
      const role = user ? knownRole(user.role) : null;
      const sealed = user?.totpEnabledAt ? user.totpSecret : null;
      const secret = user && sealed ? openTotpSecret(secretBox, user.id, sealed) : null;
      if (
        !challenge ||
        !user ||
        !role ||
        !secret ||
        challenge.usedAt ||
        challenge.expiresAt <= at ||
        challenge.attempts >= SECOND_FACTOR_MAX_ATTEMPTS
      ) {
        throw expired();
      }

      // Every code counts against the same keys as the password did (decision 019), before it is checked.
      const email = user.email.toLowerCase();
      const knownNetwork = await isKnownNetwork(db, email, client.ipAddress, at);
      const keys = throttleKeys({ ipAddress: client.ipAddress, email, knownNetwork });
      const claim = await claimAttempt(db, keys, at);
      if (!claim.admitted) throw tooManyAttempts(claim.retryAfterSeconds);

      const context = { actor: { id: user.id, email: user.email }, ipAddress: client.ipAddress };
      const outcome = await audit.write(context, async (tx, record, writeAt) => {
        // One attempt of the challenge's five, taken atomically so parallel guesses cannot share one.
        const [taken] = await tx
          .update(adminLoginChallenges)
          .set({ attempts: sql`${adminLoginChallenges.attempts} + 1` })
          .where(
            and(
              eq(adminLoginChallenges.id, challenge.id),
              lt(adminLoginChallenges.attempts, SECOND_FACTOR_MAX_ATTEMPTS),
              isNull(adminLoginChallenges.usedAt),
              gt(adminLoginChallenges.expiresAt, writeAt),
            ),
          )
          .returning({ id: adminLoginChallenges.id });
        if (!taken) return { outcome: "expired" as const };

        const factor = await spendCode(tx, { id: user.id, totpSecret: secret }, input.code, writeAt);
        if (!factor) {
          await forgetStale(tx, writeAt);
          await record({
            action: "login_failed",
            entityType: "admin_session",
            changes: { reason: "authentication code incorrect", userAgent: client.userAgent },
          });
          return { outcome: "wrong" as const };
        }
        await tx
          .update(adminLoginChallenges)
          .set({ usedAt: writeAt })
          .where(eq(adminLoginChallenges.id, challenge.id));
        const token = await openSession(tx, record, writeAt, {
          userId: user.id,
          email,
          client,
          keys,
          details: { secondFactor: factor },
          idleMs,
        });
        return { outcome: "ok" as const, token };
      });
      if (outcome.outcome === "expired") throw expired();
      if (outcome.outcome === "wrong") throw refuse(401, messages.codeIncorrect);
      return { token: outcome.token, user: publicUser(user, role) };
    },
  };
}
