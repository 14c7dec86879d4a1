import { createHash, randomBytes } from "node:crypto";

/** 32 random bytes, base64url: 43 characters, 256 bits of entropy. */
export function generateSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database stores instead of the token: a stolen table cannot be replayed. */
export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Whether a presented value could be a session token at all (else it is not even looked up). */
export function hasTokenShape(value: string | undefined): value is string {
  return value !== undefined && TOKEN_SHAPE.test(value);
}

/** The token from `Authorization: Bearer <token>`, or null when the header is absent or malformed. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer +(\S+)\s*$/i.exec(header);
  const token = match?.[1];
  return hasTokenShape(token) ? token : null;
}
