import { z } from "zod";
import { CoursePlan } from "../../course-cost.ts";
import { COURSE_PLAN_LIMITS } from "../../course-horizons.ts";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { IdParams } from "../../public-api.ts";
import { CATALOGUE_LIMITS, requiredText } from "./catalogue-fields.ts";

/**
 * A medication's course plans in the back-office (issue 30, decision 042): the steps of a rising
 * dose, each `packs` packs of one of the medication's dosages for `weeks` weeks. The whole list is
 * replaced at once, in one audited transaction.
 */

const whole = (max: number, what: string) =>
  z.coerce
    .number({ error: `must be a whole number of ${what} from 1 to ${max}` })
    .int({ error: `must be a whole number of ${what} from 1 to ${max}` })
    .min(1, { error: `must be a whole number of ${what} from 1 to ${max}` })
    .max(max, { error: `must be a whole number of ${what} from 1 to ${max}` });

export const CourseStepInput = z.object({
  /** One of the medication's dosages (the API checks it against them). */
  dosage: requiredText(CATALOGUE_LIMITS.dosageMax),
  packs: whole(COURSE_PLAN_LIMITS.packs, "packs"),
  weeks: whole(COURSE_PLAN_LIMITS.weeks, "weeks"),
});

export const CoursePlanInput = z.object({
  name: requiredText(COURSE_PLAN_LIMITS.nameMax),
  steps: z
    .array(CourseStepInput, { error: "must be a list of steps" })
    .min(1, { error: "must have at least one step" })
    .max(COURSE_PLAN_LIMITS.steps, { error: `must have at most ${COURSE_PLAN_LIMITS.steps} steps` }),
});

export const CoursePlansInput = z.object({
  plans: z
    .array(CoursePlanInput, { error: "must be a list of plans" })
    .max(COURSE_PLAN_LIMITS.plans, { error: `must have at most ${COURSE_PLAN_LIMITS.plans} plans` }),
});
export type CoursePlansInput = z.input<typeof CoursePlansInput>;

export const CoursePlansResponse = z.object({ plans: z.array(CoursePlan) });

export const getCoursePlans = defineEndpoint({
  method: "GET",
  path: "/api/admin/medications/:id/course-plans",
  access: "admin",
  tag: "admin medications",
  summary: "A medication's course plans, in their order",
  params: IdParams,
  responses: { 200: CoursePlansResponse, ...refusals(400, 404) },
});

export const replaceCoursePlans = defineEndpoint({
  method: "PUT",
  path: "/api/admin/medications/:id/course-plans",
  access: "admin",
  tag: "admin medications",
  summary: "Replace a medication's course plans",
  description:
    "The plans in order, each a name and 1 to 12 steps of `dosage` (one of the medication's dosages), " +
    "`packs` (1 to 12) and `weeks` (1 to 52); the last step repeats until the visitor's horizon ends. " +
    "An empty list removes every plan. A dosage the medication does not list answers 400 naming " +
    "`plans.N.steps.M.dosage`; nothing is changed then.",
  params: IdParams,
  body: CoursePlansInput,
  responses: { 200: CoursePlansResponse, ...refusals(400, 404) },
});
