import {
  bulkMail,
  checkOncePerSubscriber,
  killMidSend,
  mailKillScenario,
  oncePerSubscriberFound,
} from "../bulk-mail.ts";
import { check, query, request } from "../harness.ts";
import { scenario } from "../scenario.ts";

/**
 * A staff newsletter across a crash (issue 28, decision 041): 2,000 confirmed subscribers who chose
 * promotions and follow acne, a newsletter to acne sent now through the API, and the API killed
 * (SIGKILL) once part of it has gone out. Restarted, the scheduler finds the newsletter (finished
 * queueing, or left `sending` under a lease that runs out) and the outbox drains: every subscriber
 * has exactly one message, written once, but for at most the one the killed process held.
 */
export default scenario({
  key: "letter-kill",
  name: "SIGKILL during a newsletter send, then a restart",
  breaks: "SIGKILL mid-send of a staff newsletter to 2,000 subscribers; the restarted API left to finish it.",
  holds:
    "Every subscriber has exactly one message, written once, but for those the killed process held; the newsletter is sent or still sending.",
  async run({ pg, failures }) {
    const choices = {
      subscribedTo: '[{"type":"condition","value":"acne"}]',
      priceDrops: false,
      promotions: true,
    };
    return mailKillScenario(
      pg,
      "letter",
      choices,
      async ({ api, headers, dataDir, prefix, subscribers, restart }) => {
        const created = await request(
          api.url,
          "POST",
          "/api/admin/newsletters",
          {
            subject: "Acne treatments for less this month",
            body: "Prices of **acne treatments** fell this month. [Compare them](/condition/acne).",
            audience: { interests: [], conditions: ["acne"] },
          },
          headers,
        );
        if (created.status !== 201) throw new Error(`writing the newsletter answered ${created.status}`);
        const id = String((created.body as { _id?: string })._id ?? "");
        const mail = bulkMail(pg.url, dataDir, `s.email like $1 and o.newsletter_id = $2`, [
          `${prefix}%`,
          id,
        ]);
        const sent = await request(api.url, "POST", `/api/admin/newsletters/${id}/schedule`, {}, headers);
        check(sent.status === 200, `sending it now answered ${sent.status}`, failures);
        const atKill = await killMidSend(api, mail, subscribers, failures);

        await restart();
        const drained = await checkOncePerSubscriber(mail, subscribers, failures);
        const [letter] = await query<{ status: string }>(
          pg.url,
          `select status from newsletters where id = $1`,
          [id],
        );
        // "Sending" until every queued email is sent or failed (issue 41): the few left under the
        // killed process's lease keep it so until that lease ends.
        check(
          letter?.status === "sent" || letter?.status === "sending",
          `the newsletter is ${letter?.status ?? "gone"} after the restart`,
          failures,
        );
        return {
          acknowledged: `a newsletter to ${subscribers} subscribers sent now, killed after ${atKill.sent} were sent (${atKill.queued} queued); the restarted API left to finish it`,
          found: oncePerSubscriberFound(drained),
        };
      },
    );
  },
});
