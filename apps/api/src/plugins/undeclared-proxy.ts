import { BlockList, isIPv4, isIPv6 } from "node:net";
import type { FastifyInstance } from "fastify";

/** Addresses no visitor has on the internet: loopback, RFC 1918, link-local, unique-local. */
const privateNetworks = new BlockList();
for (const [network, prefix] of [
  ["127.0.0.0", 8],
  ["10.0.0.0", 8],
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["169.254.0.0", 16],
] as const) {
  privateNetworks.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
] as const) {
  privateNetworks.addSubnet(network, prefix, "ipv6");
}

export function isPrivateAddress(address: string): boolean {
  if (isIPv4(address)) return privateNetworks.check(address, "ipv4");
  if (isIPv6(address)) return privateNetworks.check(address, "ipv6");
  return false;
}

/**
 * Warns once when most of the first requests come from one private address: the sign of a proxy
 * in front of the API that TRUST_PROXY does not list, so every visitor would share one address for
 * the write limits and sign-in throttles (and one visitor could lock out the rest).
 */
export function warnOfUndeclaredProxy(app: FastifyInstance, sample = 200): void {
  const counts = new Map<string, number>();
  let seen = 0;
  app.addHook("onRequest", async (request) => {
    if (seen >= sample) return;
    seen += 1;
    counts.set(request.ip, (counts.get(request.ip) ?? 0) + 1);
    if (seen < sample) return;
    const [address, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ["", 0];
    counts.clear();
    if (count / sample >= 0.8 && isPrivateAddress(address)) {
      app.log.warn(
        { address, share: count / sample },
        `Most requests come from ${address}, a private address: if a proxy sends them, list it in TRUST_PROXY so each visitor is counted apart`,
      );
    }
  });
}
