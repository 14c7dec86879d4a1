import { Writable } from "node:stream";
import { fastify } from "fastify";
import { describe, expect, it } from "vitest";
import { isPrivateAddress, warnOfUndeclaredProxy } from "./undeclared-proxy.ts";

describe("isPrivateAddress", () => {
  it("knows loopback, RFC 1918, link-local and unique-local addresses from public ones", () => {
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.20.0.5",
      "192.168.1.1",
      "::1",
      "fd12::1",
      "fe80::1",
    ]) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
    for (const address of ["203.0.113.9", "172.32.0.1", "8.8.8.8", "2001:db8::1", "not an address"]) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });
});

async function warningsAfter(addresses: string[]) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = fastify({ logger: { level: "warn", stream } });
  warnOfUndeclaredProxy(app, 10);
  app.get("/", async () => "ok");
  for (const remoteAddress of addresses) await app.inject({ url: "/", remoteAddress });
  await app.close();
  return lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
}

describe("warnOfUndeclaredProxy", () => {
  it("warns once when most requests share one private address", async () => {
    const warnings = await warningsAfter([
      ...Array(9).fill("10.0.0.7"),
      "203.0.113.1",
      ...Array(20).fill("10.0.0.7"),
    ]);
    expect(warnings).toEqual([
      "Most requests come from 10.0.0.7, a private address: if a proxy sends them, list it in TRUST_PROXY so each visitor is counted apart",
    ]);
  });

  it("says nothing when visitors arrive with their own addresses", async () => {
    const addresses = Array.from({ length: 10 }, (_, index) => `203.0.113.${index + 1}`);
    expect(await warningsAfter(addresses)).toEqual([]);
  });
});
