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

/**
 * A bulk write of every price of a few medications, at half their lowest, with a confirmed alert
 * on each that the new price fires; the API is killed with SIGKILL a moment after sending it.
 * Afterwards the prices are all new or all old, and the price-drop emails queued match.
 */
export default scenario({
  key: "bulk-kill",
  name: "SIGKILL during a bulk price write",
  breaks: "SIGKILL during a bulk price write, at fractions of its time and from inside its transaction.",
  holds: "The prices are all new or all old, and the price-drop emails queued match.",
  async run({ pg, dataDir, failures }) {
    const outcomes: string[] = [];
    // First a write left to finish (how long one takes), then kills at fractions of that time, so
    // some land before the commit and some around it; then kills from inside the transaction.
    const rounds: KillRound[] = [{}];
    let fullMs = 0;
    for (const round of rounds) {
      const delay = round.delay;
      const api = await startApi({ DATABASE_URL: pg.url, DATA_DIR: dataDir, ...killEnv(round) });
      const headers = await signIn(api.url);
      const rows = await catalogue(pg.url);
      const pairs = [...new Set(rows.map((r) => `${r.medication_id}\u0000${r.dosage}`))].slice(0, 40);
      const chosen = rows.filter((r) => pairs.includes(`${r.medication_id}\u0000${r.dosage}`));
      const alertIds: string[] = [];
      const newPrice = new Map<string, number>();
      for (const key of pairs) {
        const [medicationId = "", dosage = ""] = key.split("\u0000");
        const lowest = Math.min(
          ...chosen
            .filter((r) => r.medication_id === medicationId && r.dosage === dosage)
            .map((r) => Number(r.price)),
        );
        const price = Math.max(0.01, Math.floor(lowest * 50) / 100);
        newPrice.set(key, price);
        if (alertIds.length >= 5 || lowest < 0.05) continue;
        const alert = visitorWrite("alert", { medicationId, dosage });
        const target = Math.floor(lowest * 75) / 100;
        const res = await request(api.url, "POST", alert.route, { ...alert.body, targetPrice: target });
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
      const prices = chosen.map((r) => ({
        medicationId: r.medication_id,
        pharmacyId: r.pharmacy_id,
        dosage: r.dosage,
        price: newPrice.get(`${r.medication_id}\u0000${r.dosage}`) ?? 1,
      }));
      const { now: before } = one(await query<{ now: Date }>(pg.url, "select now()"));
      const sent = request(api.url, "POST", "/api/admin/prices/bulk", { prices }, headers, 15_000);
      const sentAt = performance.now();
      if (delay !== undefined) {
        await sleep(delay);
        api.child.kill("SIGKILL");
      }
      const answer = await sent;
      if (uninterrupted(round)) {
        fullMs = performance.now() - sentAt;
        rounds.push(
          ...[0.1, 0.4, 0.7, 0.9, 1.0].map((f) => ({ delay: Math.round(f * fullMs) })),
          ...insideTransaction(prices.length),
        );
        check(answer.status === 200, `the uninterrupted bulk write answered ${answer.status}`, failures);
        api.child.kill("SIGKILL");
      }
      const exit = await api.exited;
      const written = await query<{ n: string }>(
        pg.url,
        "select count(*)::text as n from prices p join unnest($1::text[], $2::text[], $3::text[], $4::numeric[]) as w(m, ph, d, price) on p.medication_id = w.m and p.pharmacy_id = w.ph and p.dosage = w.d and p.price = w.price",
        [
          prices.map((p) => p.medicationId),
          prices.map((p) => p.pharmacyId),
          prices.map((p) => p.dosage),
          prices.map((p) => p.price),
        ],
      );
      const n = Number(one(written).n);
      const emails = await query<{ n: string }>(
        pg.url,
        "select count(*)::text as n from email_outbox where template = 'price-drop' and price_alert_id = any($1::uuid[]) and created_at >= $2",
        [alertIds, before],
      );
      const queued = Number(one(emails).n);
      const committed = n === prices.length;
      const label = roundLabel(round, fullMs);
      check(n === 0 || committed, `${label}: ${n} of ${prices.length} prices written (partial)`, failures);
      check(
        queued === (committed ? alertIds.length : 0),
        `${label}: ${queued} price-drop emails queued for ${committed ? "a committed" : "an uncommitted"} write of ${alertIds.length} alerts`,
        failures,
      );
      checkKilledInside(
        round,
        { exit, output: api.output(), written: n, queued, answer: answer.status },
        failures,
      );
      // Prices that were already at the new value would make "none" look like "all": they never are (half the lowest).
      outcomes.push(
        `${label} (answer ${answer.status || "none"}): ${committed ? "all" : n === 0 ? "none" : `${n}`} of ${prices.length} rows, ${queued}/${alertIds.length} alert emails`,
      );
    }
    return {
      acknowledged: `the uninterrupted write answered 200 in ${Math.round(fullMs)} ms; then killed at fractions of that time (a kill after the answer counts as committed), and from inside the transaction after 1 row, half the rows and every row`,
      found: outcomes.join("; "),
    };
  },
});
