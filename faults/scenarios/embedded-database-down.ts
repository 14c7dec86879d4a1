import { existsSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type ApiProcess, check, request, sleep, startApi, stopApi, visitorWrite } from "../harness.ts";
import { scenario } from "../scenario.ts";

/**
 * The embedded database (PGlite, `npm start` without DATABASE_URL): a second process pointed at
 * the same directory refuses to start (and the first keeps serving); the directory moved away
 * under a running API gives 503 within a second and /health names the database; moved back, it
 * recovers by itself; every write acknowledged before and after is in the database.
 */
export default scenario({
  key: "pglite",
  name: "embedded database down (directory held by another process; moved away, then back)",
  breaks:
    "A second process points at the embedded database's directory; then the directory is moved away under the API, and back.",
  holds:
    "The second process is refused and the first keeps serving; 503 within a second while the directory is away; recovery by itself; every acknowledged write stored; the lock released at exit.",
  async run({ failures }) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "pc-faults-pglite-"));
    const files = path.join(dataDir, "pglite");
    const contact = () => visitorWrite("contact", { medicationId: "", dosage: "" }).body as { email: string };
    const acknowledged: string[] = [];
    let api: ApiProcess | undefined;
    try {
      api = await startApi({ DATA_DIR: dataDir });
      const before = contact();
      const first = await request(api.url, "POST", "/api/contact", before);
      check(first.status === 201, `a write before the fault answered ${first.status}`, failures);
      if (first.status === 201) acknowledged.push(before.email);

      // A second process on the same directory: refused at start, naming the owner.
      let second = "started";
      try {
        const intruder = await startApi({ DATA_DIR: dataDir });
        await stopApi(intruder);
      } catch (err) {
        second = /in use by process \d+/.test(String(err)) ? "refused: in use by process …" : String(err);
      }
      check(second.startsWith("refused"), `a second process on the same directory ${second}`, failures);
      const stillServing = await request(api.url, "GET", "/health");
      check(stillServing.status === 200, `the owner answered /health ${stillServing.status}`, failures);

      renameSync(files, `${files}.away`);
      await sleep(600);
      const read = await request(api.url, "GET", "/api/categories");
      const write = await request(api.url, "POST", "/api/contact", contact());
      const health = await request(api.url, "GET", "/health");
      for (const [name, answer] of [
        ["read", read],
        ["write", write],
        ["/health", health],
      ] as const) {
        check(answer.status === 503, `${name} answered ${answer.status}, not 503`, failures);
        check(answer.ms < 1000, `${name} took ${Math.round(answer.ms)} ms`, failures);
      }
      const healthError = (health.body as { error?: unknown })?.error;
      check(healthError === "Database unavailable", `/health said ${JSON.stringify(health.body)}`, failures);

      renameSync(`${files}.away`, files);
      const back = performance.now();
      let recovered = -1;
      while (performance.now() - back < 15_000) {
        if ((await request(api.url, "GET", "/health")).status === 200) {
          recovered = Math.round(performance.now() - back);
          break;
        }
        await sleep(100);
      }
      check(recovered >= 0, "the API did not recover within 15 s of the directory returning", failures);
      const after = contact();
      const afterAnswer = await request(api.url, "POST", "/api/contact", after);
      check(afterAnswer.status === 201, `a write after recovery answered ${afterAnswer.status}`, failures);
      if (afterAnswer.status === 201) acknowledged.push(after.email);

      api.child.kill("SIGTERM");
      const exit = await Promise.race([api.exited, sleep(15_000).then(() => undefined)]);
      check(exit?.code === 0, `exit after SIGTERM: ${JSON.stringify(exit) ?? "still running"}`, failures);
      check(!existsSync(path.join(dataDir, "owner.pid")), "the lock file outlived a clean exit", failures);

      // Read the directory back the way the next start would.
      const { createPglite } = await import("../../apps/api/src/db/client.ts");
      const db = await createPglite({ dataDir: files });
      let stored = 0;
      try {
        for (const email of acknowledged) {
          const rows = await db.query("select 1 from contacts where lower(email) = $1", [
            email.toLowerCase(),
          ]);
          stored += rows.rows.length;
        }
      } finally {
        await db.close();
      }
      check(
        stored === acknowledged.length,
        `${acknowledged.length - stored} acknowledged writes missing`,
        failures,
      );
      return {
        acknowledged: `second process: ${second}; while moved: read ${read.status} in ${Math.round(read.ms)} ms, write ${write.status} in ${Math.round(write.ms)} ms, /health ${health.status} ${JSON.stringify(health.body)}; writes answered 201: ${acknowledged.length}`,
        found: `/health 200 again ${recovered} ms after the directory returned; ${stored} of ${acknowledged.length} acknowledged contact messages in the database; lock released at exit`,
      };
    } finally {
      if (api) await stopApi(api);
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
});
