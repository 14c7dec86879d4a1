import { randomBytes } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { ApiConfig } from "../../config.ts";

export const SECRETS_KEY_FILE = "secrets.key";

/**
 * The keys of the secret box (secret-box.ts): SECRETS_KEY and SECRETS_KEY_PREVIOUS when set (the
 * configuration requires SECRETS_KEY in production). Outside production without one, a key is
 * generated into DATA_DIR/secrets.key (mode 0600) on first start and read thereafter, so
 * `npm start` needs no setting; losing that file loses the enrolled second factors (decision 030).
 */
export function secretKeys(config: Pick<ApiConfig, "secretsKey" | "secretsKeyPrevious" | "dataDir">): {
  current: Buffer;
  previous?: Buffer;
} {
  const current = config.secretsKey ?? keyFromFile(path.join(config.dataDir, SECRETS_KEY_FILE));
  return config.secretsKeyPrevious ? { current, previous: config.secretsKeyPrevious } : { current };
}

function keyFromFile(file: string): Buffer {
  try {
    return parseKeyFile(file, readFileSync(file, "utf8"));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "ENOENT") throw err;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  // Written whole under a temporary name, then linked into place: link fails if another process
  // got there first, and nobody ever reads a half-written key.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(temporary, `${randomBytes(32).toString("base64")}\n`, { mode: 0o600, flag: "wx" });
  try {
    linkSync(temporary, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
  } finally {
    unlinkSync(temporary);
  }
  return parseKeyFile(file, readFileSync(file, "utf8"));
}

function parseKeyFile(file: string, text: string): Buffer {
  const key = Buffer.from(text.trim(), "base64");
  if (key.length !== 32)
    throw new Error(`${file} does not hold a 32-byte base64 key: restore it, or set SECRETS_KEY`);
  return key;
}
