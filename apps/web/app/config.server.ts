import {
  envPort,
  envUrl,
  parseEnv,
  requireHttpsInProduction,
  withoutBlankValues,
} from "@pharmacompare/contract";
import { z } from "zod";

/**
 * The web process's whole configuration: parsed once, every bad key reported together.
 * `process.env` is read here and nowhere else in the web app. Address defaults derive from the
 * ports, so `PORT=3310 API_PORT=3410` needs nothing else.
 */
const webEnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    HOST: z.string().min(1).default("localhost"),
    PORT: envPort(3000),
    API_PORT: envPort(4000),
    /** The API address the browser calls (public, answered with CORS). */
    API_URL: envUrl.optional(),
    /** The API address this server's loaders call (loopback or private network). */
    API_INTERNAL_URL: envUrl.optional(),
    /** The public origin used for canonical links. */
    SITE_URL: envUrl.optional(),
    /**
     * The page cache asks the API's data version at most this often: the longest a page can stay
     * stale after a write (0 asks for every page; decision 020).
     */
    PAGE_CACHE_CHECK_MS: z.coerce
      .number({ error: "must be a number of milliseconds" })
      .int({ error: "must be a whole number of milliseconds" })
      .min(0, { error: "must be between 0 and 5000" })
      .max(5000, { error: "must be between 0 and 5000" })
      .default(500),
  })
  .superRefine((env, context) => {
    if (env.NODE_ENV === "production")
      requireHttpsInProduction(context, { SITE_URL: env.SITE_URL, API_URL: env.API_URL });
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    apiPort: env.API_PORT,
    apiUrl: env.API_URL ?? `http://localhost:${env.API_PORT}`,
    apiInternalUrl: env.API_INTERNAL_URL ?? `http://127.0.0.1:${env.API_PORT}`,
    siteUrl: env.SITE_URL ?? `http://localhost:${env.PORT}`,
    pageCacheCheckMs: env.PAGE_CACHE_CHECK_MS,
  }));

export type WebConfig = z.output<typeof webEnvSchema>;

export function loadWebConfig(env: Record<string, string | undefined> = process.env): WebConfig {
  return parseEnv(webEnvSchema, withoutBlankValues(env));
}

/**
 * The production entry (server/main.ts) runs in production unless NODE_ENV says otherwise: set
 * here, with the other readings of the environment, before React loads and reads it (issue 25).
 */
export function settleProductionMode(env: Record<string, string | undefined> = process.env): void {
  env.NODE_ENV ??= "production";
}

let cached: WebConfig | undefined;

/** This process's configuration, parsed on first use. */
export function webConfig(): WebConfig {
  cached ??= loadWebConfig();
  return cached;
}

/**
 * Makes `config` this process's configuration: `npm start` reads it once beside the API's, in the
 * same mode, and the web server and its loaders use that one (issue 25).
 */
export function adoptWebConfig(config: WebConfig): void {
  cached = config;
}

/** The only configuration the browser may see: the root loader serialises it into every page. */
export type BrowserEnv = Pick<WebConfig, "apiUrl" | "siteUrl">;

export function browserEnv(config: WebConfig = webConfig()): BrowserEnv {
  return { apiUrl: config.apiUrl, siteUrl: config.siteUrl };
}
