import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { FEED_USER_AGENT } from "../../config.ts";

/**
 * Fetching a pharmacy's feed like a good citizen and safely (decision 045, ASVS 12.6.1, OWASP
 * SSRF prevention): a conditional request with the last answer's validators, one deadline for the
 * whole exchange, a size limit counted as the body arrives, at most three redirects, and every
 * address checked before a connection is made — an IP literal as it is, a host name through the
 * socket's own `lookup` (so the address checked is the one connected to: no second resolution an
 * attacker's DNS could answer differently), on the first hop and each redirect alike.
 */

export interface FeedFetchPolicy {
  /** Plain http allowed (FEEDS_ALLOW_INSECURE; never in production). */
  allowHttp: boolean;
  /** Private, loopback and link-local addresses allowed (FEEDS_ALLOW_INSECURE; never in production). */
  allowPrivateAddresses: boolean;
  /** The whole exchange's deadline, redirects and body included. */
  timeoutMs: number;
  maxBytes: number;
  /**
   * Addresses taken as public although they are not (tests only: a loopback address standing in for
   * a pharmacy's server, so a redirect from it to 127.0.0.1 is checked under the production rule).
   */
  treatAsPublic?: readonly string[];
  /**
   * Who is asking, with this site's address (SITE_URL) for a pharmacy to look us up or write to:
   * "PharmaCompare price feed (+https://…)". Config builds it (config.ts `feeds.userAgent`).
   */
  userAgent?: string;
}

export interface FeedRequest {
  url: string;
  etag?: string | null;
  lastModified?: string | null;
  /** The pharmacy's credential: sent to the feed's own origin only, never after a redirect elsewhere. */
  header?: { name: string; value: string } | null;
}

export type FeedAnswer =
  | { status: "not-modified" }
  | {
      status: "ok";
      bytes: Buffer;
      contentType: string;
      etag: string | null;
      lastModified: string | null;
      finalUrl: string;
    };

/** A fetch refused or failed: its message is safe to show staff and keep on the run (no credential). */
export class FeedFetchError extends Error {
  override name = "FeedFetchError";
  /**
   * For operators only: logged with the failed run (jobs/scheduler.ts), never kept on it or shown
   * to staff. A network error's code (ECONNREFUSED, ENOTFOUND…) says how our network met theirs.
   */
  readonly logDetail: Record<string, string> | undefined;
  constructor(message: string, logDetail?: Record<string, string>) {
    super(message);
    this.logDetail = logDetail;
  }
}

/**
 * What staff see when the feed's server could not be reached, whatever the network said: one
 * sentence in the feed screens' own style ("The feed answered 500 instead of 200"); the error code
 * goes to the server log (issue 42).
 */
const FEED_UNREACHABLE_MESSAGE = "The feed could not be reached";

const MAX_FEED_REDIRECTS = 3;

/**
 * Not public unicast: RFC 6890's special-purpose ranges (this network, private, shared, loopback,
 * link-local, documentation, benchmarking, multicast, reserved) and their IPv6 counterparts,
 * including IPv4-mapped, IPv4-compatible, NAT64 and 6to4 addresses that can carry a private IPv4 address.
 */
const notPublicV4 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  notPublicV4.addSubnet(network, prefix, "ipv4");
}
/**
 * Kept apart from the IPv4 list: Node's BlockList matches an IPv4 address against IPv4-mapped IPv6
 * rules (and back), so one list holding ::ffff:0:0/96 would refuse every IPv4 address.
 */
const notPublicV6 = new BlockList();
for (const [network, prefix] of [
  // IPv4-compatible addresses (RFC 4291 §2.5.5.1, deprecated): ::/96 holds :: and ::1 too, and
  // ::7f00:1 (::127.0.0.1) or ::a00:1 reach an IPv4 host on stacks that still map them.
  ["::", 96],
  // IPv4-mapped: every one, whatever IPv4 address it carries.
  ["::ffff:0:0", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  notPublicV6.addSubnet(network, prefix, "ipv6");
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return family === 4 ? !notPublicV4.check(address, "ipv4") : !notPublicV6.check(address, "ipv6");
}

function addressAllowed(
  address: string,
  policy: Pick<FeedFetchPolicy, "allowPrivateAddresses" | "treatAsPublic">,
): boolean {
  return (
    policy.allowPrivateAddresses || isPublicAddress(address) || (policy.treatAsPublic ?? []).includes(address)
  );
}

const refusedAddress = (host: string) =>
  new FeedFetchError(
    `The feed's address ${host} is on a private, loopback or link-local network; it was not fetched`,
  );

/** The socket's resolver: every address a name resolves to must be allowed, or nothing connects. */
export function guardedLookup(policy: FeedFetchPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      if (addresses.length === 0 || addresses.some((entry) => !addressAllowed(entry.address, policy))) {
        return callback(refusedAddress(hostname), "", 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      const [first] = addresses as [LookupAddress];
      return callback(null, first.address, first.family);
    });
  };
}

/**
 * Whether an address may be fetched at all under the policy (https, or http when insecure feeds are
 * allowed; an IP literal must be allowed too). Answers the refusal's message, or null.
 */
export function feedAddressProblem(
  address: string,
  policy: Pick<FeedFetchPolicy, "allowHttp" | "allowPrivateAddresses" | "treatAsPublic">,
): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return "must be an absolute address such as https://pharmacy.example/prices.csv";
  }
  if (url.protocol !== "https:" && !(policy.allowHttp && url.protocol === "http:")) {
    return policy.allowHttp ? "must be an http or https address" : "must be an https address";
  }
  if (url.username || url.password)
    return "must not carry a user name or password (use the credential header)";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const privateHost =
    isIP(host) !== 0 ? !addressAllowed(host, policy) : host === "localhost" || host.endsWith(".localhost");
  if (privateHost && !policy.allowPrivateAddresses)
    return "must not be on a private, loopback or link-local network";
  return null;
}

/** One request, answered once its head arrives (the body is read by the caller). */
function request(
  url: URL,
  headers: Record<string, string>,
  policy: FeedFetchPolicy,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  // An IP literal never goes through `lookup`: it is checked here.
  if (isIP(host) !== 0 && !addressAllowed(host, policy)) return Promise.reject(refusedAddress(host));
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: "GET",
      headers,
      signal,
      lookup: guardedLookup(policy),
      // A fresh connection each time: a pooled socket would skip the address check.
      agent: false,
    });
    req.on("response", resolve);
    req.on("error", reject);
    req.end();
  });
}

async function readBody(response: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw tooLarge(maxBytes);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      response.destroy();
      throw tooLarge(maxBytes);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const tooLarge = (maxBytes: number) =>
  new FeedFetchError(`The feed is larger than ${Math.round(maxBytes / (1024 * 1024))} MB; it was not read`);

const headerText = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value) ?? null;

/** Fetches a feed under the policy; throws FeedFetchError with a message for staff. */
export async function fetchFeed(feed: FeedRequest, policy: FeedFetchPolicy): Promise<FeedAnswer> {
  const first = feedAddressProblem(feed.url, policy);
  if (first) throw new FeedFetchError(`The feed's address ${first}`);
  const controller = new AbortController();
  const deadline = setTimeout(() => controller.abort(), policy.timeoutMs);
  const origin = new URL(feed.url).origin;
  let url = new URL(feed.url);
  try {
    for (let hop = 0; ; hop += 1) {
      const headers: Record<string, string> = {
        "user-agent": policy.userAgent ?? FEED_USER_AGENT,
        accept:
          "text/csv, application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;q=0.9, */*;q=0.1",
      };
      if (feed.etag) headers["if-none-match"] = feed.etag;
      if (feed.lastModified) headers["if-modified-since"] = feed.lastModified;
      if (feed.header && url.origin === origin) headers[feed.header.name] = feed.header.value;
      const response = await request(url, headers, policy, controller.signal);
      const status = response.statusCode ?? 0;
      if ([301, 302, 303, 307, 308].includes(status)) {
        response.resume();
        const location = headerText(response.headers.location);
        if (!location) throw new FeedFetchError(`The feed answered ${status} without saying where to`);
        if (hop >= MAX_FEED_REDIRECTS) {
          throw new FeedFetchError(
            `The feed redirected more than ${MAX_FEED_REDIRECTS} times; it was not followed`,
          );
        }
        const next = new URL(location, url);
        const problem = feedAddressProblem(next.href, policy);
        if (problem) throw new FeedFetchError(`The feed redirected to an address that ${problem}`);
        url = next;
        continue;
      }
      if (status === 304) {
        response.resume();
        return { status: "not-modified" };
      }
      if (status !== 200) {
        response.resume();
        throw new FeedFetchError(`The feed answered ${status} instead of 200`);
      }
      const bytes = await readBody(response, policy.maxBytes);
      return {
        status: "ok",
        bytes,
        contentType:
          (headerText(response.headers["content-type"]) ?? "").split(";")[0]?.trim().toLowerCase() ?? "",
        etag: headerText(response.headers.etag),
        lastModified: headerText(response.headers["last-modified"]),
        finalUrl: url.href,
      };
    }
  } catch (error) {
    if (error instanceof FeedFetchError) throw error;
    if (controller.signal.aborted) {
      throw new FeedFetchError(
        `The feed did not answer in full within ${Math.round(policy.timeoutMs / 1000)} seconds`,
      );
    }
    const code = (error as { code?: unknown }).code;
    throw new FeedFetchError(FEED_UNREACHABLE_MESSAGE, {
      host: url.host,
      ...(typeof code === "string" ? { code } : {}),
    });
  } finally {
    clearTimeout(deadline);
  }
}
