import { z } from "zod";

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * Parses environment variables against a schema and, on failure, throws one error that names
 * every bad key, so an operator fixes them all at once instead of one per restart.
 */
export function parseEnv<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined>,
): z.output<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const key = issue.path.length > 0 ? issue.path.join(".") : "(configuration)";
    return `  ${key}: ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}

/** Environment helpers shared by the processes' config schemas. */
export const envPort = (fallback: number) =>
  z.coerce
    .number({ error: "must be a port number between 1 and 65535" })
    .int({ error: "must be a port number between 1 and 65535" })
    .min(1, { error: "must be a port number between 1 and 65535" })
    .max(65535, { error: "must be a port number between 1 and 65535" })
    .default(fallback);

/** A comma-separated list of origins such as "https://www.example.co.uk,http://localhost:3000". */
export const envOriginList = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((origin) => origin.trim().replace(/\/+$/, ""))
      .filter(Boolean),
  )
  .refine((origins) => origins.every((origin) => /^https?:\/\/[^/\s]+$/.test(origin)), {
    error: "must be comma-separated origins such as https://www.example.co.uk",
  });

export const envUrl = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL such as http://localhost:4000" })
  .transform((url) => url.replace(/\/+$/, ""));

/** Hosts that never leave this machine: a production build tried locally may use plain http there. */
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * The production rule for public addresses (issue 25): https, so sessions, alert links and
 * unsubscribe links never cross a network in the clear; plain http only on a loopback host.
 * Adds an issue to `context` for each of `urls` that breaks it.
 */
export function requireHttpsInProduction(
  context: z.RefinementCtx,
  urls: Record<string, string | undefined>,
): void {
  for (const [key, value] of Object.entries(urls)) {
    if (value === undefined) continue;
    const url = new URL(value);
    if (url.protocol === "https:" || LOOPBACK_HOSTS.has(url.hostname)) continue;
    context.addIssue({
      code: "custom",
      path: [key],
      message: "must be an https:// address in production (plain http only on localhost)",
    });
  }
}

export const envBoolean = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
    .default(fallback ? "true" : "false")
    .transform((value) => value === "true" || value === "1" || value === "yes");

/** Blank values count as unset, as most .env tooling writes `KEY=` for "nothing". */
export function withoutBlankValues(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value.trim() !== "") out[key] = value;
  }
  return out;
}
