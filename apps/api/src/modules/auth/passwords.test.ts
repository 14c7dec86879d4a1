import { describe, expect, it } from "vitest";
import { generatePassword, hashPassword, needsRehash, PASSWORD_COST, verifyPassword } from "./passwords.ts";

// Each case runs scrypt at the production cost (about 0.5 s a run alone): over 5 s on a loaded two-core machine.
describe("passwords", { timeout: 30_000 }, () => {
  it("hashes with scrypt at N=2^17, r=8, p=1 (OWASP), verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(stored).not.toContain("correct horse battery");
    await expect(verifyPassword("correct horse battery", stored)).resolves.toBe(true);
    await expect(verifyPassword("correct horse batterY", stored)).resolves.toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it("still verifies a hash made with older parameters, and says it needs rehashing", async () => {
    const older = await hashPassword("correct horse battery", { ...PASSWORD_COST, N: 2 ** 14 });
    expect(older).toMatch(/^scrypt\$16384\$8\$1\$/);
    await expect(verifyPassword("correct horse battery", older)).resolves.toBe(true);
    expect(needsRehash(older)).toBe(true);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("refuses malformed stored values instead of throwing", async () => {
    await expect(verifyPassword("x", "plain-text")).resolves.toBe(false);
  });

  it("refuses stored parameters out of bounds at once, spending neither memory nor time on them", async () => {
    const valid = await hashPassword("pw-for-bounds", { ...PASSWORD_COST, N: 2 ** 14 });
    const [, , , , salt, hash] = valid.split("$");
    const absurd = [
      `scrypt$1048576$8$1$${salt}$${hash}`, // N=2^20: 1 GiB
      `scrypt$4294967296$8$1$${salt}$${hash}`, // N=2^32
      `scrypt$100000$8$1$${salt}$${hash}`, // not a power of two
      `scrypt$16384$1000$1$${salt}$${hash}`, // r far too big
      `scrypt$16384$8$64$${salt}$${hash}`, // p far too big
      `scrypt$262144$16$1$${salt}$${hash}`, // 512 MiB: each within bounds, together too much
      `scrypt$1e5$8$1$${salt}$${hash}`, // not a plain whole number
      `scrypt$16384$8$1$${salt}$${hash}$extra`,
      `scrypt$16384$8$1$AAAA$${hash}`, // 3-byte salt
      `scrypt$16384$8$1$${salt}$AAAA`, // 3-byte hash
    ];
    for (const stored of absurd) {
      const started = performance.now();
      await expect(verifyPassword("pw-for-bounds", stored), stored).resolves.toBe(false);
      // Refused before scrypt runs: N=2^20 alone would take seconds and a gigabyte.
      expect(performance.now() - started, stored).toBeLessThan(100);
      expect(needsRehash(stored)).toBe(true);
    }
  });

  it("generates long unique passwords", () => {
    const a = generatePassword();
    expect(a).toHaveLength(24);
    expect(generatePassword()).not.toBe(a);
  });
});
