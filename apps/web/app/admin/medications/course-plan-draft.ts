import type { CoursePlan, CoursePlansInput } from "@pharmacompare/contract";

/**
 * The course plans editor's state (issue 30, decision 042): plans and steps as typed, each with a
 * key for React, turned into the API's body as they are (the API judges and names each field).
 */

export interface StepDraft {
  key: string;
  dosage: string;
  packs: string;
  weeks: string;
}

export interface PlanDraft {
  key: string;
  name: string;
  steps: StepDraft[];
}

let counter = 0;
/** A key unique within the page's life. */
function draftKey(): string {
  counter += 1;
  return `draft-${counter}`;
}

/** A new step: one pack of the first dosage for four weeks (a pen of four weekly doses). */
export function newStep(dosages: readonly string[]): StepDraft {
  return { key: draftKey(), dosage: dosages[0] ?? "", packs: "1", weeks: "4" };
}

export function newPlan(dosages: readonly string[]): PlanDraft {
  return { key: draftKey(), name: "", steps: [newStep(dosages)] };
}

export function planDrafts(plans: readonly CoursePlan[]): PlanDraft[] {
  return plans.map((plan) => ({
    key: draftKey(),
    name: plan.name,
    steps: plan.steps.map((step) => ({
      key: draftKey(),
      dosage: step.dosage,
      packs: String(step.packs),
      weeks: String(step.weeks),
    })),
  }));
}

/** The body of PUT …/course-plans: numbers as typed (the API refuses what is not a whole number). */
export function coursePlansBody(drafts: readonly PlanDraft[]): CoursePlansInput {
  return {
    plans: drafts.map((plan) => ({
      name: plan.name,
      steps: plan.steps.map((step) => ({ dosage: step.dosage, packs: step.packs, weeks: step.weeks })),
    })),
  };
}

/** The refusal's message for one field of one plan or step ("plans.0.steps.1.packs"). */
export function planFieldError(
  fields: Readonly<Record<string, string>>,
  plan: number,
  field: "name" | "steps",
): string | undefined {
  return fields[`plans.${plan}.${field}`];
}

export function stepFieldError(
  fields: Readonly<Record<string, string>>,
  plan: number,
  step: number,
  field: "dosage" | "packs" | "weeks",
): string | undefined {
  return fields[`plans.${plan}.steps.${step}.${field}`];
}
