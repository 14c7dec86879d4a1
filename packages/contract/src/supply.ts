import { z } from "zod";
import { text } from "./text.ts";
import { webAddressProblem } from "./web-address.ts";

/**
 * Supply where people look (issue 45, decision 060): how many of the listed pharmacies have a
 * medication and dosage in stock, and the supply notices staff keep (a message, the page it came
 * from and that page's date), shown on the condition page and in alert emails while active.
 * The words live here so the page, the emails and the tests say exactly the same thing.
 */

export const SUPPLY_NOTICE_LIMITS = { messageMax: 400, urlMax: 500 } as const;

/** Where a notice is in its life at an instant: shown only while active. */
export const SUPPLY_NOTICE_STATUSES = ["active", "scheduled", "ended"] as const;
export type SupplyNoticeStatus = (typeof SUPPLY_NOTICE_STATUSES)[number];

export function supplyNoticeStatus(
  notice: { startsAt: string; endsAt: string | null },
  now: Date,
): SupplyNoticeStatus {
  if (new Date(notice.startsAt).getTime() > now.getTime()) return "scheduled";
  if (notice.endsAt !== null && new Date(notice.endsAt).getTime() <= now.getTime()) return "ended";
  return "active";
}

const isoDateTime = z.iso.datetime({ offset: true, error: "must be a date and time (ISO 8601)" });
const SourceDay = z.iso.date({ error: "must be a date as YYYY-MM-DD" });

/** A supply notice as the public reads it (the condition page). */
export const SupplyNotice = z.object({
  id: z.string(),
  medicationId: z.string(),
  /** The dosage it is about; null for every dosage of the medication. */
  dosage: z.string().nullable(),
  message: z.string(),
  /** The https page it was taken from (a regulator's, a manufacturer's, a wholesaler's). */
  sourceUrl: z.string(),
  /** The day that page said so. */
  sourceDate: SourceDay,
  startsAt: isoDateTime,
  endsAt: isoDateTime.nullable(),
});
export type SupplyNotice = z.infer<typeof SupplyNotice>;

export const SOURCE_HTTPS_RULE = "must be an https:// address";

/**
 * A notice as the back-office form sends it. `startsAt` omitted or null starts a new notice now (an edited one keeps its start); `endsAt`
 * null leaves it open until staff end it. The API checks the medication, its dosage and that the
 * end is after the start, each refusal naming its field.
 */
export const SupplyNoticeInput = z.object({
  medicationId: text({ error: "is required" }).trim().min(1, { error: "is required" }),
  dosage: text({ error: "must be text" })
    .trim()
    .nullish()
    .transform((value) => (value ? value : null)),
  message: text({ error: "is required" })
    .trim()
    .min(1, { error: "is required" })
    .max(SUPPLY_NOTICE_LIMITS.messageMax, {
      error: `must be at most ${SUPPLY_NOTICE_LIMITS.messageMax} characters`,
    }),
  sourceUrl: text({ error: "is required" })
    .trim()
    .max(SUPPLY_NOTICE_LIMITS.urlMax, { error: `must be at most ${SUPPLY_NOTICE_LIMITS.urlMax} characters` })
    .transform((value, context) => {
      if (value === "") {
        context.addIssue({ code: "custom", message: "is required" });
        return z.NEVER;
      }
      if (webAddressProblem(value) || new URL(value).protocol !== "https:") {
        context.addIssue({ code: "custom", message: SOURCE_HTTPS_RULE });
        return z.NEVER;
      }
      return new URL(value).href;
    }),
  sourceDate: SourceDay,
  startsAt: isoDateTime.nullish().transform((value) => value ?? null),
  endsAt: isoDateTime.nullish().transform((value) => value ?? null),
});
export type SupplyNoticeInput = z.input<typeof SupplyNoticeInput>;
