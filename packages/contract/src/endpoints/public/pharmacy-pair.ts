import { z } from "zod";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { PharmacyPair } from "../../pharmacy-pair.ts";
import { text } from "../../text.ts";

const PairId = text()
  .trim()
  .min(1, { error: "is required" })
  .max(100, { error: "must be at most 100 characters" });

/** `/compare?medication=…&a=…&b=…`: the medication's id and two pharmacies' ids. */
export const PharmacyPairQuery = z.object({ medication: PairId, a: PairId, b: PairId });
export type PharmacyPairQuery = z.input<typeof PharmacyPairQuery>;

/** Two pharmacies side by side for one medication (issue 30, decision 042). */
export const pharmacyPair = defineEndpoint({
  method: "GET",
  path: "/api/pages/compare",
  access: "public",
  tag: "pages",
  summary: "Two pharmacies side by side for one medication: prices per dosage, fees, totals and course cost",
  description:
    "`medication`, `a` and `b` are ids. The same pharmacy twice answers 400 naming `b`; an unknown or " +
    "hidden medication or pharmacy answers 404 naming which. Each dosage carries each pharmacy's row of " +
    "the comparison (price, delivery, consultation, total) or null; `course` is the medication's first " +
    "plan over 6 months at the two pharmacies.",
  cache: "public",
  query: PharmacyPairQuery,
  responses: { 200: PharmacyPair, ...refusals(400, 404) },
});
