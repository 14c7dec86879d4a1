import { catalogue, check, one, query, request, signIn, sleep, startApi, visitorWrite } from "../harness.ts";
import {
  checkKilledInside,
  insideTransaction,
  type KillRound,
  killEnv,
  roundLabel,
  uninterrupted,
} from "../kill-rounds.ts";
import { scenario } from "../scenario.ts";

/** Every price in an exported workbook halved (the file an administrator would upload). */
async function halvedWorkbook(base64: string): Promise<string> {
  const { default: ExcelJS } = await import("exceljs");
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(base64, "base64") as unknown as ArrayBuffer);
  book.eachSheet((sheet) => {
    let inPrices = false;
    sheet.eachRow((row) => {
      if (row.getCell(1).value === "Pharmacy") {
        inPrices = true;
        return;
      }
      if (!inPrices) return;
      row.eachCell((cell, column) => {
        if (column >= 3 && typeof cell.value === "number")
          cell.value = Math.max(0.01, Math.floor(cell.value * 50) / 100);
      });
    });
  });
  return Buffer.from(await book.xlsx.writeBuffer()).toString("base64");
}

/**
 * The same as the bulk write, through the price-sheet path: every price exported, halved, previewed,
 * and applied while the process is killed; afterwards all changed rows or none, and the emails match.
 */
export default scenario({
  key: "sheet-kill",
  name: "SIGKILL during a price-sheet apply",
  breaks:
    "SIGKILL while a halved price sheet is applied, at fractions of its time and from inside its transaction.",
  holds: "All changed prices or none, and the price-drop emails match.",
  async run({ pg, dataDir, failures }) {
    const outcomes: string[] = [];
    const rounds: KillRound[] = [{}];
    let fullMs = 0;
    for (const round of rounds) {
      const delay = round.delay;
      const api = await startApi({ DATABASE_URL: pg.url, DATA_DIR: dataDir, ...killEnv(round) });
      const headers = await signIn(api.url);
      const rows = await catalogue(pg.url);
      const alertIds: string[] = [];
      for (const key of [...new Set(rows.map((r) => `${r.medication_id}\u0000${r.dosage}`))]) {
        if (alertIds.length >= 5) break;
        const [medicationId = "", dosage = ""] = key.split("\u0000");
        const lowest = Math.min(
          ...rows
            .filter((r) => r.medication_id === medicationId && r.dosage === dosage)
            .map((r) => Number(r.price)),
        );
        if (lowest < 0.05) continue;
        const alert = visitorWrite("alert", { medicationId, dosage });
        const res = await request(api.url, "POST", alert.route, {
          ...alert.body,
          targetPrice: Math.floor(lowest * 75) / 100,
        });
        if (res.status !== 201)
          throw new Error(`could not set an alert: ${res.status} ${JSON.stringify(res.body)}`);
        const row = one(
          await query<{ id: string }>(
            pg.url,
            "update price_alerts set confirmed_at = now() where lower(email) = $1 returning id",
            [alert.email.toLowerCase()],
          ),
        );
        alertIds.push(row.id);
      }
      const exported = await request(
        api.url,
        "GET",
        "/api/admin/price-sheets/export",
        undefined,
        headers,
        30_000,
      );
      if (exported.status !== 200) throw new Error(`export answered ${exported.status}`);
      const content = await halvedWorkbook((exported.body as { content: string }).content);
      const preview = await request(
        api.url,
        "POST",
        "/api/admin/price-sheets/preview",
        { fileName: "prices.xlsx", content },
        headers,
        30_000,
      );
      if (preview.status !== 200)
        throw new Error(`preview answered ${preview.status} ${JSON.stringify(preview.body)}`);
      const changes = (
        preview.body as {
          changes: {
            medicationId: string;
            pharmacyId: string;
            dosage: string;
            newPrice: number;
            status: string;
          }[];
        }
      ).changes.filter((c) => c.status === "changed");
      const { now: before } = one(await query<{ now: Date }>(pg.url, "select now()"));
      const sent = request(api.url, "POST", "/api/admin/price-sheets/apply", {}, headers, 30_000);
      const sentAt = performance.now();
      if (delay !== undefined) {
        await sleep(delay);
        api.child.kill("SIGKILL");
      }
      const answer = await sent;
      if (uninterrupted(round)) {
        fullMs = performance.now() - sentAt;
        rounds.push(
          ...[0.2, 0.6, 0.95].map((f) => ({ delay: Math.round(f * fullMs) })),
          ...insideTransaction(changes.length),
        );
        check(answer.status === 200, `the uninterrupted apply answered ${answer.status}`, failures);
      }
      api.child.kill("SIGKILL");
      const exit = await api.exited;
      const n = Number(
        one(
          await query<{ n: string }>(
            pg.url,
            "select count(*)::text as n from prices p join unnest($1::text[], $2::text[], $3::text[], $4::numeric[]) as w(m, ph, d, price) on p.medication_id = w.m and p.pharmacy_id = w.ph and p.dosage = w.d and p.price = w.price",
            [
              changes.map((c) => c.medicationId),
              changes.map((c) => c.pharmacyId),
              changes.map((c) => c.dosage),
              changes.map((c) => c.newPrice),
            ],
          ),
        ).n,
      );
      const queued = Number(
        one(
          await query<{ n: string }>(
            pg.url,
            "select count(*)::text as n from email_outbox where template = 'price-drop' and price_alert_id = any($1::uuid[]) and created_at >= $2",
            [alertIds, before],
          ),
        ).n,
      );
      const committed = n === changes.length;
      const label = roundLabel(round, fullMs);
      check(
        n === 0 || committed,
        `${label}: ${n} of ${changes.length} changed prices written (partial)`,
        failures,
      );
      check(
        queued === (committed ? alertIds.length : 0),
        `${label}: ${queued} price-drop emails for ${committed ? "a committed" : "an uncommitted"} apply of ${alertIds.length} alerts`,
        failures,
      );
      checkKilledInside(
        round,
        { exit, output: api.output(), written: n, queued, answer: answer.status },
        failures,
      );
      outcomes.push(
        `${label} (answer ${answer.status || "none"}): ${committed ? "all" : n === 0 ? "none" : `${n}`} of ${changes.length} changed prices, ${queued}/${alertIds.length} alert emails`,
      );
    }
    return {
      acknowledged: `the uninterrupted apply answered 200 in ${Math.round(fullMs)} ms; then killed at fractions of that time (a kill after the answer counts as committed), and from inside the transaction after 1 row, half the rows and every row`,
      found: outcomes.join("; "),
    };
  },
});
