import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type ApiProcess, check, query, request, signIn, sleep, startApi } from "../harness.ts";
import { scenario } from "../scenario.ts";

/**
 * The monthly price index across a crash (issue 45, decision 061). The catalogue is given three
 * years of monthly price history (so a run has dozens of months to compute), the index is computed
 * once from scratch as the reference, then emptied and asked for again; once a few months are
 * stored the API is killed with SIGKILL, part-way through the run. Each month is written whole in
 * one transaction: every month stored after the kill must equal the reference's, and the run asked
 * for again after a restart must leave exactly the reference's rows.
 */
const YEARS_BACK = 3;
/** Rows a month holds, as text so numbers compare exactly. */
type IndexRow = {
  month: string;
  medication_id: string;
  dosage: string;
  median: string;
  days: number;
  pharmacies: number;
};

const rowsSql = `select to_char(month, 'YYYY-MM') as month, medication_id, dosage, median_lowest::text as median, days, pharmacies
  from price_index_months order by month, medication_id, dosage`;

const keyOf = (row: IndexRow) => JSON.stringify(row);

export default scenario({
  key: "index-kill",
  name: "SIGKILL during the price index run, then the run asked for again",
  breaks:
    "SIGKILL part-way through a price index run of three years of months; the run asked for again after a restart.",
  holds:
    "Every month stored after the kill is whole and equal to an unbroken run's; the re-run gives the same index.",
  async run({ pg, failures }) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "pc-faults-index-"));
    const env = { DATABASE_URL: pg.url, DATA_DIR: dataDir };
    let api: ApiProcess = await startApi(env);
    try {
      // A price each month for every listed row, YEARS_BACK years before the demo's 90 days, dated
      // on the 3rd (mid-month in every zone), varying by month so each month has its own figure.
      await query(
        pg.url,
        `insert into price_history (medication_id, pharmacy_id, dosage, price, in_stock, recorded_at)
         select p.medication_id, p.pharmacy_id, p.dosage,
                greatest(0.5, round((p.price * (0.9 + 0.01 * ((g + length(p.pharmacy_id)) % 20)))::numeric, 2)),
                true,
                date_trunc('month', now() - interval '100 days') - make_interval(months => g) + interval '2 days 12 hours'
         from prices p cross join generate_series(1, $1::int) g`,
        [YEARS_BACK * 12],
      );
      const headers = await signIn(api.url);
      // Any scheduled run of the index (due on a first start) finished first: the runs below are the only ones.
      for (let i = 0; i < 600; i += 1) {
        const running = await query(
          pg.url,
          "select 1 from job_runs where job = 'priceIndex' and outcome = 'running'",
        );
        if (running.length === 0) break;
        await sleep(100);
      }
      const runIndex = (base: string, auth: Record<string, string>) =>
        request(base, "POST", "/api/admin/jobs/priceIndex/run", {}, auth, 300_000);

      await query(pg.url, "delete from price_index_months");
      const reference = await runIndex(api.url, headers);
      check(reference.status === 200, `the reference run answered ${reference.status}`, failures);
      const expected = await query<IndexRow>(pg.url, rowsSql);
      const months = new Set(expected.map((row) => row.month));
      check(months.size > YEARS_BACK * 12, `the reference run stored only ${months.size} months`, failures);

      // Emptied, asked for again, and killed once a few months are stored.
      await query(pg.url, "delete from price_index_months");
      const run = runIndex(api.url, headers).catch(() => undefined);
      let stored = 0;
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        stored = Number(
          (
            await query<{ n: string }>(
              pg.url,
              "select count(distinct month)::text as n from price_index_months",
            )
          )[0]?.n,
        );
        if (stored >= 3) break;
        await sleep(20);
      }
      api.child.kill("SIGKILL");
      const exit = await api.exited;
      await run;
      check(exit.signal === "SIGKILL", `the API ended with ${exit.signal}, not SIGKILL`, failures);
      const afterKill = await query<IndexRow>(pg.url, rowsSql);
      const killedMonths = new Set(afterKill.map((row) => row.month));
      check(
        killedMonths.size < months.size,
        `the run had finished (${killedMonths.size} of ${months.size} months) before the kill`,
        failures,
      );
      // Each month stored is whole: exactly the reference's rows for that month.
      const expectedKeys = new Set(expected.map(keyOf));
      const partial = [...killedMonths].filter((month) => {
        const mine = afterKill.filter((row) => row.month === month);
        const theirs = expected.filter((row) => row.month === month);
        return mine.length !== theirs.length || mine.some((row) => !expectedKeys.has(keyOf(row)));
      });
      check(
        partial.length === 0,
        `months stored part-way or differently after the kill: ${partial.join(", ")}`,
        failures,
      );

      // The killed run's lease, ended as ten minutes would; the restarted API's run asked for again.
      await query(
        pg.url,
        "update job_runs set lease_until = now() where job = 'priceIndex' and outcome = 'running'",
      );
      api = await startApi(env);
      const again = await runIndex(api.url, await signIn(api.url));
      check(again.status === 200, `the run asked for again answered ${again.status}`, failures);
      const final = await query<IndexRow>(pg.url, rowsSql);
      const same =
        final.length === expected.length &&
        final.every((row, i) => keyOf(row) === keyOf(expected[i] as IndexRow));
      check(
        same,
        `the re-run stored ${final.length} rows, ${expected.length} expected, or different figures`,
        failures,
      );
      return {
        acknowledged: `a price index run of ${months.size} months (${expected.length} rows), killed with ${killedMonths.size} months stored; asked for again after a restart`,
        found: `every month stored after the kill was whole; the re-run stored the same ${final.length} rows`,
      };
    } finally {
      // The shared database back as the other scenarios expect it: no extra history, the index recomputed.
      await query(
        pg.url,
        "delete from price_history where recorded_at < date_trunc('month', now() - interval '100 days') - interval '25 days'",
      ).catch(() => undefined);
      await query(pg.url, "delete from price_index_months").catch(() => undefined);
      if (api.child.exitCode === null && api.child.signalCode === null) {
        api.child.kill("SIGTERM");
        await api.exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
});
