import { SECOND_FACTOR_CHALLENGE_MS } from "@pharmacompare/contract";
import { isNotNull, lt, or } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { adminLoginChallenges } from "../../db/schema.ts";
import type { ClientInfo } from "./client-info.ts";
import { generateSessionToken, hashSessionToken } from "./tokens.ts";

/**
 * The step between a right password and a second factor (decision 022): an opaque token like a
 * session's (only its SHA-256 is stored), good for five minutes, one success and five wrong codes.
 * It is created in the sign-in's own transaction; second-factor-service.ts completes it.
 */
export async function createLoginChallenge(
  tx: Database,
  userId: string,
  client: ClientInfo,
  at: Date,
): Promise<string> {
  // Spent and expired challenges are worth nothing and hold an address: they go now.
  await tx
    .delete(adminLoginChallenges)
    .where(or(lt(adminLoginChallenges.expiresAt, at), isNotNull(adminLoginChallenges.usedAt)));
  const challenge = generateSessionToken();
  await tx.insert(adminLoginChallenges).values({
    userId,
    tokenHash: hashSessionToken(challenge),
    createdAt: at,
    expiresAt: new Date(at.getTime() + SECOND_FACTOR_CHALLENGE_MS),
    ipAddress: client.ipAddress,
    userAgent: client.userAgent,
  });
  return challenge;
}
