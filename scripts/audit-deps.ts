import { spawnSync } from "node:child_process";

/**
 * `npm run audit:deps` (run by .ci/run): the production dependencies must have no known high or
 * critical vulnerability (`npm audit --omit=dev`). When the registry's audit service cannot be
 * reached — some mirrors do not offer it — that is said loudly and the check is skipped rather than
 * failing every build on a service outside the project.
 */
const run = spawnSync("npm", ["audit", "--omit=dev", "--json"], { encoding: "utf8" });
let report: {
  metadata?: { vulnerabilities?: Record<string, number> };
  error?: { summary?: string };
  message?: string;
};
try {
  report = JSON.parse(run.stdout || "{}");
} catch {
  report = {};
}
const counts = report.metadata?.vulnerabilities;
if (!counts) {
  const why = report.message || report.error?.summary || "no report";
  process.stdout.write(
    `audit:deps: NOT CHECKED — the registry's audit service did not answer (${why.trim()})\n`,
  );
  process.exit(0);
}
const serious = (counts.high ?? 0) + (counts.critical ?? 0);
process.stdout.write(
  `audit:deps: production dependencies — critical ${counts.critical ?? 0}, high ${counts.high ?? 0}, ` +
    `moderate ${counts.moderate ?? 0}, low ${counts.low ?? 0}\n`,
);
if (serious > 0) {
  process.stdout.write(
    "audit:deps: high or critical vulnerabilities: run `npm audit --omit=dev` for details\n",
  );
  process.exit(1);
}
