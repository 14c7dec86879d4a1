import { describe, expect, it } from "vitest";
import { bearerToken, generateSessionToken, hashSessionToken } from "./tokens.ts";

describe("session tokens", () => {
  it("are 43 base64url characters and differ every time", () => {
    const a = generateSessionToken();
    const b = generateSessionToken();
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(a, "base64url")).toHaveLength(32);
    expect(a).not.toBe(b);
  });

  it("hash to a stable SHA-256 hex digest that is not the token", () => {
    const token = generateSessionToken();
    const hash = hashSessionToken(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSessionToken(token)).toBe(hash);
    expect(hash).not.toContain(token);
    // Known vector: SHA-256 of "abc".
    expect(hashSessionToken("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("are read only from a well-formed Bearer header", () => {
    const token = generateSessionToken();
    expect(bearerToken(`Bearer ${token}`)).toBe(token);
    expect(bearerToken(`bearer ${token}`)).toBe(token);
    for (const header of [
      undefined,
      "",
      "Bearer",
      "Bearer ",
      "Basic abc",
      "Bearer not-a-token",
      `Token ${token}`,
    ]) {
      expect(bearerToken(header)).toBeNull();
    }
    expect(bearerToken(`Bearer ${token} extra`)).toBeNull();
  });
});
