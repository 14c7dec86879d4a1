import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { runningUnderVitest } from "../../config.ts";

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

interface Cost {
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP's Password Storage Cheat Sheet: scrypt with N=2^17, r=8, p=1 (128 MiB per hash). Stored
 * with each hash, so a hash made with older parameters is recognised and replaced at the next
 * successful sign-in (decision 030).
 */
export const PASSWORD_COST: Readonly<Cost> = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 64;

/**
 * What a stored hash may ask for before we spend anything on it: a row written by hand or by an
 * attacker with database access must not make a sign-in allocate gigabytes or run for minutes.
 */
const BOUNDS = {
  minLogN: 10,
  maxLogN: 18,
  maxR: 16,
  maxP: 4,
  /** scrypt needs 128·N·r bytes; N=2^18 with r=8 is 256 MiB. */
  maxMemory: 256 * 1024 * 1024,
  saltBytes: [16, 64],
  hashBytes: [32, 64],
} as const;

let cost: Readonly<Cost> = PASSWORD_COST;

/**
 * Test-only: hash at a lower N so the integration suite's hundreds of sign-ins stay fast. Refused
 * outside vitest, so no configuration can weaken production hashes. `undefined` restores N=2^17.
 */
export function setPasswordCostForTests(N: number | undefined): void {
  if (!runningUnderVitest()) throw new Error("setPasswordCostForTests is for the test suite only");
  cost = N === undefined ? PASSWORD_COST : { ...PASSWORD_COST, N };
}

/** Enough for the parameters (128·N·r·p) plus scrypt's own small buffers. */
const maxMemoryFor = (parameters: Cost) => 128 * parameters.N * parameters.r * parameters.p + 1024 * 1024;

interface ParsedHash extends Cost {
  salt: Buffer;
  hash: Buffer;
}

/** The stored parameters, salt and hash, or null when malformed or outside the bounds above. */
function parseStored(stored: string): ParsedHash | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [, n, r, p, saltText, hashText] = parts as [string, string, string, string, string, string];
  if (![n, r, p].every((value) => /^[1-9]\d{0,9}$/.test(value))) return null;
  const parameters = { N: Number(n), r: Number(r), p: Number(p) };
  const logN = Math.log2(parameters.N);
  if (!Number.isInteger(logN) || logN < BOUNDS.minLogN || logN > BOUNDS.maxLogN) return null;
  if (parameters.r > BOUNDS.maxR || parameters.p > BOUNDS.maxP) return null;
  if (128 * parameters.N * parameters.r * parameters.p > BOUNDS.maxMemory) return null;
  const salt = Buffer.from(saltText, "base64url");
  const hash = Buffer.from(hashText, "base64url");
  const within = (length: number, [min, max]: readonly [number, number]) => length >= min && length <= max;
  if (!within(salt.length, BOUNDS.saltBytes) || !within(hash.length, BOUNDS.hashBytes)) return null;
  return { ...parameters, salt, hash };
}

/** "scrypt$N$r$p$salt$hash" with base64url salt and hash. */
export async function hashPassword(password: string, parameters: Cost = cost): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH, { ...parameters, maxmem: maxMemoryFor(parameters) });
  return [
    "scrypt",
    parameters.N,
    parameters.r,
    parameters.p,
    salt.toString("base64url"),
    hash.toString("base64url"),
  ].join("$");
}

/** False for a wrong password, and for a stored value that is malformed or asks too much. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseStored(stored);
  if (!parsed) return false;
  const { salt, hash, ...parameters } = parsed;
  const actual = await scrypt(password, salt, hash.length, {
    ...parameters,
    maxmem: maxMemoryFor(parameters),
  });
  return actual.length === hash.length && timingSafeEqual(actual, hash);
}

/** Whether a (verified) stored hash was made with other parameters than today's: rehash it. */
export function needsRehash(stored: string): boolean {
  const parsed = parseStored(stored);
  return !parsed || parsed.N !== cost.N || parsed.r !== cost.r || parsed.p !== cost.p;
}

/** A password for the first admin when the operator set none: 24 characters from a 64-symbol alphabet. */
export function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}
