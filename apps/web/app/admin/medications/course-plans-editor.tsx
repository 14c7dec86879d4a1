import { adminEndpoints, type CoursePlan } from "@pharmacompare/contract";
import { type FormEvent, useId, useState } from "react";
import { buttonClass, Notice, Panel } from "../kit/admin-ui.tsx";
import { InputField, SelectField } from "../kit/form/catalogue-controls.tsx";
import { fieldMessage, labelledFields } from "../kit/form/field-messages.ts";
import { useToast } from "../kit/toast/toast.tsx";
import { useAdminCall } from "../kit/use-admin-call.ts";
import {
  coursePlansBody,
  newPlan,
  newStep,
  type PlanDraft,
  planDrafts,
  planFieldError,
  type StepDraft,
  stepFieldError,
} from "./course-plan-draft.ts";

const TEXT = {
  saved: "Course plans saved",
  failed: "Failed to save course plans",
} as const;

/**
 * The medication form's course plans (issue 30, decision 042): steps of dosage, packs and weeks,
 * the last step repeated until the visitor's horizon ends. A form of its own beside the
 * medication's (forms do not nest), saved with one call that replaces every plan.
 */
export function CoursePlansEditor({
  medicationId,
  dosages,
  plans,
}: {
  medicationId: string;
  /** The medication's saved dosages: a step names one of them. */
  dosages: readonly string[];
  plans: readonly CoursePlan[];
}) {
  const headingId = useId();
  const call = useAdminCall();
  const toast = useToast();
  const [drafts, setDrafts] = useState<PlanDraft[]>(() => planDrafts(plans));
  const [failure, setFailure] = useState<{ error: string; fields: Record<string, string> } | null>(null);
  const [saving, setSaving] = useState(false);
  const fields = failure?.fields ?? {};

  const change = (index: number, next: (plan: PlanDraft) => PlanDraft) =>
    setDrafts((current) => current.map((plan, at) => (at === index ? next(plan) : plan)));

  async function save(event: FormEvent) {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    const outcome = await call(TEXT.failed, (api) =>
      api.call(adminEndpoints.replaceCoursePlans, {
        params: { id: medicationId },
        body: coursePlansBody(drafts),
      }),
    );
    setSaving(false);
    if (outcome.ok) {
      setFailure(null);
      setDrafts(planDrafts(outcome.value.plans));
      toast.show(TEXT.saved);
    } else {
      setFailure({ error: outcome.error, fields: outcome.fields });
    }
  }

  return (
    <Panel title="Course plans" titleId={headingId} className="mt-6">
      <form onSubmit={save} noValidate className="space-y-4 px-4 py-4 sm:px-5 sm:py-5">
        <p className="text-slate-600 text-sm">
          Steps of a course, each a number of packs of one dosage lasting a number of weeks; the last step
          repeats until the visitor's chosen 3, 6 or 12 months end. Visitors see each pharmacy's total for the
          course on the condition page. Steps use the saved dosages: save a new dosage first.
        </p>
        {failure ? <Notice tone="error">{failure.error}</Notice> : null}
        {drafts.length === 0 ? <p className="text-slate-700 text-sm">No course plans yet.</p> : null}
        {drafts.map((plan, index) => (
          <fieldset key={plan.key} className="space-y-3 rounded-md p-4 ring-1 ring-slate-200">
            <legend className="px-1 font-semibold text-slate-900 text-sm">{`Plan ${index + 1}`}</legend>
            <InputField
              label="Plan name"
              name={`plans.${index}.name`}
              value={plan.name}
              required
              onChange={(event) => change(index, (current) => ({ ...current, name: event.target.value }))}
              error={fieldMessage("Plan name", planFieldError(fields, index, "name"))}
            />
            <ol className="space-y-3">
              {plan.steps.map((step, stepIndex) => (
                <StepRow
                  key={step.key}
                  label={`Plan ${index + 1}, step ${stepIndex + 1}`}
                  step={step}
                  dosages={dosages}
                  errors={{
                    dosage: stepFieldError(fields, index, stepIndex, "dosage"),
                    packs: stepFieldError(fields, index, stepIndex, "packs"),
                    weeks: stepFieldError(fields, index, stepIndex, "weeks"),
                  }}
                  onChange={(next) =>
                    change(index, (current) => ({
                      ...current,
                      steps: current.steps.map((entry) => (entry.key === step.key ? next : entry)),
                    }))
                  }
                  onRemove={
                    plan.steps.length > 1
                      ? () =>
                          change(index, (current) => ({
                            ...current,
                            steps: current.steps.filter((entry) => entry.key !== step.key),
                          }))
                      : undefined
                  }
                />
              ))}
            </ol>
            {planFieldError(fields, index, "steps") ? (
              <p className="text-red-700 text-sm">
                {fieldMessage("Steps", planFieldError(fields, index, "steps"))}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <button
                type="button"
                className={buttonClass.secondary}
                onClick={() =>
                  change(index, (current) => ({ ...current, steps: [...current.steps, newStep(dosages)] }))
                }
              >
                {`Add a step to plan ${index + 1}`}
              </button>
              <button
                type="button"
                className={buttonClass.secondary}
                onClick={() => setDrafts((current) => current.filter((entry) => entry.key !== plan.key))}
              >
                {`Remove plan ${index + 1}`}
              </button>
            </div>
          </fieldset>
        ))}
        <div className="flex flex-wrap justify-between gap-2">
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={dosages.length === 0}
            onClick={() => setDrafts((current) => [...current, newPlan(dosages)])}
          >
            Add a course plan
          </button>
          <button type="submit" className={buttonClass.primary} aria-disabled={saving}>
            {saving ? "Saving..." : "Save course plans"}
          </button>
        </div>
      </form>
    </Panel>
  );
}

function StepRow({
  label,
  step,
  dosages,
  errors,
  onChange,
  onRemove,
}: {
  label: string;
  step: StepDraft;
  dosages: readonly string[];
  errors: { dosage: string | undefined; packs: string | undefined; weeks: string | undefined };
  onChange: (next: StepDraft) => void;
  onRemove: (() => void) | undefined;
}) {
  // A dosage removed from the medication since the plan was saved stays visible until changed.
  const options = dosages.includes(step.dosage) || step.dosage === "" ? dosages : [step.dosage, ...dosages];
  const field = labelledFields(errors);
  // Packs and weeks: each a whole number from 1.
  const count = (name: "packs" | "weeks", label: string) => (
    <InputField
      {...field(name, label)}
      type="number"
      inputMode="numeric"
      min={1}
      step={1}
      value={step[name]}
      onChange={(event) => onChange({ ...step, [name]: event.target.value })}
    />
  );
  return (
    <li
      aria-label={label}
      className="grid grid-cols-2 gap-3 border-slate-200 border-t pt-3 first:border-t-0 first:pt-0 sm:grid-cols-[1fr_6rem_6rem_auto] sm:items-start sm:border-t-0 sm:pt-0"
    >
      <div className="col-span-2 sm:col-span-1">
        <SelectField
          {...field("dosage", "Dosage")}
          value={step.dosage}
          onChange={(event) => onChange({ ...step, dosage: event.target.value })}
        >
          {options.map((dosage) => (
            <option key={dosage} value={dosage}>
              {dosage}
            </option>
          ))}
        </SelectField>
      </div>
      {count("packs", "Packs")}
      {count("weeks", "Weeks")}
      {onRemove ? (
        <button
          type="button"
          className={`${buttonClass.secondary} col-span-2 sm:col-span-1 sm:mt-6`}
          onClick={onRemove}
        >
          Remove step<span className="sr-only">{` (${label})`}</span>
        </button>
      ) : null}
    </li>
  );
}
