import path from "node:path";
import {
  DEFAULT_ADMIN_EMAIL,
  envOriginList,
  envPort,
  envUrl,
  PRICE_ALERT_RULES,
  PRICE_FRESHNESS_DEFAULTS,
  parseEnv,
  requireHttpsInProduction,
  withoutBlankValues,
} from "@pharmacompare/contract";
import { z } from "zod";

/**
 * The product's name without an address, for a feed fetch given none (tests calling fetchFeed
 * alone). Here, not in modules/feeds/, because configuration sits below every feature.
 */
export const FEED_USER_AGENT = "PharmaCompare price feed";

/** The user agent a feed request carries: the product and the site's own address (issue 41). */
const feedUserAgent = (siteUrl: string) => `${FEED_USER_AGENT} (+${new URL(siteUrl).origin})`;

const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: `must be a whole number from ${min} to ${max}` })
    .int({ error: `must be a whole number from ${min} to ${max}` })
    .min(min, { error: `must be a whole number from ${min} to ${max}` })
    .max(max, { error: `must be a whole number from ${min} to ${max}` });

/** A SECRETS_KEY value: base64 of exactly 32 bytes (an AES-256 key), answered as the bytes. */
const secretsKey = z.string().transform((value, context) => {
  const bytes = Buffer.from(value.trim(), "base64");
  if (bytes.length !== 32 || bytes.toString("base64") !== value.trim()) {
    context.addIssue({
      code: "custom",
      message: "must be 32 random bytes in base64 (44 characters; e.g. openssl rand -base64 32)",
    });
    return z.NEVER;
  }
  return bytes;
});

/**
 * The API's configuration: the only place that reads process.env for the API.
 * Address defaults are derived from the ports so `PORT=3310 API_PORT=3410` needs nothing else.
 */
const apiEnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z.string().min(1).default("localhost"),
    PORT: envPort(3000),
    API_PORT: envPort(4000),
    SITE_URL: envUrl.optional(),
    /** The API's public address: emails' one-click unsubscribe links point here. */
    API_URL: envUrl.optional(),
    WEB_ORIGIN: envOriginList.optional(),
    DATABASE_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" })
      .optional(),
    /** A streaming replica for public reads (decision 065); needs DATABASE_URL. */
    DATABASE_READ_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" })
      .optional(),
    /** How far behind the primary the replica may be and still answer public reads. */
    DATABASE_READ_MAX_LAG_MS: wholeNumber(0, 3_600_000).default(5000),
    /**
     * The server itself when DATABASE_URL goes through a pooler in transaction mode (decision 065):
     * LISTEN and the session locks of migrations and start-up use it.
     */
    DATABASE_DIRECT_URL: z
      .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" })
      .optional(),
    DATA_DIR: z.string().min(1).default("./data"),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
    MAIL_FROM: z.string().min(3).default("PharmaCompare <no-reply@pharmacompare.local>"),
    ADMIN_EMAIL: z.email({ error: "must be an email address" }).default(DEFAULT_ADMIN_EMAIL),
    /** Where failing price feeds are reported (decision 047); the first administrator's address when unset. */
    OPS_EMAIL: z.email({ error: "must be an email address" }).optional(),
    ADMIN_PASSWORD: z.string().min(8, { error: "must be at least 8 characters" }).optional(),
    /** Made-up demo data: the default in development; production must say it (true or false). */
    SEED_DEMO: z
      .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
      .optional(),
    /** `/docs` and `/openapi.json`: on, except in production unless this says true. */
    API_DOCS: z.enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" }).optional(),
    /** Public writes (contact, price alert, subscribe) allowed per minute from one client network. */
    WRITE_RATE_LIMIT: wholeNumber(1, 10_000).default(30),
    /**
     * Emails the outbox sends a minute, across every API process (decision 038): price news goes
     * out at this pace after any due transactional email; set it to what the mail provider allows.
     */
    MAIL_RATE: wholeNumber(1, 100_000).default(300),
    /** The smallest fall, in percent of the day's starting lowest price, that a price-drop email reports. */
    PRICE_DROP_PERCENT: wholeNumber(1, 90).default(10),
    /** Minutes a back-office session may go unused before it ends (ASVS 3.3.2: 30). */
    ADMIN_IDLE_MINUTES: wholeNumber(5, 720).default(30),
    /** How long a price alert watches the price, in days. */
    ALERT_TTL_DAYS: wholeNumber(1, 3650).default(PRICE_ALERT_RULES.defaultTtlDays),
    /**
     * Which peers may tell us the client's address in X-Forwarded-For: "false", or comma-separated
     * addresses/CIDRs ("loopback" is the web server beside us under `npm start`, the default outside
     * production). "true" is refused: Fastify would then believe the leftmost X-Forwarded-For,
     * which anyone calling the API directly can write.
     */
    TRUST_PROXY: z
      .string()
      .optional()
      .refine((value) => value?.trim().toLowerCase() !== "true", {
        error:
          "must not be true (anyone could then forge their address in X-Forwarded-For): list your proxies' " +
          "addresses or CIDRs, e.g. loopback,10.0.0.0/8, or false",
      })
      // A /0 range is every address: "true" by another name (issue 25).
      .refine((value) => !value?.split(",").some((entry) => /\/0+$/.test(entry.trim())), {
        error:
          "must not include a /0 range such as 0.0.0.0/0 or ::/0 (that trusts every address, so anyone could " +
          "forge theirs in X-Forwarded-For): list your proxies' addresses or CIDRs",
      }),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /**
     * Whether an administrator must enrol a second factor before reaching anything but enrolment,
     * profile, password and sessions (decision 030): on in production unless this says false.
     */
    REQUIRE_SECOND_FACTOR: z
      .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
      .optional(),
    /** The key that encrypts secrets at rest (TOTP secrets): 32 random bytes, base64 (decision 030). */
    SECRETS_KEY: secretsKey.optional(),
    /** The key SECRETS_KEY replaced, read-only while values are re-encrypted (docs/operations.md). */
    SECRETS_KEY_PREVIOUS: secretsKey.optional(),
    /**
     * Pharmacy feeds (decision 045): "true" lets a feed be fetched over plain http and from
     * loopback, private and link-local addresses (tests, a feed on the same machine). Off by
     * default; refused in production.
     */
    FEEDS_ALLOW_INSECURE: z
      .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
      .optional(),
    /** Seconds a feed's whole answer may take (connect, redirects, body). */
    FEED_TIMEOUT_SECONDS: wholeNumber(1, 600).default(30),
    /** The largest feed file read, in MB (at most the price-sheet reader's 10). */
    FEED_MAX_MB: wholeNumber(1, 10).default(10),
    /** A feed row lowering a price by more than this percent is held for review. */
    FEED_HOLD_FALL_PERCENT: wholeNumber(1, 99).default(50),
    /** A feed row raising a price by more than this percent is held for review. */
    FEED_HOLD_RISE_PERCENT: wholeNumber(1, 10_000).default(100),
    /** Days a price may go unconfirmed before it "may be out of date" (decision 048). */
    PRICE_STALE_DAYS: wholeNumber(1, 365).default(PRICE_FRESHNESS_DEFAULTS.staleDays),
    /** Days a price may go unconfirmed before it leaves the comparison (it stays in the history). */
    PRICE_HIDE_DAYS: wholeNumber(2, 366).default(PRICE_FRESHNESS_DEFAULTS.hideDays),
    /** Share (0–1) of listed prices confirmed in the last 24 hours for "prices updated daily". */
    PRICE_DAILY_CLAIM_SHARE: z.coerce
      .number({ error: "must be a number from 0.5 to 1" })
      .min(0.5, { error: "must be a number from 0.5 to 1" })
      .max(1, { error: "must be a number from 0.5 to 1" })
      .default(PRICE_FRESHNESS_DEFAULTS.dailyClaimShare),
    /**
     * The shared caches in front (Varnish, a CDN; decision 064): comma-separated http(s) addresses
     * each API process sends tag purges to after a write commits. None by default: no purges.
     */
    PURGE_URLS: z
      .string()
      .transform((value) =>
        value
          .split(",")
          .map((entry) => entry.trim().replace(/\/+$/, ""))
          .filter(Boolean),
      )
      .refine((urls) => urls.every((url) => URL.canParse(url) && /^https?:$/.test(new URL(url).protocol)), {
        error:
          "must be comma-separated http(s) addresses of the caches in front, such as http://10.0.0.5:6081",
      })
      .optional(),
    /**
     * Fault injection for the SIGKILL scenarios only (faults/, issue 26): the API kills itself once
     * a price write has written this many rows inside its transaction. Refused in production.
     */
    FAULT_KILL_AFTER_PRICE_ROWS: wholeNumber(1, 1_000_000).optional(),
  })
  .superRefine((env, context) => {
    if (env.PRICE_HIDE_DAYS <= env.PRICE_STALE_DAYS) {
      context.addIssue({
        code: "custom",
        path: ["PRICE_HIDE_DAYS"],
        message: `must be more than PRICE_STALE_DAYS (${env.PRICE_STALE_DAYS}): a price is flagged before it is hidden`,
      });
    }
    // A replica or a direct connection is beside a PostgreSQL primary; the embedded database has neither.
    for (const key of ["DATABASE_READ_URL", "DATABASE_DIRECT_URL"] as const) {
      if (env[key] !== undefined && env.DATABASE_URL === undefined) {
        context.addIssue({
          code: "custom",
          path: [key],
          message: "needs DATABASE_URL (a PostgreSQL primary)",
        });
      }
    }
    if (env.NODE_ENV !== "production") return;
    requireHttpsInProduction(context, { SITE_URL: env.SITE_URL, API_URL: env.API_URL });
    if (env.FAULT_KILL_AFTER_PRICE_ROWS !== undefined) {
      context.addIssue({
        code: "custom",
        path: ["FAULT_KILL_AFTER_PRICE_ROWS"],
        message: "is for the fault scenarios only and is refused in production",
      });
    }
    if (env.FEEDS_ALLOW_INSECURE !== undefined && yes(env.FEEDS_ALLOW_INSECURE)) {
      context.addIssue({
        code: "custom",
        path: ["FEEDS_ALLOW_INSECURE"],
        message:
          "is refused in production: a feed must be https on a public address (no SSRF to the API's own network)",
      });
    }
    // In production nothing about trust or made-up data is assumed: it must be said.
    if (env.TRUST_PROXY === undefined) {
      context.addIssue({
        code: "custom",
        path: ["TRUST_PROXY"],
        message:
          "is required in production: list the addresses or CIDRs of the proxies in front of the API " +
          "(loopback for the web server beside it), or false",
      });
    }
    if (env.SECRETS_KEY === undefined) {
      context.addIssue({
        code: "custom",
        path: ["SECRETS_KEY"],
        message:
          "is required in production: 32 random bytes, base64 (e.g. openssl rand -base64 32); it encrypts " +
          "the staff's two-step verification secrets",
      });
    }
    if (env.SEED_DEMO === undefined) {
      context.addIssue({
        code: "custom",
        path: ["SEED_DEMO"],
        message: "is required in production: false for a real catalogue, true to load the made-up demo data",
      });
    }
  })
  .transform((env) => {
    const siteUrl = env.SITE_URL ?? `http://localhost:${env.PORT}`;
    return {
      nodeEnv: env.NODE_ENV,
      host: env.HOST,
      port: env.API_PORT,
      siteUrl,
      apiUrl: env.API_URL ?? `http://localhost:${env.API_PORT}`,
      webOrigins: env.WEB_ORIGIN ?? [new URL(siteUrl).origin],
      databaseUrl: env.DATABASE_URL,
      databaseReadUrl: env.DATABASE_READ_URL,
      databaseReadMaxLagMs: env.DATABASE_READ_MAX_LAG_MS,
      databaseDirectUrl: env.DATABASE_DIRECT_URL,
      dataDir: env.DATA_DIR,
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM,
      adminEmail: env.ADMIN_EMAIL.toLowerCase(),
      opsEmail: env.OPS_EMAIL?.toLowerCase(),
      adminPassword: env.ADMIN_PASSWORD,
      seedDemo: yes(env.SEED_DEMO ?? "true"),
      apiDocs: env.API_DOCS === undefined ? env.NODE_ENV !== "production" : yes(env.API_DOCS),
      writeRateLimit: env.WRITE_RATE_LIMIT,
      mailRate: env.MAIL_RATE,
      priceDropPercent: env.PRICE_DROP_PERCENT,
      alertTtlDays: env.ALERT_TTL_DAYS,
      adminIdleMinutes: env.ADMIN_IDLE_MINUTES,
      logLevel: env.LOG_LEVEL,
      trustProxy: trustedProxies(env.TRUST_PROXY ?? "loopback"),
      requireSecondFactor:
        env.REQUIRE_SECOND_FACTOR === undefined
          ? env.NODE_ENV === "production"
          : yes(env.REQUIRE_SECOND_FACTOR),
      secretsKey: env.SECRETS_KEY,
      secretsKeyPrevious: env.SECRETS_KEY_PREVIOUS,
      faultKillAfterPriceRows: env.FAULT_KILL_AFTER_PRICE_ROWS,
      purgeUrls: env.PURGE_URLS ?? [],
      priceFreshness: {
        staleDays: env.PRICE_STALE_DAYS,
        hideDays: env.PRICE_HIDE_DAYS,
        dailyClaimShare: env.PRICE_DAILY_CLAIM_SHARE,
      },
      feeds: {
        allowInsecure: yes(env.FEEDS_ALLOW_INSECURE ?? "false"),
        userAgent: feedUserAgent(siteUrl),
        timeoutMs: env.FEED_TIMEOUT_SECONDS * 1000,
        maxBytes: env.FEED_MAX_MB * 1024 * 1024,
        holdFallPercent: env.FEED_HOLD_FALL_PERCENT,
        holdRisePercent: env.FEED_HOLD_RISE_PERCENT,
      },
    };
  });

export type ApiConfig = z.output<typeof apiEnvSchema>;

const yes = (value: string) => value === "true" || value === "1" || value === "yes";

/** "false", or the list of peers Fastify may believe ("loopback,10.0.0.0/8"). */
function trustedProxies(value: string): false | string[] {
  if (value.trim().toLowerCase() === "false") return false;
  return value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/**
 * What start-up should warn about (logged, not refused): insecure feed addresses allowed; in
 * production, a database or mail server reached without TLS sends visitors' addresses and staff
 * passwords' hashes in the clear.
 */
export function configWarnings(config: ApiConfig): string[] {
  const warnings: string[] = [];
  // Refused in production; elsewhere allowed, and said once at start-up so nobody forgets it is on
  // (issue 41, decision 045).
  if (config.feeds.allowInsecure) {
    warnings.push(
      "FEEDS_ALLOW_INSECURE is true: price feeds may be fetched over plain http and from private, loopback " +
        "or link-local addresses (tests and a feed on this machine only; production refuses it)",
    );
  }
  if (config.nodeEnv !== "production") return warnings;
  // The replica and a direct connection carry the same personal data as the primary (decision 065).
  const databaseUrls = [
    ["DATABASE_URL", config.databaseUrl],
    ["DATABASE_READ_URL", config.databaseReadUrl],
    ["DATABASE_DIRECT_URL", config.databaseDirectUrl],
  ] as const;
  for (const [name, url] of databaseUrls) {
    if (!url) continue;
    const sslmode = new URL(url).searchParams.get("sslmode");
    if (!sslmode || !["require", "verify-ca", "verify-full"].includes(sslmode)) {
      warnings.push(
        `${name} does not require TLS: add sslmode=require (or verify-full) unless the database is on this machine`,
      );
    }
  }
  if (!config.smtpUrl) {
    // Nothing reaches a visitor this way: confirmations, alerts and newsletters pile up on disk.
    warnings.push(
      `SMTP_URL is not set: no email is sent; every message (confirmations, alerts, newsletters) is written as a file under ${path.resolve(config.dataDir, "mail")} instead`,
    );
  }
  if (config.smtpUrl) {
    const url = new URL(config.smtpUrl);
    if (url.protocol === "smtp:" && url.searchParams.get("requireTLS") !== "true") {
      warnings.push(
        "SMTP_URL does not require TLS: use smtps:// or add ?requireTLS=true unless the mail server is on this machine",
      );
    }
  }
  return warnings;
}

export function loadApiConfig(env: Record<string, string | undefined> = process.env): ApiConfig {
  return parseEnv(apiEnvSchema, withoutBlankValues(env));
}

/** Whether Vitest runs this process: what keeps a test-only switch out of production (decision 030). */
export function runningUnderVitest(env: Record<string, string | undefined> = process.env): boolean {
  return Boolean(env.VITEST);
}
