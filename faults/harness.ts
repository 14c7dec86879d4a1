import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

/**
 * What the fault scenarios share: a throwaway PostgreSQL they may stop, start and restart (unlike
 * scripts/postgres-server.ts, whose stop also deletes it), API processes started as in production
 * (apps/api/src/server.ts) on loopback, and a plain HTTP client. Everything is bounded in time.
 */
const root = fileURLToPath(new URL("..", import.meta.url));

async function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

function binDir(): string {
  const base = "/usr/lib/postgresql";
  const found = (existsSync(base) ? readdirSync(base) : [])
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => path.join(base, v, "bin"))
    .find((dir) => existsSync(path.join(dir, "initdb")));
  if (!found) throw new Error("PostgreSQL is not installed (npm run test:pg installs it when root)");
  return found;
}

export interface Postgres {
  url: string;
  stop(): void;
  start(): void;
  /** Stops the server with `-m immediate` (connections cut, like a crash) and starts it again. */
  restart(mode?: "fast" | "immediate"): void;
  destroy(): void;
}

export async function startPostgres(): Promise<Postgres> {
  const bin = binDir();
  const port = await sparePort();
  const dir = mkdtempSync(path.join(tmpdir(), "pc-faults-pg-"));
  chmodSync(dir, 0o777);
  const asPostgres = (command: string) => {
    const isRoot = process.getuid?.() === 0;
    execFileSync(isRoot ? "su" : "sh", isRoot ? ["postgres", "-c", command] : ["-c", command], {
      stdio: "pipe",
    });
  };
  asPostgres(`${bin}/initdb -D ${dir}/data -U postgres --auth=trust -E UTF8 --locale=C.UTF-8`);
  const start = () =>
    asPostgres(
      `${bin}/pg_ctl -D ${dir}/data -l ${dir}/server.log -o "-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c max_connections=200" -w start`,
    );
  const stop = (mode: "fast" | "immediate" = "fast") =>
    asPostgres(`${bin}/pg_ctl -D ${dir}/data -m ${mode} -w stop`);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => stop("fast"),
    start,
    restart(mode = "immediate") {
      stop(mode);
      start();
    },
    destroy() {
      try {
        stop("immediate");
      } catch {
        // already stopped
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

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

/** What a scenario prints: what was acknowledged, what was found afterwards, and whether they agree. */
export interface ScenarioResult {
  name: string;
  acknowledged: string;
  found: string;
  ok: boolean;
}

export function check(condition: boolean, message: string, failures: string[]) {
  if (!condition) failures.push(message);
}
