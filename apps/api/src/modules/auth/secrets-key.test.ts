import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { SECRETS_KEY_FILE, secretKeys } from "./secrets-key.ts";

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "pc-secrets-"));
  dirs.push(dir);
  return path.join(dir, "data");
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("the secrets key outside production", () => {
  it("is generated into DATA_DIR/secrets.key with mode 0600 on first start, and read thereafter", () => {
    const dataDir = freshDir();
    const config = { dataDir, secretsKey: undefined, secretsKeyPrevious: undefined };
    const first = secretKeys(config);
    expect(first.current).toHaveLength(32);
    const file = path.join(dataDir, SECRETS_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, "utf8").trim(), "base64")).toEqual(first.current);
    expect(secretKeys(config).current).toEqual(first.current);
  });

  it("is SECRETS_KEY when set (no file is written), with SECRETS_KEY_PREVIOUS beside it", () => {
    const dataDir = freshDir();
    const current = Buffer.alloc(32, 1);
    const previous = Buffer.alloc(32, 2);
    expect(secretKeys({ dataDir, secretsKey: current, secretsKeyPrevious: previous })).toEqual({
      current,
      previous,
    });
    expect(() => statSync(path.join(dataDir, SECRETS_KEY_FILE))).toThrow();
  });

  it("refuses a damaged key file instead of replacing it (that would lose every enrolled factor)", () => {
    const dataDir = freshDir();
    secretKeys({ dataDir, secretsKey: undefined, secretsKeyPrevious: undefined });
    writeFileSync(path.join(dataDir, SECRETS_KEY_FILE), "not a key\n");
    expect(() => secretKeys({ dataDir, secretsKey: undefined, secretsKeyPrevious: undefined })).toThrow(
      /secrets\.key does not hold a 32-byte base64 key: restore it, or set SECRETS_KEY/,
    );
  });
});
