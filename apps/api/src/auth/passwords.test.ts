import { describe, expect, it } from "vitest";
import { generatePassword, hashPassword, verifyPassword } from "./passwords.ts";

describe("passwords", () => {
  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(stored).not.toContain("correct horse battery");
    await expect(verifyPassword("correct horse battery", stored)).resolves.toBe(true);
    await expect(verifyPassword("correct horse batterY", stored)).resolves.toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("refuses malformed stored values instead of throwing", async () => {
    await expect(verifyPassword("x", "plain-text")).resolves.toBe(false);
  });

  it("generates long unique passwords", () => {
    const a = generatePassword();
    expect(a).toHaveLength(24);
    expect(generatePassword()).not.toBe(a);
  });
});
