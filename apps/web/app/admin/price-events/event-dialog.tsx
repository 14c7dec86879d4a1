import {
  type AdminMedicationEvent,
  MEDICATION_EVENT_KINDS,
  MEDICATION_EVENT_LABELS,
  MEDICATION_EVENT_LIMITS,
} from "@pharmacompare/contract";
import { type RefObject, useEffect, useRef, useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { ModalDialog } from "../../components/ui/modal-dialog.tsx";
import { FormActions, Notice } from "../kit/admin-ui.tsx";
import { InputField, SelectField, UnmarkedFields } from "../kit/form/catalogue-controls.tsx";
import { labelledFields } from "../kit/form/field-messages.ts";

/** The dialog's fields, in the order they appear (focus goes to the first one at fault). */
export const EVENT_FIELDS = ["medicationId", "dosage", "kind", "happenedOn", "summary", "sourceUrl"] as const;
export type EventField = (typeof EVENT_FIELDS)[number];

/** What the screen's action answers to a save. */
export type SaveResult =
  | { intent: "save"; ok: true; text: string }
  | { intent: "save"; ok: false; error: string; fields: Partial<Record<EventField, string>> };

/** A medication as the dialog offers it: its name and the dosages an event may narrow to. */
export interface EventMedication {
  id: string;
  name: string;
  dosage: string[];
}

/**
 * The add/edit dialog of a price event (decision 059): the medication, optionally one of its
 * dosages, the kind, the UK day, a short summary and the https page that says so. A refusal shows
 * its reason at the top and each field's message beside that field.
 */
export function EventDialog({
  open,
  event,
  medications,
  today,
  fetcher,
  result,
  onClose,
  returnFocusRef,
}: {
  open: boolean;
  /** The event being edited; null adds a new one. */
  event: AdminMedicationEvent | null;
  medications: readonly EventMedication[];
  /** Today's UK day, a new event's default. */
  today: string;
  fetcher: FetcherWithComponents<unknown>;
  result: Extract<SaveResult, { ok: false }> | null;
  onClose: () => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const saving = fetcher.state !== "idle";
  const fields = saving ? {} : (result?.fields ?? {});
  const faultyField = EVENT_FIELDS.find((field) => fields[field]);
  const field = labelledFields<EventField>(fields);
  // The dosage list follows the medication chosen.
  const [medicationId, setMedicationId] = useState(event?.medicationId ?? medications[0]?.id ?? "");
  const dosages = medications.find((medication) => medication.id === medicationId)?.dosage ?? [];

  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!result) return;
    const input = faultyField ? formRef.current?.elements.namedItem(faultyField) : null;
    if (input instanceof HTMLElement) input.focus();
    else errorRef.current?.focus();
  }, [result, faultyField]);

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={event ? "Edit price event" : "Add price event"}
      description="A dated event on a medication's price history; the condition page marks it on the chart."
      returnFocusRef={returnFocusRef}
    >
      <UnmarkedFields>
        <fetcher.Form
          ref={formRef}
          method="post"
          noValidate
          onSubmit={(submitted) => {
            if (saving) submitted.preventDefault();
          }}
          className="space-y-4"
        >
          <input type="hidden" name="intent" value="save" />
          {event ? <input type="hidden" name="id" value={event.id} /> : null}
          {result && !saving ? (
            <Notice tone="error" noticeRef={errorRef}>
              {result.error}
            </Notice>
          ) : null}

          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              {...field("medicationId", "Medication")}
              required
              value={medicationId}
              onChange={(change) => setMedicationId(change.currentTarget.value)}
              options={medications.map((medication) => ({ value: medication.id, label: medication.name }))}
            />
            <SelectField
              {...field("dosage", "Dosage")}
              key={medicationId}
              defaultValue={event?.medicationId === medicationId ? (event.dosage ?? "") : ""}
              options={[
                { value: "", label: "All dosages" },
                ...dosages.map((dosage) => ({ value: dosage, label: dosage })),
              ]}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              {...field("kind", "Kind")}
              required
              defaultValue={event?.kind ?? "list-price-change"}
              options={MEDICATION_EVENT_KINDS.map((kind) => ({
                value: kind,
                label: MEDICATION_EVENT_LABELS[kind],
              }))}
            />
            <InputField
              {...field("happenedOn", "Day")}
              type="date"
              required
              defaultValue={event?.happenedOn ?? today}
              hint="The UK day it happened."
            />
          </div>
          <InputField
            {...field("summary", "Summary")}
            required
            maxLength={MEDICATION_EVENT_LIMITS.summaryMax}
            defaultValue={event?.summary ?? ""}
            hint="One factual sentence, as the source says it."
          />
          <InputField
            {...field("sourceUrl", "Source")}
            type="url"
            required
            maxLength={MEDICATION_EVENT_LIMITS.urlMax}
            defaultValue={event?.sourceUrl ?? ""}
            hint="The https:// page that says so: the manufacturer's, the MHRA's or the government's."
          />

          <FormActions
            cancel={{ onClick: onClose }}
            saving={saving}
            saveLabel={event ? "Save Changes" : "Add Event"}
          />
        </fetcher.Form>
      </UnmarkedFields>
    </ModalDialog>
  );
}
