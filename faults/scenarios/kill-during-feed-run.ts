import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { type ApiProcess, check, one, query, request, signIn, sleep, startApi } from "../harness.ts";
import { scenario } from "../scenario.ts";

/**
 * A pharmacy price feed across a crash (issue 29, decisions 045 and 047): the pharmacy is given a
 * price for every medication and dosage of the catalogue, and its feed (node:http on loopback, the
 * API started with FEEDS_ALLOW_INSECURE) raises each by 5 %. A feed's latest scheduled moment is due
 * as soon as it is set, so the API's scheduler sends it to its job queue at start (decision 066's
 * addendum: a moment owed when the queue starts) and runs it at once; started with the kill
 * armed half-way through the rows (FAULT_KILL_AFTER_PRICE_ROWS, the hook of the other kill
 * scenarios, so the kill is proven to land inside the run's transaction), it dies mid-write.
 * Nothing of the run may be visible then. The run's lease is then ended by hand (it stands for the
 * ten minutes, JOB_LEASE_MS, a real restart waits), and the restarted API's scheduler takes the
 * killed run again and applies every row, all at once.
 */
export default scenario({
  key: "feed-kill",
  name: "SIGKILL during a feed run, then a restart that runs it again",
  breaks: "SIGKILL inside a scheduled feed run's transaction, half-way through its rows.",
  holds:
    "Nothing of the run is visible after the kill; the restarted scheduler runs it again and applies every row.",
  async run({ pg, failures }) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "pc-faults-feed-"));
    const env = { DATABASE_URL: pg.url, DATA_DIR: dataDir, FEEDS_ALLOW_INSECURE: "true" };
    let api = await startApi(env);
    let csv = "";
    const feedServer = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/csv; charset=utf-8" }).end(csv);
    });
    feedServer.listen(0, "127.0.0.1");
    await once(feedServer, "listening");
    try {
      const { id: pharmacyId } = one(
        await query<{ id: string }>(pg.url, "select id from pharmacies order by id limit 1"),
      );
      const job = `feed:${pharmacyId}`;
      // Every medication and dosage priced at this pharmacy, so the feed is as large as the catalogue.
      await query(
        pg.url,
        `insert into prices (medication_id, pharmacy_id, dosage, price)
       select m.id, $1, d, 10.00 from medications m cross join unnest(m.dosages) d
       on conflict do nothing`,
        [pharmacyId],
      );
      const rows = await query<{ name: string; dosage: string; price: string }>(
        pg.url,
        "select m.name, p.dosage, p.price::text from prices p join medications m on m.id = p.medication_id where p.pharmacy_id = $1",
        [pharmacyId],
      );
      const raised = rows.map((row) => ({ ...row, to: Math.round(Number(row.price) * 105) / 100 }));
      csv = `medication,dosage,price,link,stock\n${raised.map((row) => `"${row.name}","${row.dosage}",${row.to},,yes`).join("\n")}\n`;
      const applied = async () =>
        Number(
          one(
            await query<{ n: string }>(
              pg.url,
              `select count(*)::text as n from prices p join medications m on m.id = p.medication_id
             join unnest($2::text[], $3::text[], $4::numeric[]) as w(name, dosage, price)
               on m.name = w.name and p.dosage = w.dosage and p.price = w.price
             where p.pharmacy_id = $1`,
              [pharmacyId, raised.map((r) => r.name), raised.map((r) => r.dosage), raised.map((r) => r.to)],
            ),
          ).n,
        );
      const runOf = async () =>
        (
          await query<{ outcome: string; attempts: number }>(
            pg.url,
            "select outcome, attempts from job_runs where job = $1 order by started_at desc limit 1",
            [job],
          )
        )[0];
      const port = (feedServer.address() as AddressInfo).port;
      const headers = await signIn(api.url);
      const set = await request(
        api.url,
        "PUT",
        `/api/admin/pharmacies/${pharmacyId}/feed`,
        { url: `http://127.0.0.1:${port}/feed.csv`, format: "flat-csv" },
        headers,
      );
      if (set.status !== 200)
        throw new Error(`the feed could not be set: ${set.status} ${JSON.stringify(set.body)}`);
      // Stopped before its next tick: the run is the next start's.
      api.child.kill("SIGTERM");
      await api.exited;
      // A feed runs no scheduled moment from before its last change (schedule.ts slotDue): dated two
      // days back, as if set up then, today's moment is due at the next start's first tick.
      await query(
        pg.url,
        "update pharmacy_feeds set updated_at = now() - interval '2 days' where pharmacy_id = $1",
        [pharmacyId],
      );
      check((await runOf()) === undefined, "the feed ran before the kill was armed", failures);

      const afterRows = Math.floor(raised.length / 2);
      api = await startApi({ ...env, FAULT_KILL_AFTER_PRICE_ROWS: String(afterRows) }).catch(
        (error: Error) => {
          // It may die on its first tick before its health check answers: that is the kill.
          return { error } as unknown as ApiProcess;
        },
      );
      const killedOutput = "error" in api ? String((api as unknown as { error: Error }).error) : "";
      // Bounded: a run that never starts leaves the process up, and the scenario says so.
      const exit =
        "error" in api
          ? { signal: "SIGKILL" as NodeJS.Signals }
          : await Promise.race([api.exited, sleep(120_000).then(() => ({ signal: null, code: null }))]);
      const output = "error" in api ? killedOutput : api.output();
      const afterKill = await applied();
      const killedRun = await runOf();
      check(
        output.includes(`SIGKILL after ${afterRows} price rows written, inside the transaction`),
        "the API never reached the kill inside the feed's transaction",
        failures,
      );
      check(exit.signal === "SIGKILL", `the API ended with ${exit.signal}, not SIGKILL`, failures);
      check(
        killedRun?.outcome === "running",
        `the killed run is ${killedRun?.outcome}, not left running`,
        failures,
      );
      check(
        afterKill === 0,
        `${afterKill} of ${raised.length} feed prices visible after the kill (partial)`,
        failures,
      );

      // The killed process's lease, ended as ten minutes would; the restarted scheduler takes the run again.
      await query(pg.url, "update job_runs set lease_until = now() where job = $1 and outcome = 'running'", [
        job,
      ]);
      api = await startApi(env);
      const deadline = Date.now() + 60_000;
      let retried = await runOf();
      while (retried?.outcome !== "succeeded" && Date.now() < deadline) {
        await sleep(250);
        retried = await runOf();
      }
      const afterRetry = await applied();
      check(
        retried?.outcome === "succeeded" && retried.attempts === 2,
        `the retried run is ${retried?.outcome} after ${retried?.attempts} attempts`,
        failures,
      );
      check(
        afterRetry === raised.length,
        `${afterRetry} of ${raised.length} feed prices applied by the retried run`,
        failures,
      );
      return {
        acknowledged: `a feed of ${raised.length} rows raising every price 5 %, run by the scheduler and killed inside its transaction after ${afterRows} rows; restarted once the run's lease had ended`,
        found: `after the kill ${afterKill} of ${raised.length} prices changed and the run was left running; the restart took it again (attempt ${retried?.attempts}) and all ${afterRetry} are applied`,
      };
    } finally {
      feedServer.close();
      if (!("error" in api)) {
        api.child.kill("SIGKILL");
        await api.exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
});
