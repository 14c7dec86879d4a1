import {
  DEFAULT_ADMIN_EMAIL,
  envBoolean,
  envOriginList,
  envPort,
  envUrl,
  PRICE_ALERT_RULES,
  parseEnv,
  withoutBlankValues,
} from "@pharmacompare/contract";
import { z } from "zod";

const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: `must be a whole number from ${min} to ${max}` })
    .int({ error: `must be a whole number from ${min} to ${max}` })
    .min(min, { error: `must be a whole number from ${min} to ${max}` })
    .max(max, { error: `must be a whole number from ${min} to ${max}` });

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
    DATA_DIR: z.string().min(1).default("./data"),
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
    MAIL_FROM: z.string().min(3).default("PharmaCompare <no-reply@pharmacompare.local>"),
    ADMIN_EMAIL: z.email({ error: "must be an email address" }).default(DEFAULT_ADMIN_EMAIL),
    ADMIN_PASSWORD: z.string().min(8, { error: "must be at least 8 characters" }).optional(),
    SEED_DEMO: envBoolean(true),
    /** Public writes (contact, price alert, subscribe) allowed per minute from one client network. */
    WRITE_RATE_LIMIT: wholeNumber(1, 10_000).default(30),
    /** How long a price alert watches the price, in days. */
    ALERT_TTL_DAYS: wholeNumber(1, 3650).default(PRICE_ALERT_RULES.defaultTtlDays),
    /**
     * Which peers may tell us the client's address in X-Forwarded-For: "loopback" (default: the web
     * server beside us under `npm start`), "true", "false", or comma-separated addresses/CIDRs.
     */
    TRUST_PROXY: z
      .string()
      .default("loopback")
      .transform((value): boolean | string[] => {
        if (value === "true" || value === "false") return value === "true";
        return value
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean);
      }),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
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
      dataDir: env.DATA_DIR,
      smtpUrl: env.SMTP_URL,
      mailFrom: env.MAIL_FROM,
      adminEmail: env.ADMIN_EMAIL.toLowerCase(),
      adminPassword: env.ADMIN_PASSWORD,
      seedDemo: env.SEED_DEMO,
      writeRateLimit: env.WRITE_RATE_LIMIT,
      alertTtlDays: env.ALERT_TTL_DAYS,
      logLevel: env.LOG_LEVEL,
      trustProxy: env.TRUST_PROXY,
    };
  });

export type ApiConfig = z.output<typeof apiEnvSchema>;

export function loadApiConfig(env: Record<string, string | undefined> = process.env): ApiConfig {
  return parseEnv(apiEnvSchema, withoutBlankValues(env));
}
