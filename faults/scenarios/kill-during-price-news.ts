import {
  bulkMail,
  checkOncePerSubscriber,
  killMidSend,
  mailKillScenario,
  oncePerSubscriberFound,
} from "../bulk-mail.ts";
import { catalogue, check, request, signIn } from "../harness.ts";
import { scenario } from "../scenario.ts";

/**
 * Price news across a crash (issue 28, decision 038): 2,000 confirmed subscribers, one price halved,
 * the price-drop run asked for now, and the API killed (SIGKILL) once part of the news has gone
 * out. Restarted, with the run asked for again as an operator would: every subscriber has exactly
 * one message (one outbox row, one Message-ID), written once, but for at most the one the killed
 * process held (its lease runs out after OUTBOX_LEASE_MS, and the same message goes again).
 */
export default scenario({
  key: "news-kill",
  name: "SIGKILL during a price-news send, then a restart",
  breaks: "SIGKILL mid-send of the price news to 2,000 subscribers; the run asked for again after a restart.",
  holds: "Every subscriber has exactly one message, written once, but for those the killed process held.",
  async run({ pg, failures }) {
    const choices = { priceDrops: true, promotions: false };
    return mailKillScenario(
      pg,
      "news",
      choices,
      async ({ api, headers, dataDir, prefix, subscribers, restart }) => {
        // One price falls by half: every subscriber (following every condition) has news today.
        const rows = await catalogue(pg.url);
        const first = rows[0];
        if (!first) throw new Error("no price to lower");
        const lowest = rows
          .filter((row) => row.medication_id === first.medication_id && row.dosage === first.dosage)
          .reduce((a, b) => (Number(a.price) <= Number(b.price) ? a : b));
        const halved = Math.max(0.01, Math.floor(Number(lowest.price) * 50) / 100);
        const lowered = await request(
          api.url,
          "POST",
          "/api/admin/prices/bulk",
          {
            prices: [
              {
                medicationId: lowest.medication_id,
                pharmacyId: lowest.pharmacy_id,
                dosage: lowest.dosage,
                price: halved,
              },
            ],
          },
          headers,
        );
        check(lowered.status === 200, `lowering a price answered ${lowered.status}`, failures);

        const mail = bulkMail(pg.url, dataDir, `s.email like $1`, [`${prefix}%`]);
        const run = request(api.url, "POST", "/api/admin/jobs/priceDrops/run", {}, headers, 60_000);
        const atKill = await killMidSend(api, mail, subscribers, failures);
        await run;

        const restarted = await restart();
        const again = await request(
          restarted.url,
          "POST",
          "/api/admin/jobs/priceDrops/run",
          {},
          await signIn(restarted.url),
        );
        check(again.status === 200, `the run asked for again answered ${again.status}`, failures);
        const drained = await checkOncePerSubscriber(mail, subscribers, failures);
        return {
          acknowledged: `the price-drop run for ${subscribers} subscribers, killed after ${atKill.sent} were sent (${atKill.queued} queued); asked for again after the restart`,
          found: oncePerSubscriberFound(drained),
        };
      },
    );
  },
});
