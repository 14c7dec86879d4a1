import { describe, expect, it } from "vitest";
import { coursePlansBody, newPlan, planDrafts, stepFieldError } from "./course-plan-draft.ts";

describe("the course plans editor's drafts (decision 042)", () => {
  it("round-trips plans through the drafts into the API's body, numbers as typed", () => {
    const drafts = planDrafts([
      { id: "a", name: "Starting course", steps: [{ dosage: "2.5mg", packs: 1, weeks: 4 }] },
    ]);
    const first = drafts[0];
    if (!first?.steps[0]) throw new Error("expected a step");
    first.steps[0].packs = "2";
    expect(coursePlansBody(drafts)).toEqual({
      plans: [{ name: "Starting course", steps: [{ dosage: "2.5mg", packs: "2", weeks: "4" }] }],
    });
  });

  it("starts a new plan with one step of the first dosage, a pack for four weeks", () => {
    expect(newPlan(["5mg", "10mg"])).toMatchObject({
      name: "",
      steps: [{ dosage: "5mg", packs: "1", weeks: "4" }],
    });
  });

  it("finds the API's message for a step's field", () => {
    const fields = { "plans.1.steps.0.dosage": "is not listed" };
    expect(stepFieldError(fields, 1, 0, "dosage")).toBe("is not listed");
    expect(stepFieldError(fields, 0, 0, "dosage")).toBeUndefined();
  });
});
