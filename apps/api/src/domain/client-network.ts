import { isIPv4, isIPv6 } from "node:net";

/**
 * The network a per-address limit counts: an IPv4 address itself, but an IPv6 client's whole /64,
 * since one subscriber is usually handed at least a /64 and could otherwise rotate through it.
 * IPv4-mapped IPv6 (`::ffff:192.0.2.1`) counts as the IPv4 address. Anything else is returned as is.
 */
export function clientNetwork(raw: string): string {
  const address = plainAddress(raw);
  if (isIPv4(address) || !isIPv6(address)) return address;
  const [head = "", tail] = address.toLowerCase().split("%")[0]?.split("::") ?? [""];
  const front = head ? head.split(":") : [];
  const back = tail ? tail.split(":") : [];
  const groups =
    tail === undefined ? front : [...front, ...Array(8 - front.length - back.length).fill("0"), ...back];
  const prefix = groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(":")}::/64`;
}

/** An IPv4 client on a dual-stack socket appears as `::ffff:a.b.c.d`: store and compare it as `a.b.c.d`. */
export function plainAddress(address: string): string {
  return /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;
}
