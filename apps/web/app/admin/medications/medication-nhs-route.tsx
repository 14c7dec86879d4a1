import { NHS_LINK_RULE, NHS_ROUTE_LIMITS } from "@pharmacompare/contract";
import { Panel } from "../kit/admin-ui.tsx";
import { CheckboxField, InputField, SelectField, TextareaField } from "../kit/form/catalogue-controls.tsx";
import { fieldMessage, labelledFields } from "../kit/form/field-messages.ts";
import type { MedicationDraft, MedicationField } from "./medication-draft.ts";

const AVAILABILITY_CHOICES = [
  { value: "yes", label: "Available on an NHS prescription" },
  { value: "criteria", label: "Only under criteria" },
  { value: "no", label: "Not available on the NHS for this condition" },
];

/**
 * The Medication form's NHS route group (issue 44, decision 056): what the condition page says
 * about the NHS beside the private prices. Facts only, with the NHS page that says so.
 */
export function MedicationNhsRoute({
  draft,
  fields,
  locked,
  set,
}: {
  draft: MedicationDraft;
  fields: Partial<Record<MedicationField, string>>;
  locked: boolean;
  set: <K extends keyof MedicationDraft & MedicationField>(field: K, value: MedicationDraft[K]) => void;
}) {
  const field = labelledFields(fields);
  return (
    <Panel title="NHS route" titleId="medication-nhs-heading">
      <div className="grid gap-4 px-4 py-4 sm:grid-cols-2 sm:px-5 sm:py-5">
        <SelectField
          {...field("nhsAvailability", "On the NHS")}
          value={draft.nhsAvailability}
          disabled={locked}
          onChange={(event) => set("nhsAvailability", event.target.value)}
          options={AVAILABILITY_CHOICES}
          hint="Not recorded shows nothing about the NHS on the condition page."
        >
          <option value="">Not recorded</option>
        </SelectField>
        <InputField
          {...field("nhsCheckedOn", "Checked on")}
          type="date"
          value={draft.nhsCheckedOn}
          disabled={locked}
          onChange={(event) => set("nhsCheckedOn", event.target.value)}
          hint="The day these facts were checked against the NHS page."
        />
        <div className="sm:col-span-2">
          <TextareaField
            {...field("nhsNote", "NHS note")}
            rows={2}
            maxLength={NHS_ROUTE_LIMITS.noteMax}
            value={draft.nhsNote}
            disabled={locked}
            onChange={(event) => set("nhsNote", event.target.value)}
            hint={`One short factual sentence (at most ${NHS_ROUTE_LIMITS.noteMax} characters); required under criteria. No advice.`}
          />
        </div>
        <div className="sm:col-span-2">
          <InputField
            {...field("nhsUrl", "NHS page")}
            type="url"
            maxLength={NHS_ROUTE_LIMITS.urlMax}
            value={draft.nhsUrl}
            disabled={locked}
            onChange={(event) => set("nhsUrl", event.target.value)}
            hint={`The page that says so: ${NHS_LINK_RULE.replace("must be ", "")}.`}
          />
        </div>
        <div className="sm:col-span-2">
          <CheckboxField
            label="Item charge applies"
            checked={draft.nhsItemCharge}
            disabled={locked}
            onChange={(event) => set("nhsItemCharge", event.target.checked)}
            hint="Untick where the NHS charges nothing for it (contraception)."
            error={fieldMessage("Item charge applies", fields.nhsItemCharge)}
          />
        </div>
      </div>
    </Panel>
  );
}
