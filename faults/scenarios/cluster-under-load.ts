import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DELIVERY_LANES } from "../../apps/api/src/modules/outbox/outbox-service.ts";
import { drainedOutbox } from "../bulk-mail.ts";
import {
  type ApiProcess,
  catalogue,
  check,
  missingWrites,
  one,
  query,
  request,
  sleep,
  startApi,
  stopApi,
  visitorWrite,
} from "../harness.ts";
import { scenario } from "../scenario.ts";

export default scenario({
  key: "cluster",
  name: ({ loadSeconds }) => `three API processes under mixed load for ${loadSeconds} s, one killed midway`,
  breaks: "One of three API processes is killed (SIGKILL) half-way through a mixed load.",
  holds:
    "At most 0.1 % of requests fail after one retry elsewhere; every acknowledged write is stored; survivors stay healthy; the outbox sends each email once, but for the one the killed process held.",
  async run({ pg, loadSeconds: seconds, failures }) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "pc-faults-cluster-"));
    const apis: ApiProcess[] = [];
    try {
      // The first seeds and migrates; the others start together, as a deploy would.
      apis.push(await startApi({ DATABASE_URL: pg.url, DATA_DIR: dataDir }));
      apis.push(
        ...(await Promise.all([1, 2].map(() => startApi({ DATABASE_URL: pg.url, DATA_DIR: dataDir })))),
      );
      const rows = await catalogue(pg.url);
      // Only this scenario's emails: earlier scenarios killed processes that left leases of their own.
      const { now: since } = one(await query<{ now: Date }>(pg.url, "select now()"));
      const target = { medicationId: one(rows).medication_id, dosage: one(rows).dosage };
      const medicationIds = [...new Set(rows.map((r) => r.medication_id))];
      const alive = new Set(apis.map((a) => a.url));
      const acked: { kind: "contact" | "alert" | "subscribe"; email: string }[] = [];
      let attempts = 0;
      let failed = 0;
      let retried = 0;
      const until = Date.now() + seconds * 1000;
      const kinds = ["contact", "alert", "subscribe"] as const;
      const pick = (not?: string) => {
        // A client's view: it tries any address it was given, and on failure retries once on another.
        const urls = apis.map((a) => a.url).filter((u) => u !== not);
        return urls[Math.floor(Math.random() * urls.length)] ?? apis[0]?.url ?? "";
      };
      const worker = async () => {
        for (let i = 0; Date.now() < until; i += 1) {
          attempts += 1;
          const isWrite = Math.random() < 0.3;
          const kind = kinds[i % 3] ?? "contact";
          const write = isWrite ? visitorWrite(kind, target) : undefined;
          const route =
            write?.route ??
            [
              "/api/categories",
              `/api/prices/medication/${medicationIds[i % medicationIds.length]}`,
              "/api/medications",
            ][i % 3] ??
            "/api/categories";
          const send = (base: string) => request(base, write ? "POST" : "GET", route, write?.body, {}, 5000);
          const first = pick();
          let res = await send(first);
          if (res.status === 0 || res.status >= 500) {
            retried += 1;
            res = await send(pick(first));
          }
          if (res.status === 0 || res.status >= 500) failed += 1;
          else if (write && res.status >= 200 && res.status < 300) acked.push({ kind, email: write.email });
        }
      };
      const load = Promise.all(Array.from({ length: 6 }, () => worker()));
      await sleep((seconds * 1000) / 2);
      const victim = apis[1] as ApiProcess;
      victim.child.kill("SIGKILL");
      alive.delete(victim.url);
      await load;
      const survivors = await Promise.all(
        apis.filter((a) => alive.has(a.url)).map((a) => request(a.url, "GET", "/health")),
      );
      check(
        survivors.every((s) => s.status === 200),
        "a surviving process is not healthy",
        failures,
      );
      const rate = attempts ? failed / attempts : 0;
      check(rate <= 0.001, `error rate ${(rate * 100).toFixed(3)} % (${failed}/${attempts})`, failures);
      const missing = await missingWrites(pg.url, acked);
      check(missing.length === 0, `${missing.length} acknowledged writes missing`, failures);
      // The outbox: let the survivors drain it, then every message was claimed once and written
      // once. Rows the killed process had claimed stay leased (OUTBOX_LEASE_MS, 5 minutes) before a
      // survivor sends them: at most one per delivery lane of its run, counted apart.
      const outbox = await drainedOutbox(
        async () =>
          one(
            await query<{ sent: string; twice: string; pending: string; leased: string }>(
              pg.url,
              "select count(*) filter (where status = 'sent')::text as sent, count(*) filter (where attempts > 1)::text as twice, count(*) filter (where status = 'pending')::text as pending, count(*) filter (where status = 'pending' and locked_until > now())::text as leased from email_outbox where created_at >= $1",
              [since],
            ),
          ),
        30_000,
      );
      const pending = Number(outbox.pending);
      let files: string[] = [];
      try {
        files = readdirSync(path.join(dataDir, "mail"));
      } catch {
        files = [];
      }
      const perMessage = new Map<string, number>();
      for (const file of files) {
        const id = /([0-9a-f-]{36})\.eml$/.exec(file)?.[1];
        if (id) perMessage.set(id, (perMessage.get(id) ?? 0) + 1);
      }
      const duplicates = [...perMessage.values()].filter((n) => n > 1).length;
      check(
        pending <= Number(outbox.leased),
        `${pending} emails still pending 30 s after the load, ${outbox.leased} of them leased`,
        failures,
      );
      check(duplicates <= 1, `${duplicates} emails written more than once`, failures);
      check(Number(outbox.twice) <= 1, `${outbox.twice} emails claimed more than once`, failures);
      check(
        Number(outbox.leased) <= DELIVERY_LANES,
        `${outbox.leased} emails left leased (only the killed process's, at most ${DELIVERY_LANES}: one per delivery lane)`,
        failures,
      );
      return {
        acknowledged: `${attempts} requests (${retried} retried once on another process), ${acked.length} writes acknowledged`,
        found: `error rate ${((failed / Math.max(1, attempts)) * 100).toFixed(3)} % (${failed} failed after the retry); all ${acked.length} writes found; survivors healthy; outbox: ${outbox.sent} sent, ${perMessage.size} mail files, ${duplicates} duplicated, ${outbox.twice} claimed twice, ${outbox.leased} left under the killed process's lease`,
      };
    } finally {
      await Promise.all(apis.map(stopApi));
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
});
