import {
  catalogue,
  check,
  missingWrites,
  one,
  request,
  sleep,
  startApi,
  stopApi,
  visitorWrite,
} from "../harness.ts";
import { scenario } from "../scenario.ts";

export default scenario({
  key: "pg-restart",
  name: "PostgreSQL restarted (immediate) under visitor writes",
  breaks: "PostgreSQL restarted with -m immediate under eight writers of visitor forms.",
  holds: "Every write answered 2xx is stored; none answers 500; the writes during the restart answer 503.",
  async run({ pg, dataDir, failures }) {
    const api = await startApi({ DATABASE_URL: pg.url, DATA_DIR: dataDir });
    try {
      const pair = one(await catalogue(pg.url));
      const target = { medicationId: pair.medication_id, dosage: pair.dosage };
      const acked: { kind: "contact" | "alert" | "subscribe"; email: string }[] = [];
      const statuses = new Map<number, number>();
      const until = Date.now() + 12_000;
      const kinds = ["contact", "alert", "subscribe"] as const;
      const worker = async (index: number) => {
        for (let i = index; Date.now() < until; i += 1) {
          const kind = kinds[i % 3] ?? "contact";
          const write = visitorWrite(kind, target);
          const res = await request(api.url, "POST", write.route, write.body);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status >= 200 && res.status < 300) acked.push({ kind, email: write.email });
        }
      };
      const load = Promise.all(Array.from({ length: 8 }, (_, i) => worker(i)));
      await sleep(4000);
      // Down for a moment the writers can see: `restart()` blocks this process while PostgreSQL is
      // away, so no write was sent during it and a run could find no 503 at all.
      pg.halt("immediate");
      await sleep(1500);
      pg.resume();
      await load;
      const missing = await missingWrites(pg.url, acked);
      const tally = [...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(", ");
      check(missing.length === 0, `${missing.length} acknowledged writes missing`, failures);
      check(!statuses.has(500), `${statuses.get(500)} writes answered 500`, failures);
      check(
        (statuses.get(503) ?? 0) > 0,
        "no write was refused during the restart (did the restart happen?)",
        failures,
      );
      check(
        [...statuses.keys()].every((s) => s === 201 || s === 503),
        `unexpected answers: ${tally}`,
        failures,
      );
      if (failures.length)
        failures.push(
          `API (exit ${api.child.exitCode}/${api.child.signalCode}) said: ${api.output().slice(-2500)}`,
        );
      return {
        acknowledged: `${acked.length} writes answered 2xx (answers: ${tally})`,
        found: `all ${acked.length} found in the database; none answered 500`,
      };
    } finally {
      await stopApi(api);
    }
  },
});
