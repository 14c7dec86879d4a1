import { z } from "zod";
import { defineEndpoint, refusals } from "../../endpoint.ts";

/**
 * What browsers send when a page's Content-Security-Policy blocks something (issue 25): the
 * `report-uri` form, one `{ "csp-report": { … } }` as `application/csp-report`, and the Reporting
 * API's form, a list of `{ type, body }` as `application/reports+json`. Only a few of a report's
 * fields are read (cspViolationFields); the rest are accepted and dropped.
 */
const ReportFields = z.record(z.string().max(64), z.unknown());

export const CspReportBody = z.union([
  z.object({ "csp-report": ReportFields }),
  z
    .array(z.object({ type: z.string().max(64), body: ReportFields.optional() }))
    .min(1)
    .max(32),
]);
export type CspReportBody = z.infer<typeof CspReportBody>;

/** The largest report body taken: a report is a few hundred bytes; a batch a few of them. */
export const CSP_REPORT_BODY_LIMIT = 16 * 1024;

export const reportCspViolation = defineEndpoint({
  method: "POST",
  path: "/api/csp-reports",
  access: "public",
  tag: "security",
  summary: "Where browsers report what a page's Content-Security-Policy blocked",
  description:
    "Named by every page's `report-uri` and `report-to` directives. Each violation is logged (the " +
    "directive, the blocked resource's origin or kind, the page's path without query values); " +
    "nothing is stored. Bodies over 16 KB are refused, and past 60 reports a minute from one " +
    "client network the answer is 429.",
  body: CspReportBody,
  bodyLimit: CSP_REPORT_BODY_LIMIT,
  responses: { 204: z.null(), ...refusals(400, 413, 415, 429) },
});
