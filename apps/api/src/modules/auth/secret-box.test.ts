import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSecretBox, keyIdOf, SecretBoxError } from "./secret-box.ts";

const oldKey = randomBytes(32);
const newKey = randomBytes(32);
const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

describe("the secret box (AES-256-GCM, decision 030)", () => {
  it("round-trips a value as a versioned string that holds neither the value nor the key", () => {
    const box = createSecretBox({ current: newKey });
    const sealed = box.seal(SECRET, "totp:user-1");
    expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]{11}:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(sealed.split(":")[1]).toBe(keyIdOf(newKey));
    expect(sealed).not.toContain(SECRET);
    expect(sealed).not.toContain(newKey.toString("base64url"));
    expect(box.open(sealed, "totp:user-1")).toBe(SECRET);
    // A fresh IV every time: equal secrets do not give equal values.
    expect(box.seal(SECRET, "totp:user-1")).not.toBe(sealed);
    expect(box.isCurrent(sealed)).toBe(true);
    expect(box.isSealed(sealed)).toBe(true);
    expect(box.isSealed(SECRET)).toBe(false);
  });

  it("refuses a tampered value: ciphertext, tag or IV changed, or cut short", () => {
    const box = createSecretBox({ current: newKey });
    const sealed = box.seal(SECRET, "totp:user-1");
    const [version, keyId, iv, tag, ciphertext] = sealed.split(":") as [
      string,
      string,
      string,
      string,
      string,
    ];
    const flip = (text: string) => {
      const bytes = Buffer.from(text, "base64url");
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      return bytes.toString("base64url");
    };
    for (const tampered of [
      [version, keyId, iv, tag, flip(ciphertext)],
      [version, keyId, iv, flip(tag), ciphertext],
      [version, keyId, flip(iv), tag, ciphertext],
      [version, keyId, iv, tag, ciphertext.slice(0, -2)],
      [version, keyId, iv, tag.slice(0, 8), ciphertext],
      ["v2", keyId, iv, tag, ciphertext],
      [version, keyId, iv, tag],
    ]) {
      expect(() => box.open(tampered.join(":"), "totp:user-1"), tampered.join(":")).toThrow(SecretBoxError);
    }
    expect(() => box.open(SECRET, "totp:user-1")).toThrow(SecretBoxError);
  });

  it("refuses a value moved to another account or purpose (the context is authenticated)", () => {
    const box = createSecretBox({ current: newKey });
    const sealed = box.seal(SECRET, "totp:user-1");
    expect(() => box.open(sealed, "totp:user-2")).toThrow(SecretBoxError);
  });

  it("refuses a value sealed under another key, even when its key id is forged", () => {
    const sealed = createSecretBox({ current: oldKey }).seal(SECRET, "totp:user-1");
    const box = createSecretBox({ current: newKey });
    expect(() => box.open(sealed, "totp:user-1")).toThrow(/a key this process does not have/);
    const forged = sealed.replace(keyIdOf(oldKey), keyIdOf(newKey));
    expect(() => box.open(forged, "totp:user-1")).toThrow(/does not authenticate/);
  });

  it("reads a value under the previous key during a rotation, and says it is not current", () => {
    const sealed = createSecretBox({ current: oldKey }).seal(SECRET, "totp:user-1");
    const box = createSecretBox({ current: newKey, previous: oldKey });
    expect(box.open(sealed, "totp:user-1")).toBe(SECRET);
    expect(box.isCurrent(sealed)).toBe(false);
    const resealed = box.seal(box.open(sealed, "totp:user-1"), "totp:user-1");
    expect(box.isCurrent(resealed)).toBe(true);
    // Once the old key is dropped, only the re-sealed value opens.
    const after = createSecretBox({ current: newKey });
    expect(after.open(resealed, "totp:user-1")).toBe(SECRET);
    expect(() => after.open(sealed, "totp:user-1")).toThrow(SecretBoxError);
  });

  it("refuses a key that is not 32 bytes", () => {
    expect(() => createSecretBox({ current: randomBytes(16) })).toThrow(SecretBoxError);
  });
});
