import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * Secrets the API must read back (TOTP secrets today, pharmacies' feed credentials next) are kept
 * in the database encrypted with AES-256-GCM under SECRETS_KEY (decision 030), as one text value:
 *
 *   v1:<keyId>:<iv>:<tag>:<ciphertext>      (each part base64url)
 *
 * `keyId` names the key (a digest of it, never the key), so values sealed under SECRETS_KEY_PREVIOUS
 * are still read during a rotation and can be told apart for re-encryption. The caller's `context`
 * (e.g. "totp:<user id>") is bound in as associated data: a value copied to another row or column
 * is refused, like a tampered one.
 */
const VERSION = "v1";
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Refusal to open a value: malformed, tampered with, for another context, or under an unknown key. */
export class SecretBoxError extends Error {
  override name = "SecretBoxError";
}

export interface SecretBox {
  /** Encrypts under the current key. */
  seal(plaintext: string, context: string): string;
  /** Decrypts a value sealed under the current or the previous key; throws SecretBoxError otherwise. */
  open(sealed: string, context: string): string;
  /** Whether a stored value is sealed under the current key (else: plaintext, or the previous key). */
  isCurrent(stored: string): boolean;
  /** Whether a stored value is a sealed value at all (a legacy row holds plaintext). */
  isSealed(stored: string): boolean;
}

/** A short public name for a key: 8 bytes of SHA-256, enough to tell a handful of keys apart. */
export function keyIdOf(key: Buffer): string {
  return createHash("sha256")
    .update("pharmacompare secret-box key id\0")
    .update(key)
    .digest()
    .subarray(0, 8)
    .toString("base64url");
}

export function createSecretBox(keys: { current: Buffer; previous?: Buffer | undefined }): SecretBox {
  for (const key of [keys.current, keys.previous]) {
    if (key && key.length !== KEY_BYTES) throw new SecretBoxError(`a secrets key must be ${KEY_BYTES} bytes`);
  }
  const currentId = keyIdOf(keys.current);
  const byId = new Map<string, Buffer>([[currentId, keys.current]]);
  if (keys.previous) byId.set(keyIdOf(keys.previous), keys.previous);

  const parts = (stored: string) => {
    const fields = stored.split(":");
    return fields.length === 5 && fields[0] === VERSION
      ? (fields as [string, string, string, string, string])
      : null;
  };

  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", keys.current, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, "utf8"));
      const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [
        VERSION,
        currentId,
        iv.toString("base64url"),
        tag.toString("base64url"),
        ciphertext.toString("base64url"),
      ].join(":");
    },

    open(sealed, context) {
      const fields = parts(sealed);
      if (!fields) throw new SecretBoxError("not a sealed value");
      const [, keyId, ivText, tagText, ciphertextText] = fields;
      const key = byId.get(keyId);
      if (!key) throw new SecretBoxError("sealed under a key this process does not have");
      const iv = Buffer.from(ivText, "base64url");
      const tag = Buffer.from(tagText, "base64url");
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretBoxError("not a sealed value");
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(context, "utf8"));
        decipher.setAuthTag(tag);
        return Buffer.concat([
          decipher.update(Buffer.from(ciphertextText, "base64url")),
          decipher.final(),
        ]).toString("utf8");
      } catch {
        // GCM's tag check: the value, its context or the key is not the one it was sealed with.
        throw new SecretBoxError("sealed value does not authenticate");
      }
    },

    isCurrent(stored) {
      return parts(stored)?.[1] === currentId;
    },

    isSealed(stored) {
      return parts(stored) !== null;
    },
  };
}
