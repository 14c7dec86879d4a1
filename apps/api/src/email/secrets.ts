import { createHash, randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { emailOutbox, priceAlerts, subscriptions } from "../db/schema.ts";
import { plainAddress } from "../domain/client-network.ts";

const sha256 = (value: string) => createHash("sha256").update(value, "utf8").digest("hex");

/**
 * The secret of one confirm or unsubscribe link: 32 random bytes, base64url (43 characters).
 * Only its SHA-256 is stored (email_links), like admin session tokens: a copy of the database
 * cannot confirm or unsubscribe anyone.
 */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashLinkToken(token) };
}

export const hashLinkToken = (token: string) => sha256(token);

/**
 * An email address as the write limit, opt-outs and address links know it: SHA-256 of the trimmed,
 * lower-cased address. (PostgreSQL computes the same with emailHashSql, so rows can be matched.)
 */
export const hashEmail = (email: string) => sha256(email.trim().toLowerCase());

/**
 * SHA-256 of a column's trimmed, lower-cased text, as hashEmail computes it. Beside hashEmail so
 * alerts and email links share it without one feature reaching into the other.
 */
export const emailHashSql = (
  column: typeof priceAlerts.email | typeof subscriptions.email | typeof emailOutbox.toAddress,
) => sql`encode(sha256(convert_to(lower(trim(${column})), 'UTF8')), 'hex')`;

/**
 * The client address kept in a consent record: SHA-256 of the address (IPv4-mapped IPv6 as IPv4),
 * so the record can be matched against a known address later without storing the address itself.
 */
export const hashClientAddress = (ipAddress: string | null) =>
  ipAddress ? sha256(plainAddress(ipAddress)) : null;
