import cluster, { type Worker } from "node:cluster";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { buildWebIfNeeded } from "./web-build.ts";

/**
 * `npm run start:cluster`: several API processes and several web processes on one machine, against
 * PostgreSQL (decision 021). Node's cluster module shares each port between its processes (the
 * operating system or the primary hands out connections: no load balancer of ours). Each API
 * process is apps/api/src/server.ts as run alone; they migrate and seed under a database lock, and
 * their jobs are safe to run in every process. A process that dies is replaced; SIGTERM stops all
 * of them gracefully. Across machines, put nginx in front instead (docs/operations.md).
 *
 *   DATABASE_URL=postgres://… API_WORKERS=2 WEB_WORKERS=2 npm run start:cluster
 */
const apiEntry = fileURLToPath(new URL("../apps/api/src/server.ts", import.meta.url));
const webEntry = fileURLToPath(new URL("../apps/web/server/main.ts", import.meta.url));

/** API_WORKERS is at least 1; WEB_WORKERS may be 0, for a machine that runs only the API tier. */
function count(name: string, least: number): number {
  const raw = process.env[name];
  const fallback = Math.max(2, Math.min(4, availableParallelism()));
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < least || value > 64) {
    process.stderr.write(`Invalid configuration:\n  ${name}: must be a whole number from ${least} to 64\n`);
    process.exit(1);
  }
  return value;
}

if (!process.env.DATABASE_URL) {
  process.stderr.write(
    "Invalid configuration:\n  DATABASE_URL: is required for start:cluster — the embedded database belongs to one process (use npm start)\n",
  );
  process.exit(1);
}

const tiers = {
  api: { entry: apiEntry, size: count("API_WORKERS", 1) },
  web: { entry: webEntry, size: count("WEB_WORKERS", 0) },
};
type Tier = keyof typeof tiers;

if (tiers.web.size > 0) buildWebIfNeeded();

const roles = new Map<Worker, Tier>();
let stopping = false;

function fork(tier: Tier): void {
  cluster.setupPrimary({ exec: tiers[tier].entry });
  const worker = cluster.fork({ NODE_ENV: process.env.NODE_ENV ?? "production" });
  roles.set(worker, tier);
}

cluster.on("exit", (worker, code, signal) => {
  const tier = roles.get(worker);
  roles.delete(worker);
  if (stopping || !tier) {
    if (roles.size === 0) process.exit(0);
    return;
  }
  process.stderr.write(`${tier} process ${worker.process.pid} ended (${signal ?? code}); starting another\n`);
  // A short pause so a process that cannot start (bad configuration) does not spin.
  setTimeout(() => fork(tier), 1000);
});

for (const tier of Object.keys(tiers) as Tier[]) for (let i = 0; i < tiers[tier].size; i += 1) fork(tier);
process.stdout.write(
  `PharmaCompare cluster: ${tiers.api.size} API and ${tiers.web.size} web processes (primary ${process.pid})\n`,
);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    stopping = true;
    // Each process finishes its requests in flight and closes its database (apps/api/src/server.ts).
    for (const worker of roles.keys()) worker.process.kill("SIGTERM");
    setTimeout(() => process.exit(1), 15_000).unref();
    if (roles.size === 0) process.exit(0);
  });
}
