import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

// OWASP's scrypt guidance: N=2^15, r=8, p=1. Parameters are stored with each hash so they can rise later.
const COST = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 64;
const MAX_MEMORY = 128 * COST.N * COST.r * 2;

/** "scrypt$N$r$p$salt$hash" with base64url salt and hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH, { ...COST, maxmem: MAX_MEMORY });
  return ["scrypt", COST.N, COST.r, COST.p, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, hashText] = stored.split("$");
  if (scheme !== "scrypt" || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, "base64url");
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const actual = await scrypt(password, Buffer.from(saltText, "base64url"), expected.length, {
    ...cost,
    maxmem: 128 * cost.N * cost.r * 2,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A password for the first admin when the operator set none: 24 characters from a 64-symbol alphabet. */
export function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}
