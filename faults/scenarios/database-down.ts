import { catalogue, check, one, request, sleep, startApi, stopApi, visitorWrite } from "../harness.ts";
import { scenario } from "../scenario.ts";

/** PostgreSQL stopped: 503 within a second, /health names the database, and it recovers alone. */
export default scenario({
  key: "database",
  name: "database down (PostgreSQL stopped, then started)",
  breaks: "PostgreSQL stops under a running API, then starts again.",
  holds:
    "Reads, writes and /health answer 503 with { error } within a second; the API recovers by itself and writes again.",
  async run({ pg, dataDir, failures }) {
    const api = await startApi({ DATABASE_URL: pg.url, DATA_DIR: dataDir });
    try {
      const pair = one(await catalogue(pg.url));
      pg.halt();
      const read = await request(api.url, "GET", `/api/prices/medication/${pair.medication_id}`);
      const write = await request(
        api.url,
        "POST",
        "/api/contact",
        visitorWrite("contact", { medicationId: "", dosage: "" }).body,
      );
      const health = await request(api.url, "GET", "/health");
      for (const [name, answer] of [
        ["read", read],
        ["write", write],
        ["/health", health],
      ] as const) {
        check(answer.status === 503, `${name} answered ${answer.status}, not 503`, failures);
        check(answer.ms < 1000, `${name} took ${Math.round(answer.ms)} ms`, failures);
        check(
          typeof (answer.body as { error?: unknown })?.error === "string",
          `${name} has no { error }`,
          failures,
        );
      }
      pg.resume();
      const back = performance.now();
      let recovered = -1;
      while (performance.now() - back < 15_000) {
        if ((await request(api.url, "GET", "/health")).status === 200) {
          recovered = Math.round(performance.now() - back);
          break;
        }
        await sleep(100);
      }
      check(recovered >= 0, "the API did not recover within 15 s of the database returning", failures);
      const after = await request(
        api.url,
        "POST",
        "/api/contact",
        visitorWrite("contact", { medicationId: "", dosage: "" }).body,
      );
      check(after.status === 201, `a write after recovery answered ${after.status}`, failures);
      return {
        acknowledged: `while down: read ${read.status} in ${Math.round(read.ms)} ms, write ${write.status} in ${Math.round(write.ms)} ms, /health ${health.status} ${JSON.stringify(health.body)}`,
        found: `/health 200 again ${recovered} ms after the server returned; a write after it answered ${after.status}`,
      };
    } finally {
      await stopApi(api);
    }
  },
});
