import { parseArgs } from "node:util";
import { buildApi, loadApiConfig, openDatabase } from "@pharmacompare/api";

/**
 * `npm run jobs:run -- <job> [--send]`: runs a scheduled job now, whatever its schedule
 * (decision 038), recorded in job_runs like a scheduled run. The price news it queues keeps its
 * keys: a subscriber who had today's price drops gets nothing more.
 */
const usage = `Usage: npm run jobs:run -- <job> [--send]

Runs a scheduled job now: priceDrops (the day's price drops to their subscribers),
weeklyDigest (the week's digest, and new medications to those without it), a pharmacy's
price feed, feed:<pharmacy id> (decision 045), or with SEED_DEMO on the daily demo job,
demoPrices (decision 053), or the monthly price index, priceIndex (decision 061). Its emails
are queued in the outbox; a running API sends them within seconds. --send also delivers what is
due from this command (needed with the embedded database, no DATABASE_URL, where the running app
must be stopped first).
`;

let job: string | undefined;
let send = false;
try {
  const parsed = parseArgs({
    options: { send: { type: "boolean" }, help: { type: "boolean", short: "h" } },
    allowPositionals: true,
  });
  if (parsed.values.help) {
    process.stdout.write(usage);
    process.exit(0);
  }
  [job] = parsed.positionals;
  send = parsed.values.send ?? false;
  if (!job || parsed.positionals.length > 1) throw new Error("Name one job");
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n\n${usage}`);
  process.exit(2);
}

if (!job) process.exit(2);
const config = loadApiConfig();
const database = await openDatabase(config);
await database.migrate();
const app = await buildApi({ config, database, responseCache: false });
let status = 0;
try {
  await app.ready();
  const names = await app.services.jobs.names();
  if (!names.includes(job)) {
    process.stderr.write(`No job named ${job}: ${names.join(", ")}\n`);
    status = 2;
  } else {
    const result = await app.services.jobs.runNow(job);
    process.stdout.write(`${job}: ${result.outcome} ${JSON.stringify(result.summary)}\n`);
    if (result.outcome !== "succeeded") status = 1;
    else if (send) {
      const delivered = await app.services.outbox.deliverDue();
      process.stdout.write(`Delivered now: ${JSON.stringify(delivered)}\n`);
    }
  }
} finally {
  await app.close();
}
process.exit(status);
