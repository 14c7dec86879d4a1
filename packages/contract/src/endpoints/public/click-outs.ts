import { z } from "zod";
import { CLICK_OUT_SOURCE_KEY } from "../../click-outs.ts";
import { defineEndpoint, refusals } from "../../endpoint.ts";

/**
 * Where every "Visit pharmacy" and "Start a consultation" link goes (issue 31, decision 044; issue
 * 44, decision 058): the API counts the visit (the
 * pharmacy, medication, dosage, the page it came from and the UK day; nothing about the visitor)
 * and answers 302 to the stored link with the pharmacy's referral parameters. Ids are read as
 * text and an id that is not one answers 404 like an unknown or hidden one, so a malformed link
 * is never a 400 to a visitor, and the target is never taken from the request.
 */
const ClickOutQuery = z.object({
  /** The page the link was on (CLICK_OUT_SOURCES); anything else counts as "other". */
  [CLICK_OUT_SOURCE_KEY]: z.string().optional().catch(undefined),
});

const redirectDescription =
  "Answers 302 with `Location` set to the stored link (the price's, else the pharmacy's website) with " +
  "the pharmacy's referral parameters appended, and `Cache-Control: no-store`. For a prescription-only " +
  "medicine (legal category POM) at a pharmacy with a consultation address, `Location` is that address " +
  "instead (`{medication}` in its query replaced by the medication's URL-encoded name), with the same " +
  "referral parameters (decision 058). A GET from a browser is " +
  "counted in memory and written in batches; HEAD, prefetches (`Sec-Purpose` or `Purpose: prefetch`) " +
  "and known bots are not counted. Nothing about the visitor is stored.";

export const clickOutToPrice = defineEndpoint({
  method: "GET",
  path: "/go/:priceId",
  access: "public",
  tag: "click-outs",
  summary:
    "A price's 'Visit pharmacy' or 'Start a consultation': counts the visit and redirects to the pharmacy",
  description: `${redirectDescription} An unknown, malformed or hidden price answers 404.`,
  params: z.object({ priceId: z.string() }),
  query: ClickOutQuery,
  responses: { 302: z.null(), ...refusals(404) },
});

export const clickOutToPharmacy = defineEndpoint({
  method: "GET",
  path: "/go/pharmacy/:pharmacyId",
  access: "public",
  tag: "click-outs",
  summary: "A pharmacy page's 'Visit website': counts the visit and redirects to the pharmacy",
  description: `${redirectDescription} An unknown, malformed or hidden pharmacy answers 404.`,
  params: z.object({ pharmacyId: z.string() }),
  query: ClickOutQuery,
  responses: { 302: z.null(), ...refusals(404) },
});
