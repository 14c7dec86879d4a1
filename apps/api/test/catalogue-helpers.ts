import { type EndpointDefinition, endpointUrl } from "@pharmacompare/contract";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { priceAlerts } from "../src/db/schema.ts";
import { bearer, signIn } from "./admin-helpers.ts";
import type { TestApi } from "./test-api.ts";

/** The back-office catalogue tests' calls: as the signed-in admin, named by registry entry. */
export async function catalogueCaller(api: TestApi) {
  const token = await signIn(api.app);
  return async function call(
    endpoint: EndpointDefinition,
    input: { params?: Record<string, string>; body?: unknown; query?: Record<string, string | number> } = {},
  ): Promise<{ status: number; body: unknown }> {
    const res = await api.app.inject({
      method: endpoint.method,
      url: endpointUrl(endpoint, input),
      headers: bearer(token),
      ...(input.body === undefined ? {} : { payload: input.body as object }),
    });
    return { status: res.statusCode, body: res.body === "" ? undefined : (res.json() as unknown) };
  };
}

/** The catalogue's tables and those a catalogue write touches. */
const WATCHED = [
  "categories",
  "subcategories",
  "medications",
  "pharmacies",
  "course_plans",
  "prices",
  "price_alerts",
  "admin_messages",
  "email_outbox",
];
/** Only ever appended to: their row counts say whether anything was written (hashing is slow). */
const APPEND_ONLY = ["price_history", "audit_log"];

/** A fingerprint of every row of the watched tables, for "nothing changed" checks. */
async function catalogueState(api: TestApi): Promise<string> {
  const parts = [
    ...WATCHED.map(
      (table) =>
        `select '${table}' as name, count(*)::int as rows, md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as hash from ${table} t`,
    ),
    ...APPEND_ONLY.map((table) => `select '${table}', count(*)::int, '' from ${table}`),
  ];
  const result = await api.database.db.execute(sql.raw(parts.join(" union all ")));
  return JSON.stringify((result as unknown as { rows: unknown[] }).rows);
}

/** Runs a refused call and checks it changed nothing at all; answers the refusal's body. */
export async function expectRefusedUnchanged(
  api: TestApi,
  run: () => Promise<{ status: number; body: unknown }>,
  status: number,
): Promise<{ error: string; code?: string; fields?: Record<string, string> }> {
  const before = await catalogueState(api);
  const result = await run();
  expect(result.status, JSON.stringify(result.body)).toBe(status);
  expect(await catalogueState(api)).toBe(before);
  const body = result.body as { error: string; code?: string; fields?: Record<string, string> };
  expect(typeof body.error).toBe("string");
  return body;
}

/** A visitor's price alert as the double opt-in leaves it once confirmed (decision 013). */
export async function confirmedAlert(
  api: TestApi,
  alert: {
    medicationId: string;
    medicationName: string;
    dosage: string;
    targetPrice: number;
    currentPrice: number;
  },
  email = `alert-${Math.random().toString(36).slice(2)}@example.co.uk`,
): Promise<string> {
  const now = new Date();
  const [row] = await api.database.db
    .insert(priceAlerts)
    .values({
      email,
      ...alert,
      status: "active",
      confirmedAt: now,
      consentVersion: "test",
      consentedAt: now,
      consentSource: "price-alert-form",
      expiresAt: new Date(now.getTime() + 30 * 24 * 60 * 60 * 1000),
    })
    .returning({ id: priceAlerts.id });
  if (!row) throw new Error("alert not stored");
  return row.id;
}
