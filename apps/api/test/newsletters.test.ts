import {
  AuditPage,
  adminEndpoints,
  type EndpointDefinition,
  endpointUrl,
  Newsletter,
  NewsletterList,
  newsletterMessages,
} from "@pharmacompare/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, emailOutbox, medications, newsletters, subscriptions } from "../src/db/schema.ts";
import { createJobScheduler, JOB_MAX_ATTEMPTS, JOB_RETRY_AFTER_MS } from "../src/jobs/scheduler.ts";
import { bearer, HOUR, MINUTE, signIn, testClock } from "./admin-helpers.ts";
import { TEST_ADMIN } from "./fixtures.ts";
import { expectListConvention } from "./list-convention.ts";
import { parseMail } from "./mail-message.ts";
import { createSmtpSink } from "./smtp-sink.ts";
import { confirmedSubscribers, follows, mailReader } from "./subscribers.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

/**
 * Staff newsletters (issue 28, decision 041) over a real SMTP server on loopback: written, refused
 * when they name a prescription-only medicine, previewed through the blog's safe renderer, tested
 * on oneself, scheduled or sent now, queued once per subscriber by whichever process takes the
 * lease, cancelled while sending, every step in the audit log.
 */
const SITE = "https://www.pharmacompare.example";
const API = "https://api.pharmacompare.example";

const sink = createSmtpSink();
const clock = testClock({ frozen: true });
let api: TestApi;
let token: string;

beforeAll(async () => {
  await sink.start();
  api = await createTestApi(
    { SMTP_URL: sink.url, SITE_URL: SITE, API_URL: API, MAIL_RATE: "1000" },
    { now: clock.now },
  );
  token = await signIn(api.app);
});
afterAll(async () => {
  await api?.close();
  await sink.stop();
});

async function call(
  endpoint: EndpointDefinition,
  input: { params?: Record<string, string>; body?: unknown; query?: Record<string, unknown> } = {},
) {
  const res = await api.app.inject({
    method: endpoint.method,
    url: endpointUrl(endpoint, input),
    headers: bearer(token),
    ...(input.body === undefined ? {} : { payload: input.body as object }),
  });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
}

const subscriber = confirmedSubscribers(() => api, clock.now);

const mailTo = mailReader(sink.received);

const newsletterCount = async () => (await api.database.db.select().from(newsletters)).length;

const BODY = [
  "## Hay fever season",
  "",
  "Antihistamine prices are **down** this month. [Compare them](/condition/hair-loss).",
  "",
  "<script>alert(1)</script>",
  "",
  "[Not a link](javascript:alert(1))",
].join("\n");

const EVERYONE = { interests: [], conditions: [] };

async function draft(overrides: Record<string, unknown> = {}) {
  const created = await call(adminEndpoints.createNewsletter, {
    body: { subject: "Spring savings", body: BODY, audience: EVERYONE, ...overrides },
  });
  expect(created.status).toBe(201);
  return Newsletter.parse(created.body);
}

describe("writing a newsletter", () => {
  it("refuses a subject or body naming a prescription-only medicine, with the name, and stores nothing", async () => {
    const before = await newsletterCount();
    const subject = await call(adminEndpoints.createNewsletter, {
      body: { subject: "Save on Wegovy this spring", body: "Prices fell.", audience: EVERYONE },
    });
    expect(subject.status).toBe(400);
    expect(subject.body.error).toContain("The subject names Wegovy");
    expect(subject.body.fields).toMatchObject({ subject: expect.stringContaining("Wegovy") });

    const body = await call(adminEndpoints.createNewsletter, {
      body: {
        subject: "Spring savings",
        body: "Ask your prescriber about mounjaro today.",
        audience: EVERYONE,
      },
    });
    expect(body.status).toBe(400);
    expect(body.body.error).toContain("The body names Mounjaro");
    expect(body.body.fields).toMatchObject({ body: expect.stringContaining("Mounjaro") });

    const unknown = await call(adminEndpoints.createNewsletter, {
      body: {
        subject: "Spring savings",
        body: "Prices fell.",
        audience: { interests: [], conditions: ["not-a-condition"] },
      },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields).toMatchObject({ "audience.conditions": newsletterMessages.unknownCondition });

    const blank = await call(adminEndpoints.createNewsletter, {
      body: { subject: "  ", body: "x", audience: EVERYONE },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.fields).toMatchObject({ subject: "is required" });
    // The audience is always said: a field left out never means "everyone".
    const unsaid = await call(adminEndpoints.createNewsletter, {
      body: { subject: "Spring savings", body: "x" },
    });
    expect(unsaid.status).toBe(400);
    expect(unsaid.body.fields).toMatchObject({ audience: expect.any(String) });

    // A preview is checked the same way.
    const preview = await call(adminEndpoints.previewNewsletter, {
      body: { subject: "Spring savings", body: "Wegovy is cheaper", audience: EVERYONE },
    });
    expect(preview.status).toBe(400);
    expect(await newsletterCount()).toBe(before);
  });

  it("refuses to send to nobody, saying why, and changes nothing (issue 41)", async () => {
    const audience = { interests: ["newMedications"], conditions: ["acne"] };
    const count = await call(adminEndpoints.newsletterAudienceCount, {
      query: { conditions: "acne", interests: "newMedications" },
    });
    expect(count.body).toEqual({ recipients: 0 });
    const letter = await draft({ subject: "To nobody", audience });
    const rowBefore = await api.database.db.select().from(newsletters).where(eq(newsletters.id, letter._id));
    const auditBefore = await api.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, letter._id));
    for (const body of [{}, { sendAt: new Date(clock.now().getTime() + HOUR).toISOString() }]) {
      const refused = await call(adminEndpoints.scheduleNewsletter, { params: { id: letter._id }, body });
      expect(refused).toMatchObject({ status: 409, body: { error: newsletterMessages.noRecipients } });
    }
    expect(await api.database.db.select().from(newsletters).where(eq(newsletters.id, letter._id))).toEqual(
      rowBefore,
    );
    expect(await api.database.db.select().from(auditLog).where(eq(auditLog.entityId, letter._id))).toEqual(
      auditBefore,
    );
    expect(
      await api.database.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.newsletterId, letter._id))),
    ).toEqual([]);
    expect(await api.app.services.jobs.runDue("newsletters")).toEqual([]);
    expect(
      Newsletter.parse((await call(adminEndpoints.getNewsletter, { params: { id: letter._id } })).body),
    ).toMatchObject({ status: "draft", scheduledFor: null });
  });

  it("saves a draft, previews its body through the blog's safe renderer, and counts its audience", async () => {
    const letter = await draft({ audience: { conditions: ["hair-loss"], interests: [] } });
    expect(letter).toMatchObject({
      status: "draft",
      scheduledFor: null,
      audience: { conditions: ["hair-loss"], interests: [] },
      progress: { queued: 0, sent: 0, failed: 0, bounced: 0 },
    });
    expect(letter.createdBy).toEqual(expect.any(String));

    const preview = await call(adminEndpoints.previewNewsletter, {
      body: { subject: "Spring savings", body: BODY, audience: EVERYONE },
    });
    expect(preview.status).toBe(200);
    const html = String(preview.body.html);
    expect(html).toContain("<h2>Hay fever season</h2>");
    expect(html).toContain("<strong>down</strong>");
    expect(html).toContain('<a href="/condition/hair-loss">Compare them</a>');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("javascript:");
    expect(html).toContain("Not a link");

    const edited = await call(adminEndpoints.updateNewsletter, {
      params: { id: letter._id },
      body: {
        subject: "Spring savings on hair loss",
        body: BODY,
        audience: { interests: [], conditions: ["hair-loss"] },
      },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.subject).toBe("Spring savings on hair loss");
    const refusedEdit = await call(adminEndpoints.updateNewsletter, {
      params: { id: letter._id },
      body: { subject: "Wegovy for less", body: BODY, audience: EVERYONE },
    });
    expect(refusedEdit.status).toBe(400);
    expect(
      Newsletter.parse((await call(adminEndpoints.getNewsletter, { params: { id: letter._id } })).body)
        .subject,
    ).toBe("Spring savings on hair loss");
  });
});

describe("sending a newsletter", () => {
  it("goes once to each confirmed subscriber who chose promotions in the audience, across processes and a crash, with its unsubscribe and why line", async () => {
    const ann = await subscriber("ann@example.co.uk");
    const ben = await subscriber("ben@example.co.uk", { subscribedTo: follows("hair-loss") });
    await subscriber("cat@example.co.uk", { promotions: false });
    await subscriber("dan@example.co.uk", { confirmedAt: null });
    await subscriber("eve@example.co.uk", { subscribedTo: follows("acne") });
    await subscriber("fay@example.co.uk", { status: "unsubscribed" });
    const gus = await subscriber("gus@example.co.uk", { subscribedTo: follows("acne", "hair-loss") });
    sink.refuse("gus@example.co.uk", 550);
    const hal = await subscriber("hal@example.co.uk", { weeklyDigest: true });

    const audience = { conditions: ["hair-loss"], interests: [] };
    const count = await call(adminEndpoints.newsletterAudienceCount, { query: { conditions: "hair-loss" } });
    // ann and hal follow every condition; ben and gus follow hair loss.
    expect(count).toEqual({ status: 200, body: { recipients: 4 } });
    const narrowed = await call(adminEndpoints.newsletterAudienceCount, {
      query: { conditions: "hair-loss", interests: "weeklyDigest" },
    });
    expect(narrowed.body).toEqual({ recipients: 1 });

    const letter = await draft({ audience });
    const scheduled = await call(adminEndpoints.scheduleNewsletter, { params: { id: letter._id }, body: {} });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body).toMatchObject({ status: "scheduled", scheduledFor: clock.now().toISOString() });
    // Scheduled is no longer a draft to schedule twice, but may still be changed or cancelled.
    expect(
      (await call(adminEndpoints.scheduleNewsletter, { params: { id: letter._id }, body: {} })).status,
    ).toBe(200);

    // A process that died after queueing ann's copy: its key is taken, so the run skips her.
    await api.database.db.insert(emailOutbox).values({
      idempotencyKey: `newsletter:${letter._id}:${ann.id}`,
      messageId: "<crashed@pharmacompare.example>",
      template: "newsletter",
      toAddress: ann.email,
      subject: "Spring savings",
      textBody: "queued before the crash",
      subscriptionId: ann.id,
      newsletterId: letter._id,
      bulk: true,
      nextAttemptAt: clock.now(),
    });

    // Two processes look at once: one takes the lease and queues, the other gets nothing.
    const other = createJobScheduler(api.database.db, {
      now: clock.now,
      log: api.app.log,
      jobs: [],
      pollers: [api.app.services.newsletters.poller],
      holder: "another-process",
    });
    const [mine, theirs] = await Promise.all([
      api.app.services.jobs.runDue("newsletters"),
      other.runDue("newsletters"),
    ]);
    const runs = [...mine, ...theirs];
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      outcome: "succeeded",
      summary: { subscribers: 4, queued: 3, finished: true },
    });
    // Run again: it is all queued, nothing is due.
    expect(await api.app.services.jobs.runDue("newsletters")).toEqual([]);
    // Queued to everyone but not delivered yet: "Sending", not "Sent" (issue 41).
    const queuedOnly = Newsletter.parse(
      (await call(adminEndpoints.getNewsletter, { params: { id: letter._id } })).body,
    );
    expect(queuedOnly).toMatchObject({ status: "sending", progress: { queued: 4, sent: 0 } });
    expect(queuedOnly.sentAt).toBe(clock.now().toISOString());

    const start = sink.received.length;
    await api.app.services.outbox.deliverDue();
    expect(
      sink.received
        .slice(start)
        .flatMap((mail) => mail.to)
        .sort(),
    ).toEqual(["ann@example.co.uk", "ben@example.co.uk", "hal@example.co.uk"]);
    for (const email of ["ann@example.co.uk", "ben@example.co.uk", "hal@example.co.uk"]) {
      expect(mailTo(email, start)).toHaveLength(1);
    }

    const [forBen] = mailTo(ben.email, start);
    expect(forBen?.subject).toBe("Spring savings");
    // The text part reads as text: the renderer's words, not the markdown as written (issue 41).
    expect(forBen?.text).toContain(
      `HAY FEVER SEASON\n\nAntihistamine prices are down this month. Compare them (${SITE}/condition/hair-loss).`,
    );
    expect(forBen?.text).not.toMatch(/\*\*|^#+ |\[[^\]]*\]\(/m);
    expect(forBen?.html).toContain("<strong>down</strong>");
    // The site's own paths become whole addresses in an email.
    expect(forBen?.html).toContain(`href="${SITE}/condition/hair-loss"`);
    expect(forBen?.html).not.toContain("<script");
    expect(forBen?.text).toContain(
      "You're getting this email because you subscribed to promotions for Hair Loss on PharmaCompare and confirmed your address.",
    );
    expect(forBen?.header("list-unsubscribe")).toMatch(
      /^<https:\/\/api\.pharmacompare\.example\/api\/email\/unsubscribe\?token=/,
    );
    expect(forBen?.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(forBen?.text).toContain(`${SITE}/unsubscribe?token=`);
    expect(forBen?.text).toContain(`Manage my emails:\n${SITE}/manage-emails?token=`);
    const [forHal] = mailTo(hal.email, start);
    expect(forHal?.text).toContain("subscribed to promotions for every condition");

    const [forAnn] = mailTo(ann.email, start);
    expect(forAnn?.text.trim()).toBe("queued before the crash");

    const shown = Newsletter.parse(
      (await call(adminEndpoints.getNewsletter, { params: { id: letter._id } })).body,
    );
    // gus's server refused his address for good.
    expect(shown).toMatchObject({ status: "sent", progress: { sent: 3, queued: 0, failed: 0, bounced: 1 } });
    expect(shown.sentAt).toBe(clock.now().toISOString());
    const [bounced] = await api.database.db.select().from(subscriptions).where(eq(subscriptions.id, gus.id));
    expect(bounced?.status).toBe("bounced");

    // A sent newsletter is not changed, scheduled again or cancelled.
    const conflict = { status: 409 };
    expect(
      await call(adminEndpoints.updateNewsletter, {
        params: { id: letter._id },
        body: { subject: "x", body: "y", audience: EVERYONE },
      }),
    ).toMatchObject(conflict);
    expect(
      await call(adminEndpoints.scheduleNewsletter, { params: { id: letter._id }, body: {} }),
    ).toMatchObject(conflict);
    expect(await call(adminEndpoints.cancelNewsletter, { params: { id: letter._id } })).toMatchObject(
      conflict,
    );

    // Every create, schedule and send is in the audit log.
    const audit = AuditPage.parse(
      (await call(adminEndpoints.listAuditEntries, { query: { entityType: "newsletter", limit: 100 } })).body,
    );
    const ours = audit.entries.filter((entry) => entry.entityId === letter._id).map((entry) => entry.action);
    expect(ours.sort()).toEqual(["create", "status_change", "status_change"]);
  });

  it("says Failed after its run failed its last try, and emails the operations address (issue 41)", async () => {
    token = await signIn(api.app);
    const letter = await draft({ subject: "Summer savings" });
    expect(
      (await call(adminEndpoints.scheduleNewsletter, { params: { id: letter._id }, body: {} })).status,
    ).toBe(200);
    // The database refuses its emails (a real failure of the run, each try).
    await api.withSql(
      "alter table email_outbox add constraint test_no_newsletters check (template <> 'newsletter') not valid",
      "alter table email_outbox drop constraint test_no_newsletters",
      async () => {
        for (let attempt = 1; attempt <= JOB_MAX_ATTEMPTS; attempt += 1) {
          const runs = await api.app.services.jobs.runDue("newsletters");
          expect(runs.filter((run) => run.slot === letter._id)).toMatchObject([{ outcome: "failed" }]);
          const shown = Newsletter.parse(
            (await call(adminEndpoints.getNewsletter, { params: { id: letter._id } })).body,
          );
          // Tried again after a pause while tries are left; then "Failed".
          expect(shown.status).toBe(attempt < JOB_MAX_ATTEMPTS ? "sending" : "failed");
          clock.advance(JOB_RETRY_AFTER_MS);
        }
      },
    );
    token = await signIn(api.app);
    // Nothing more is tried, and the operations address (no OPS_EMAIL: the first administrator) heard once.
    expect(
      (await api.app.services.jobs.runDue("newsletters")).filter((run) => run.slot === letter._id),
    ).toEqual([]);
    const start = sink.received.length;
    await api.app.services.outbox.deliverDue();
    const ops = mailTo(TEST_ADMIN.email, start).filter(
      (mail) => mail.subject === "Newsletter failed: Summer savings",
    );
    expect(ops).toHaveLength(1);
    expect(ops[0]?.text).toContain(
      `The newsletter "Summer savings" could not be sent: its run failed ${JOB_MAX_ATTEMPTS} times`,
    );
    expect(ops[0]?.text).toContain(`${SITE}/admin/newsletters`);
    const listed = NewsletterList.parse(
      (await call(adminEndpoints.listNewsletters, { query: { status: "failed" } })).body,
    );
    expect(listed.newsletters.map((row) => row.subject)).toEqual(["Summer savings"]);
  });

  it("waits for its scheduled time, refuses a time gone by, and cancelled while sending sends nothing more", async () => {
    clock.advance(HOUR);
    // An hour idle ends a session: sign in again after each move of the clock.
    token = await signIn(api.app);
    const letter = await draft({ subject: "Later savings" });
    const past = await call(adminEndpoints.scheduleNewsletter, {
      params: { id: letter._id },
      body: { sendAt: new Date(clock.now().getTime() - MINUTE).toISOString() },
    });
    expect(past.status).toBe(400);
    expect(past.body.fields).toMatchObject({ sendAt: newsletterMessages.sendAtPast });

    const sendAt = new Date(clock.now().getTime() + HOUR).toISOString();
    const later = await call(adminEndpoints.scheduleNewsletter, {
      params: { id: letter._id },
      body: { sendAt },
    });
    expect(later.body).toMatchObject({ status: "scheduled", scheduledFor: sendAt });
    expect(await api.app.services.jobs.runDue("newsletters")).toEqual([]);

    clock.advance(HOUR);
    token = await signIn(api.app);
    const [run] = await api.app.services.jobs.runDue("newsletters");
    expect(run).toMatchObject({ outcome: "succeeded", summary: { finished: true } });
    const queued = Number(run?.summary.queued);
    expect(queued).toBeGreaterThan(0);

    // Queued to everyone, still being delivered: cancel it, and what waits is not sent.
    const cancelled = await call(adminEndpoints.cancelNewsletter, { params: { id: letter._id } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: "cancelled", progress: { queued: 0, sent: 0 } });
    const start = sink.received.length;
    await api.app.services.outbox.deliverDue();
    expect(
      sink.received.slice(start).filter((mail) => parseMail(mail.raw).subject === "Later savings"),
    ).toEqual([]);
    const rows = await api.database.db
      .select({ status: emailOutbox.status })
      .from(emailOutbox)
      .where(eq(emailOutbox.newsletterId, letter._id));
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(["cancelled"]));
    expect(await call(adminEndpoints.cancelNewsletter, { params: { id: letter._id } })).toMatchObject({
      status: 409,
    });
  });

  it("goes back to draft, unsent, when a medicine it names was re-classed as prescription-only after it was scheduled", async () => {
    const letter = await draft({
      subject: "Hair loss foam for less",
      body: "Regaine for Men Extra Strength Foam is cheaper this month.",
    });
    expect(
      (await call(adminEndpoints.scheduleNewsletter, { params: { id: letter._id }, body: {} })).status,
    ).toBe(200);
    const foam = "regaine-for-men-extra-strength-foam";
    await api.database.db.update(medications).set({ legalCategory: "POM" }).where(eq(medications.id, foam));
    try {
      const [run] = await api.app.services.jobs.runDue("newsletters");
      expect(run?.summary).toMatchObject({ backToDraft: true, names: "Regaine for Men Extra Strength Foam" });
    } finally {
      await api.database.db.update(medications).set({ legalCategory: "GSL" }).where(eq(medications.id, foam));
    }
    const shown = Newsletter.parse(
      (await call(adminEndpoints.getNewsletter, { params: { id: letter._id } })).body,
    );
    expect(shown).toMatchObject({ status: "draft", scheduledFor: null });
    const queued = await api.database.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.newsletterId, letter._id));
    expect(queued).toEqual([]);
  });

  it("sends a test to the signed-in staff member's own address only", async () => {
    const letter = await draft({ subject: "Try me first" });
    const start = sink.received.length;
    const tested = await call(adminEndpoints.testNewsletter, { params: { id: letter._id } });
    expect(tested).toEqual({ status: 200, body: { message: newsletterMessages.testSent } });
    await api.app.services.outbox.deliverDue();
    expect(sink.received.slice(start).flatMap((mail) => mail.to)).toEqual([TEST_ADMIN.email]);
    const [test] = mailTo(TEST_ADMIN.email, start);
    expect(test?.subject).toBe("[Test] Try me first");
    expect(test?.html).toContain("<strong>down</strong>");
    const shown = Newsletter.parse(
      (await call(adminEndpoints.getNewsletter, { params: { id: letter._id } })).body,
    );
    expect(shown).toMatchObject({ status: "draft", progress: { queued: 0, sent: 0 } });
  });

  it("lists newsletters with the list convention, newest first, searched and filtered by status", async () => {
    const list = (query: Record<string, unknown>) => call(adminEndpoints.listNewsletters, { query });
    await expectListConvention(list, "newsletters");
    const drafts = NewsletterList.parse((await list({ status: "draft" })).body);
    expect(drafts.newsletters.every((row) => row.status === "draft")).toBe(true);
    const found = NewsletterList.parse((await list({ search: "TRY ME" })).body);
    expect(found.newsletters.map((row) => row.subject)).toEqual(["Try me first"]);
  });
});

/**
 * Issue 42: the rule reads what the reader sees. Each of these passed preview, save and send when
 * the raw markdown was matched, and a test email said "Half price Mounjaro this week".
 */
describe("a prescription-only medicine's name, however it is typed (issue 42)", () => {
  const DISGUISES: Array<[string, string]> = [
    ["a character reference", "Half price Mounj&#97;ro this week"],
    ["markdown emphasis inside the word", "Half price Mounj**aro** this week"],
    ["a soft hyphen", "Half price Moun\u00ADjaro this week"],
    ["a zero-width space", "Half price Moun\u200Bjaro this week"],
    ["a Cyrillic о", "Half price M\u043Eunjaro this week"],
  ];

  const outboxOf = (id: string) =>
    api.database.db.select().from(emailOutbox).where(eq(emailOutbox.newsletterId, id));

  it.each(DISGUISES)("refuses %s in the body at preview and save, naming Mounjaro", async (_, text) => {
    const before = await newsletterCount();
    for (const endpoint of [adminEndpoints.previewNewsletter, adminEndpoints.createNewsletter]) {
      const refused = await call(endpoint, {
        body: { subject: "Spring savings", body: `## Offers\n\n${text}.`, audience: EVERYONE },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toContain("The body names Mounjaro");
      expect(refused.body.fields).toMatchObject({ body: expect.stringContaining("Mounjaro") });
    }
    expect(await newsletterCount()).toBe(before);
  });

  it.each(DISGUISES.filter(([how]) => !how.startsWith("markdown")))(
    "refuses %s in the subject at preview and save, naming Mounjaro",
    async (_, text) => {
      for (const endpoint of [adminEndpoints.previewNewsletter, adminEndpoints.createNewsletter]) {
        const refused = await call(endpoint, {
          body: { subject: text, body: "Prices fell.", audience: EVERYONE },
        });
        expect(refused.status).toBe(400);
        expect(refused.body.error).toContain("The subject names Mounjaro");
      }
    },
  );

  it("asks to confirm a subject whose stars a subject does not render (Mounj**aro**), as a close match", async () => {
    const refused = await call(adminEndpoints.createNewsletter, {
      body: { subject: "Half price Mounj**aro** this week", body: "Prices fell.", audience: EVERYONE },
    });
    expect(refused).toMatchObject({ status: 409, body: { code: "confirmation_required" } });
    expect(refused.body.error).toContain("“mounj**aro”");
  });

  it.each(DISGUISES)(
    "refuses to test or send a stored draft with %s, and queues nothing",
    async (_, text) => {
      await subscriber(`disguise-${DISGUISES.findIndex(([, each]) => each === text)}@example.co.uk`);
      // A draft saved before the rule read rendered text: stored as it was typed.
      const [row] = await api.database.db
        .insert(newsletters)
        .values({
          subject: "Spring savings",
          body: text,
          audienceInterests: [],
          audienceConditions: [],
          createdAt: clock.now(),
          updatedAt: clock.now(),
        })
        .returning({ id: newsletters.id });
      const id = String(row?.id);
      const start = sink.received.length;
      const tested = await call(adminEndpoints.testNewsletter, { params: { id } });
      expect(tested.status).toBe(400);
      expect(tested.body.error).toContain("The body names Mounjaro");
      const sent = await call(adminEndpoints.scheduleNewsletter, { params: { id }, body: {} });
      expect(sent.status).toBe(400);
      expect(sent.body.error).toContain("The body names Mounjaro");
      await api.app.services.outbox.deliverDue();
      expect(sink.received.slice(start)).toEqual([]);
      expect(await outboxOf(id)).toEqual([]);
    },
  );

  it("warns about a close match until it is confirmed, then audits who confirmed which word for which medicine", async () => {
    await subscriber("ivy@example.co.uk");
    const fields = {
      subject: "Half price m0unjaro this week",
      body: "Try p-r-o-p-e-c-i-a, or ask a pharmacist.",
      audience: EVERYONE,
    };
    const before = await newsletterCount();

    // The preview shows the words to confirm; saving without the confirmation is refused.
    const preview = await call(adminEndpoints.previewNewsletter, { body: fields });
    expect(preview.status).toBe(200);
    expect(preview.body.closeMatches).toEqual([
      { field: "subject", word: "m0unjaro", medicine: "Mounjaro" },
      { field: "body", word: "p-r-o-p-e-c-i-a", medicine: "Propecia" },
    ]);
    const unconfirmed = await call(adminEndpoints.createNewsletter, { body: fields });
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body).toMatchObject({
      code: "confirmation_required",
      error: expect.stringContaining("“m0unjaro” (Mounjaro), “p-r-o-p-e-c-i-a” (Propecia)"),
      fields: {
        subject: expect.stringContaining("“m0unjaro” looks like Mounjaro"),
        body: expect.stringContaining("“p-r-o-p-e-c-i-a” looks like Propecia"),
      },
    });
    expect(await newsletterCount()).toBe(before);

    const saved = await call(adminEndpoints.createNewsletter, {
      body: { ...fields, confirmCloseMatches: true },
    });
    expect(saved.status).toBe(201);
    const id = Newsletter.parse(saved.body)._id;

    // A test and a send each ask again: the confirmation is for what is sent, when it is sent.
    const start = sink.received.length;
    const test = await call(adminEndpoints.testNewsletter, { params: { id } });
    expect(test).toMatchObject({ status: 409, body: { code: "confirmation_required" } });
    const send = await call(adminEndpoints.scheduleNewsletter, { params: { id }, body: {} });
    expect(send).toMatchObject({ status: 409, body: { code: "confirmation_required" } });
    expect(await outboxOf(id)).toEqual([]);

    const tested = await call(adminEndpoints.testNewsletter, {
      params: { id },
      body: { confirmCloseMatches: true },
    });
    expect(tested.status).toBe(200);
    await api.app.services.outbox.deliverDue();
    expect(mailTo(TEST_ADMIN.email, start).map((mail) => mail.subject)).toEqual([
      "[Test] Half price m0unjaro this week",
    ]);
    const sent = await call(adminEndpoints.scheduleNewsletter, {
      params: { id },
      body: { confirmCloseMatches: true },
    });
    expect(sent).toMatchObject({ status: 200, body: { status: "scheduled" } });

    const confirmations = await api.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "close_match_confirmed")));
    expect(
      confirmations.map(({ actorEmail, entityType, changes }) => ({ actorEmail, entityType, changes })),
    ).toEqual(
      ["save", "test", "send"].flatMap((step) => [
        {
          actorEmail: TEST_ADMIN.email,
          entityType: "newsletter",
          changes: { field: "subject", word: "m0unjaro", medicine: "Mounjaro", step },
        },
        {
          actorEmail: TEST_ADMIN.email,
          entityType: "newsletter",
          changes: { field: "body", word: "p-r-o-p-e-c-i-a", medicine: "Propecia", step },
        },
      ]),
    );
    await call(adminEndpoints.cancelNewsletter, { params: { id } });
  });
});
