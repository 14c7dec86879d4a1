import { z } from "zod";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { API_KEY_QUOTA_LIMITS } from "../../open-data.ts";
import { text } from "../../text.ts";
import { adminListPage, adminListQuery } from "./list-convention.ts";

/**
 * The back-office's keys for the open API (issue 45, decision 062): staff issue a key with its
 * quotas, see it once, and revoke it; the list shows each key's use today.
 */

export const API_KEY_PAGE_LIMITS = { default: 50, max: 100 } as const;

const quota = (bounds: { min: number; max: number }) => {
  const error = `must be a whole number from ${bounds.min} to ${bounds.max}`;
  return z.coerce
    .number<number>({ error })
    .int({ error })
    .min(bounds.min, { error })
    .max(bounds.max, { error });
};

export const ApiKeyInput = z
  .object({
    name: text({ error: "is required" })
      .trim()
      .min(1, { error: "is required" })
      .max(120, { error: "must be at most 120 characters" }),
    perMinute: quota(API_KEY_QUOTA_LIMITS.perMinute),
    perDay: quota(API_KEY_QUOTA_LIMITS.perDay),
  })
  .refine((input) => input.perDay >= input.perMinute, {
    path: ["perDay"],
    error: "must be at least the quota per minute",
  });
export type ApiKeyInput = z.input<typeof ApiKeyInput>;

/** A key as the list shows it: never the key itself, only its first characters. */
export const AdminApiKey = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  perMinute: z.number().int(),
  perDay: z.number().int(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  /** Requests on today's UK day: let through, and refused with 429. */
  today: z.object({ answered: z.number().int(), refused: z.number().int() }),
});
export type AdminApiKey = z.infer<typeof AdminApiKey>;

/** The answer to issuing: the key, this once (the API keeps only its hash). */
export const IssuedApiKey = z.object({ apiKey: AdminApiKey, key: z.string() });
export type IssuedApiKey = z.infer<typeof IssuedApiKey>;

/** `search`: a substring of the name or prefix; `status`: live or revoked keys only. */
export const ApiKeyListQuery = adminListQuery(API_KEY_PAGE_LIMITS).extend({
  status: z.enum(["active", "revoked"], { error: "must be active or revoked" }).optional(),
});
export type ApiKeyListQuery = z.input<typeof ApiKeyListQuery>;

export const ApiKeyList = adminListPage("keys", AdminApiKey);
export type ApiKeyList = z.infer<typeof ApiKeyList>;

export const ApiKeyIdParams = z.object({ id: z.uuid({ error: "must be a key id" }) });

export const listApiKeys = defineEndpoint({
  method: "GET",
  path: "/api/admin/api-keys",
  access: "admin",
  tag: "admin API keys",
  summary: "Open-API keys, live first then newest: paged, with each key's use today",
  query: ApiKeyListQuery,
  responses: { 200: ApiKeyList, ...refusals(400) },
});

export const issueApiKey = defineEndpoint({
  method: "POST",
  path: "/api/admin/api-keys",
  access: "admin",
  tag: "admin API keys",
  summary: "Issue an open-API key: the key is in this answer only",
  description:
    "`name` says who it is for; `perMinute` (1 to 600) and `perDay` (1 to 100000, at least " +
    "`perMinute`) are its quotas. Only the key's SHA-256 is kept, so `key` cannot be shown again; " +
    "the answer is never stored by a cache.",
  cache: "no-store",
  body: ApiKeyInput,
  responses: { 201: IssuedApiKey, ...refusals(400) },
});

export const revokeApiKey = defineEndpoint({
  method: "POST",
  path: "/api/admin/api-keys/:id/revoke",
  access: "admin",
  tag: "admin API keys",
  summary: "Revoke an open-API key: its next request is 401 (revoking twice changes nothing)",
  params: ApiKeyIdParams,
  responses: { 200: AdminApiKey, ...refusals(400, 404) },
});
