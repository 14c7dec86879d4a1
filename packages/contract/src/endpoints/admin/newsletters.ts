import { z } from "zod";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { NEWSLETTER_STATUSES } from "../../ids.ts";
import { text } from "../../text.ts";
import { adminListPage, adminListQuery } from "./list-convention.ts";

/**
 * Staff newsletters (issue 28, `promotions`; decision 041): written in markdown, sent through the
 * outbox to confirmed subscribers who chose promotions (narrowed by interest and condition), once
 * each. The subject may not name a prescription-only medicine and the body may not promote one
 * (decision 040): such a newsletter is refused with the name.
 */

export const NEWSLETTER_LIMITS = { subjectMax: 150, bodyMax: 20_000, conditionsMax: 50 } as const;

export const NewsletterStatus = z.enum(NEWSLETTER_STATUSES);
export type NewsletterStatus = z.infer<typeof NewsletterStatus>;

/** The interests that may narrow a newsletter's audience (besides promotions, which every recipient chose). */
export const NEWSLETTER_AUDIENCE_INTERESTS = ["priceDrops", "newMedications", "weeklyDigest"] as const;

const requiredText = (issue: { input: unknown }) =>
  issue.input === undefined ? "is required" : "must be text";

const interestList = z
  .array(
    z.enum(NEWSLETTER_AUDIENCE_INTERESTS, {
      error: "must be price drops, new medications or the weekly digest",
    }),
    { error: "must be a list of interests" },
  )
  .max(NEWSLETTER_AUDIENCE_INTERESTS.length)
  .transform((list) => [...new Set(list)]);

const conditionList = z
  .array(
    text()
      .trim()
      .max(120, { error: "must name conditions by their ids" })
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: "must name conditions by their ids" }),
    { error: "must be a list of conditions" },
  )
  .max(NEWSLETTER_LIMITS.conditionsMax, {
    error: `must name at most ${NEWSLETTER_LIMITS.conditionsMax} conditions`,
  })
  .transform((list) => [...new Set(list)]);

/**
 * Who receives a newsletter: every confirmed subscriber who chose promotions; with `interests`,
 * only those who also chose one of them; with `conditions`, only those who follow one of them or
 * every condition. Both lists are always sent (empty: no narrowing), so nothing is sent to
 * everyone by a field left out.
 */
export const NewsletterAudience = z.strictObject({ interests: interestList, conditions: conditionList });
export type NewsletterAudience = z.output<typeof NewsletterAudience>;

/**
 * The staff member's explicit "I mean these words": a subject or body with a word close to a
 * prescription-only medicine's name ("m0unjaro", "p-r-o-p-e-c-i-a") is refused with 409
 * `confirmation_required` naming it, unless the request carries `confirmCloseMatches: true`; then
 * it goes ahead and the audit log records who confirmed which word for which medicine (issue 42,
 * decision 040). An exact or disguised name is refused whatever this says.
 */
const confirmCloseMatches = z.boolean({ error: "must be true or false" }).optional();

/** The writer's fields: subject, markdown body, audience; and the confirmation of close matches. */
export const NewsletterInput = z.strictObject({
  subject: text({ error: requiredText })
    .trim()
    .min(1, { error: "is required" })
    .max(NEWSLETTER_LIMITS.subjectMax, {
      error: `must be at most ${NEWSLETTER_LIMITS.subjectMax} characters`,
    }),
  body: text({ error: requiredText })
    .trim()
    .min(1, { error: "is required" })
    .max(NEWSLETTER_LIMITS.bodyMax, { error: `must be at most ${NEWSLETTER_LIMITS.bodyMax} characters` }),
  audience: NewsletterAudience,
  confirmCloseMatches,
});
export type NewsletterInput = z.input<typeof NewsletterInput>;

/** A word of a newsletter close to a prescription-only medicine's name, as the reader sees it. */
export const NewsletterCloseMatch = z.object({
  field: z.enum(["subject", "body"]),
  word: z.string(),
  medicine: z.string(),
});
export type NewsletterCloseMatch = z.infer<typeof NewsletterCloseMatch>;

/** Where a newsletter's emails are: queued (waiting in the outbox), sent, failed, bounced. */
export const NewsletterProgress = z.object({
  queued: z.number().int().nonnegative(),
  sent: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  bounced: z.number().int().nonnegative(),
});
export type NewsletterProgress = z.infer<typeof NewsletterProgress>;

const isoDateTime = z.iso.datetime({ offset: true });

export const Newsletter = z.object({
  _id: z.string(),
  subject: z.string(),
  body: z.string(),
  audience: z.object({ interests: z.array(z.string()), conditions: z.array(z.string()) }),
  status: NewsletterStatus,
  /** When it is (or was) to go: set by scheduling or sending now. */
  scheduledFor: isoDateTime.nullable(),
  createdBy: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  /** When its audience was all queued. */
  sentAt: isoDateTime.nullable(),
  cancelledAt: isoDateTime.nullable(),
  progress: NewsletterProgress,
});
export type Newsletter = z.infer<typeof Newsletter>;

export const NEWSLETTER_PAGE_LIMITS = { default: 20, max: 100 } as const;

/** `search`: a case-insensitive substring of the subject. */
export const NewsletterListQuery = adminListQuery(NEWSLETTER_PAGE_LIMITS).extend({
  status: NewsletterStatus.optional(),
});
export type NewsletterListQuery = z.input<typeof NewsletterListQuery>;

export const NewsletterList = adminListPage("newsletters", Newsletter);
export type NewsletterList = z.infer<typeof NewsletterList>;

export const NewsletterIdParams = z.object({ id: z.uuid({ error: "must be a newsletter id" }) });

export const AudienceCount = z.object({ recipients: z.number().int().nonnegative() });
export type AudienceCount = z.infer<typeof AudienceCount>;

/** A comma-separated list in a query ("acne,rosacea"); empty or left out: none. */
const commaList = <T extends z.ZodType<unknown, string[]>>(list: T) =>
  text()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(list);

/** The audience of `GET …/audience`: its interests and conditions, comma-separated. */
export const NewsletterAudienceQuery = z.object({
  interests: commaList(interestList),
  conditions: commaList(conditionList),
});
export type NewsletterAudienceQuery = z.input<typeof NewsletterAudienceQuery>;
export const NewsletterPreview = z.object({
  subject: z.string(),
  /** The body as HTML, through the blog's safe markdown renderer (raw HTML dropped, links checked). */
  html: z.string(),
  /** Words close to a prescription-only medicine's name: saving, testing or sending asks to confirm them. */
  closeMatches: z.array(NewsletterCloseMatch),
});
export type NewsletterPreview = z.infer<typeof NewsletterPreview>;

/** Schedule for `sendAt`, or send now without it. */
export const NewsletterScheduleRequest = z.object({
  sendAt: z.iso
    .datetime({ offset: true, error: "must be a date and time with its offset" })
    .nullable()
    .optional(),
  confirmCloseMatches,
});
export type NewsletterScheduleRequest = z.input<typeof NewsletterScheduleRequest>;

/** A test to oneself: an empty body, or the confirmation of close matches. */
export const NewsletterTestRequest = z.object({ confirmCloseMatches }).nullish();
export type NewsletterTestRequest = z.input<typeof NewsletterTestRequest>;

export const newsletterMessages = {
  notFound: "Newsletter not found",
  notEditable: "Only a draft or scheduled newsletter can be changed",
  notSchedulable: "Only a draft or scheduled newsletter can be scheduled or sent",
  notCancellable: "Only a scheduled newsletter or one whose emails are still being sent can be cancelled",
  sendAtPast: "must be in the future (or send it now)",
  noRecipients:
    "Nobody would receive it: no confirmed subscriber who chose promotions is in its audience. Widen the audience, or wait for subscribers",
  testSent: "A test has been sent to your address",
  unknownCondition: "must name conditions we compare",
} as const;

export const listNewsletters = defineEndpoint({
  method: "GET",
  path: "/api/admin/newsletters",
  access: "admin",
  tag: "newsletters",
  summary: "Staff newsletters, newest first, with their progress: paged, searched, optionally of one status",
  query: NewsletterListQuery,
  responses: { 200: NewsletterList, ...refusals(400) },
});

export const getNewsletter = defineEndpoint({
  method: "GET",
  path: "/api/admin/newsletters/:id",
  access: "admin",
  tag: "newsletters",
  summary: "One newsletter and its progress (queued, sent, failed, bounced)",
  params: NewsletterIdParams,
  responses: { 200: Newsletter, ...refusals(400, 404) },
});

export const createNewsletter = defineEndpoint({
  method: "POST",
  path: "/api/admin/newsletters",
  access: "admin",
  tag: "newsletters",
  summary: "Write a newsletter (a draft)",
  description:
    "Refused with 400 when the subject names a prescription-only medicine or the body promotes one " +
    "(Human Medicines Regulations 2012 reg. 284, decision 040), as the reader sees it (markdown " +
    "rendered, look-alike letters and invisible characters read through). A word close to such a " +
    "name is refused with 409 `confirmation_required` unless `confirmCloseMatches` is true; the " +
    "confirmation is audited.",
  body: NewsletterInput,
  responses: { 201: Newsletter, ...refusals(400, 409) },
});

export const updateNewsletter = defineEndpoint({
  method: "PUT",
  path: "/api/admin/newsletters/:id",
  access: "admin",
  tag: "newsletters",
  summary: "Change a draft or scheduled newsletter",
  params: NewsletterIdParams,
  body: NewsletterInput,
  responses: { 200: Newsletter, ...refusals(400, 404, 409) },
});

export const newsletterAudienceCount = defineEndpoint({
  method: "GET",
  path: "/api/admin/newsletters/audience",
  access: "admin",
  tag: "newsletters",
  summary: "How many subscribers an audience reaches now (the writer's 'N subscribers will receive it')",
  query: NewsletterAudienceQuery,
  responses: { 200: AudienceCount, ...refusals(400) },
});

export const previewNewsletter = defineEndpoint({
  method: "POST",
  path: "/api/admin/newsletters/preview",
  access: "admin",
  tag: "newsletters",
  summary: "The body as HTML through the blog's safe markdown renderer, checked as a send would be",
  description:
    "Refused with 400 for a prescription-only medicine's name; words close to one are listed in " +
    "`closeMatches` (saving, testing or sending asks to confirm them).",
  body: NewsletterInput,
  responses: { 200: NewsletterPreview, ...refusals(400) },
});

export const testNewsletter = defineEndpoint({
  method: "POST",
  path: "/api/admin/newsletters/:id/test",
  access: "admin",
  tag: "newsletters",
  summary: "Send the newsletter once to the signed-in staff member's own address",
  params: NewsletterIdParams,
  body: NewsletterTestRequest,
  responses: { 200: z.object({ message: z.string() }), ...refusals(400, 404, 409) },
});

export const scheduleNewsletter = defineEndpoint({
  method: "POST",
  path: "/api/admin/newsletters/:id/schedule",
  access: "admin",
  tag: "newsletters",
  summary: "Schedule a newsletter for a time, or send it now",
  description:
    "Every API process looks for due newsletters each minute; one takes each by a lease in the " +
    "database and queues it, one email per subscriber (decision 041).",
  params: NewsletterIdParams,
  body: NewsletterScheduleRequest,
  responses: { 200: Newsletter, ...refusals(400, 404, 409) },
});

export const cancelNewsletter = defineEndpoint({
  method: "POST",
  path: "/api/admin/newsletters/:id/cancel",
  access: "admin",
  tag: "newsletters",
  summary: "Cancel a scheduled newsletter, or one being sent: what is not yet sent stays unsent",
  params: NewsletterIdParams,
  responses: { 200: Newsletter, ...refusals(400, 404, 409) },
});
