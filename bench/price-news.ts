import pg from "pg";
import { SMTPServer } from "smtp-server";
import { startProduct } from "./product.ts";
import { adminHeaders, apiCaller, memorySampler, readAtSteadyRate, residentMb } from "./steady-load.ts";

/**
 * `npm run bench:news [-- --subscribers=100000] [--job=weeklyDigest]` (issue 28): the price-drop run
 * (or the Monday digest) to a large audience.
 * The product runs as `npm start` does on a throwaway PostgreSQL, mailing a loopback SMTP server
 * (smtp-server) that counts what it accepts. Measured: how long the run takes to queue one email
 * per subscriber (the audience is read in batches, never whole), how long the outbox takes to send
 * them all within MAIL_RATE, the product process's peak memory, and the p99 of a hot read at a
 * steady 200 requests a second, idle and while the news goes out (goal: within 2× of idle).
 * Never part of `npm test`; figures go to docs/performance.md.
 */
const flag = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const subscribers = Number(flag("subscribers") ?? 100_000);
const job = flag("job") ?? "priceDrops";
if (job !== "priceDrops" && job !== "weeklyDigest") throw new Error("--job is priceDrops or weeklyDigest");
const HOT_READ = `/api/medications/wegovy/comparison?dosage=${encodeURIComponent("0.25mg (1 pen, 4 doses)")}`;
const ADMIN_PASSWORD = "bench-password-123";

// The sink: accepts everything, keeps only a count per recipient (100,000 messages kept whole would
// measure the sink's memory, not the product's).
const perRecipient = new Map<string, number>();
let accepted = 0;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ["AUTH", "STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    stream.resume();
    stream.on("end", () => {
      for (const { address } of session.envelope.rcptTo)
        perRecipient.set(address, (perRecipient.get(address) ?? 0) + 1);
      accepted += 1;
      callback();
    });
  },
});
const sinkPort = await new Promise<number>((resolve) =>
  sink.listen(0, "127.0.0.1", () => resolve((sink.server.address() as { port: number }).port)),
);
process.env.SMTP_URL = `smtp://127.0.0.1:${sinkPort}`;
process.env.MAIL_RATE = "100000";

let databaseUrl = "";
const product = await startProduct("pg", "development", async (target) => {
  databaseUrl = target.databaseUrl ?? "";
});

const memory = memorySampler(product.pid);
const p99AtSteadyLoad = () => readAtSteadyRate(`${product.apiUrl}${HOT_READ}`);
const api = apiCaller(product.apiUrl, 30 * 60_000);

try {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  await db.query(
    `insert into subscriptions (email, source, price_drops, new_medications, promotions, weekly_digest,
       confirmed_at, consent_version, consented_at, consent_source)
     select 'bench-' || g || '@example.co.uk', 'footer', $2::boolean, false, false, $3::boolean, now(), 'subscription-2026-11', now(), 'footer'
     from generate_series(1, $1::int) g`,
    [subscribers, job === "priceDrops", job === "weeklyDigest"],
  );
  // One price halved: every subscriber (following every condition) has news today.
  const { rows } = await db.query<{
    medication_id: string;
    pharmacy_id: string;
    dosage: string;
    price: string;
  }>(
    "select medication_id, pharmacy_id, dosage, price::text from prices where medication_id = 'wegovy' order by price limit 1",
  );
  await db.end();
  const [cheapest] = rows;
  if (!cheapest) throw new Error("the demo catalogue has no Wegovy price");

  const headers = await adminHeaders(api, ADMIN_PASSWORD);
  const price = Math.max(0.01, Math.floor(Number(cheapest.price) * 50) / 100);
  await api(
    "POST",
    "/api/admin/prices/bulk",
    {
      prices: [
        {
          medicationId: cheapest.medication_id,
          pharmacyId: cheapest.pharmacy_id,
          dosage: cheapest.dosage,
          price,
        },
      ],
    },
    headers,
  );

  const idleMb = residentMb(product.pid);
  const idle = await p99AtSteadyLoad();

  const started = performance.now();
  memory.reset();
  const run = await api("POST", `/api/admin/jobs/${job}/run`, {}, headers);
  const queuedSeconds = (performance.now() - started) / 1000;
  const queuePeakMb = memory.peak();
  const sending = await p99AtSteadyLoad();
  while (accepted < subscribers) {
    if (performance.now() - started > 60 * 60_000) throw new Error(`only ${accepted} sent after an hour`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const sentSeconds = (performance.now() - started) / 1000;
  const twice = [...perRecipient.values()].filter((n) => n > 1).length;
  const lines = [
    `${job === "priceDrops" ? "price-drop run" : "weekly digest"} to ${subscribers.toLocaleString("en-GB")} confirmed subscribers (PostgreSQL, MAIL_RATE 100000/min, loopback SMTP)`,
    `  queued:   ${queuedSeconds.toFixed(1)} s (${JSON.stringify(run.summary)}), peak memory while queuing ${queuePeakMb.toFixed(0)} MB (idle ${idleMb.toFixed(0)} MB)`,
    `  sent:     all ${accepted.toLocaleString("en-GB")} in ${sentSeconds.toFixed(1)} s from the start (${(accepted / sentSeconds).toFixed(0)} a second), ${twice} recipients twice, peak memory ${memory.peak().toFixed(0)} MB`,
    `  hot read at 200 req/s: idle p50 ${idle.p50} ms p99 ${idle.p99} ms; while sending p50 ${sending.p50} ms p99 ${sending.p99} ms (${(sending.p99 / Math.max(1, idle.p99)).toFixed(2)}× idle; goal ≤ 2×) ${sending.p99 <= 2 * Math.max(1, idle.p99) ? "ok" : "MISS"}`,
    `  failed requests: ${idle.failures + sending.failures}`,
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
  if (idle.failures + sending.failures > 0 || twice > 0) process.exitCode = 1;
} finally {
  memory.stop();
  await product.stop();
  sink.close();
}
