import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { sparePort } from "../scripts/postgres-server.ts";

/**
 * What the fault scenarios share: API processes started as in production (apps/api/src/server.ts)
 * on loopback, a plain HTTP client, the visitor writes and where to find them. Their PostgreSQL is
 * scripts/postgres-server.ts's (halted, resumed and restarted by the scenarios). Everything is
 * bounded in time.
 */
const root = fileURLToPath(new URL("..", import.meta.url));

const ADMIN = { email: "faults@pharmacompare.test", password: "faults-password-1" };

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** One API process exactly as production runs it, on its own port. */
export async function startApi(env: Record<string, string>): Promise<ApiProcess> {
  const port = await sparePort();
  let output = "";
  const child = spawn(process.execPath, [path.join(root, "apps/api/src/server.ts")], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? "",
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      API_PORT: String(port),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SEED_DEMO: "true",
      WRITE_RATE_LIMIT: "10000",
      // The scenarios send thousands of emails a minute on purpose: MAIL_RATE's pacing (decision 038)
      // is not what they test, and its default (300 a minute) would hold their mail back.
      MAIL_RATE: "100000",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited during start:\n${output}`);
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`API did not start within 60 s:\n${output}`);
    }
    const health = await request(url, "GET", "/health").catch(() => undefined);
    if (health?.status === 200) break;
    await sleep(200);
  }
  return { url, child, output: () => output, exited };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Answer {
  status: number;
  body: unknown;
  ms: number;
}

/** One request with a hard time limit; a network failure is status 0. */
export async function request(
  base: string,
  method: string,
  route: string,
  body?: unknown,
  headers: Record<string, string> = {},
  timeoutMs = 10_000,
): Promise<Answer> {
  const started = performance.now();
  try {
    const res = await fetch(`${base}${route}`, {
      method,
      headers: { ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed, ms: performance.now() - started };
  } catch {
    return { status: 0, body: undefined, ms: performance.now() - started };
  }
}

export async function signIn(base: string): Promise<Record<string, string>> {
  const res = await request(base, "POST", "/api/admin/auth/login", ADMIN);
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  const { token, user } = res.body as { token: string; user: { mustChangePassword?: boolean } };
  const headers = { authorization: `Bearer ${token}` };
  // An ADMIN_PASSWORD account must replace its password first (decision 030). The scenarios are
  // about faults, not passwords: the first sign-in "changes" it to itself, so later ones still work.
  if (user.mustChangePassword) {
    const change = {
      currentPassword: ADMIN.password,
      newPassword: ADMIN.password,
      confirmPassword: ADMIN.password,
    };
    const changed = await request(base, "POST", "/api/admin/auth/change-password", change, headers);
    if (changed.status !== 200) throw new Error(`password change failed: ${changed.status}`);
  }
  return headers;
}

export async function query<T = Record<string, unknown>>(url: string, text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/** A medication's dosages and the pharmacies, for writes that must name existing rows. */
export async function catalogue(url: string) {
  const rows = await query<{ medication_id: string; dosage: string; pharmacy_id: string; price: string }>(
    url,
    "select medication_id, dosage, pharmacy_id, price::text as price from prices order by medication_id, dosage, pharmacy_id",
  );
  return rows;
}

export function check(condition: boolean, message: string, failures: string[]) {
  if (!condition) failures.push(message);
}

/** The first row of a query the scenario relies on (a seeded catalogue, a count). */
export function one<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error("expected a row, found none");
  return row;
}

let sequence = 0;
export const unique = (kind: string) => `${kind}-${process.pid}-${Date.now()}-${++sequence}@faults.test`;

/** The three visitor writes, each with a fresh address so none is refused as a repeat or rate-limited. */
export function visitorWrite(
  kind: "contact" | "alert" | "subscribe",
  pair: { medicationId: string; dosage: string },
) {
  const email = unique(kind);
  if (kind === "contact")
    return {
      email,
      route: "/api/contact",
      body: {
        name: "Fault Test",
        email,
        subject: "feedback",
        message: "A message written during a fault test.",
      },
    };
  if (kind === "alert")
    return {
      email,
      route: "/api/price-alerts",
      body: { email, medicationId: pair.medicationId, dosage: pair.dosage, targetPrice: 0.01, consent: true },
    };
  return { email, route: "/subscriptions/subscribe", body: { email, source: "footer" } };
}

const TABLE = { contact: "contacts", alert: "price_alerts", subscribe: "subscriptions" } as const;

/** Which of the acknowledged addresses are missing from their table. */
export async function missingWrites(url: string, acked: { kind: keyof typeof TABLE; email: string }[]) {
  const missing: string[] = [];
  for (const kind of Object.keys(TABLE) as (keyof typeof TABLE)[]) {
    const emails = acked.filter((a) => a.kind === kind).map((a) => a.email.toLowerCase());
    if (emails.length === 0) continue;
    const rows = await query<{ email: string }>(
      url,
      `select lower(email) as email from ${TABLE[kind]} where lower(email) = any($1)`,
      [emails],
    );
    const found = new Set(rows.map((r) => r.email));
    missing.push(...emails.filter((e) => !found.has(e)));
  }
  return missing;
}

export async function stopApi(api: ApiProcess) {
  if (api.child.exitCode === null && api.child.signalCode === null) api.child.kill("SIGKILL");
  await api.exited;
}
