import { ADMIN_MESSAGE_LIMITS, type AdminMessage } from "@pharmacompare/contract";
import { type RefObject, useEffect, useRef } from "react";
import type { FetcherWithComponents } from "react-router";
import { ModalDialog } from "../../components/ui/modal-dialog.tsx";
import { FormActions, Notice } from "../kit/admin-ui.tsx";
import {
  CheckboxField,
  InputField,
  SelectField,
  TextareaField,
  UnmarkedFields,
} from "../kit/form/catalogue-controls.tsx";
import { labelledFields } from "../kit/form/field-messages.ts";
import { toLocalInput } from "./message-dates.ts";

/** The dialog's fields, in the order they appear (focus goes to the first one at fault). */
export const MESSAGE_FIELDS = [
  "medicationId",
  "pharmacyId",
  "category",
  "title",
  "message",
  "startDate",
  "endDate",
  "priority",
  "active",
] as const;
export type MessageField = (typeof MESSAGE_FIELDS)[number];

type AdminMessageCategory = AdminMessage["category"];

/** The categories staff choose from (back-office §4); "other" only appears on a message that has it. */
export const MESSAGE_CATEGORY_CHOICES = ["information", "warning", "promo"] as const;

export const categoryLabels: Record<AdminMessageCategory, string> = {
  information: "Information",
  warning: "Warning",
  promo: "Promo",
  other: "Other",
};

export interface PickerOption {
  id: string;
  name: string;
}

/** What the screen's action answers to a save. */
export type SaveResult =
  | { intent: "save"; ok: true; text: string }
  | { intent: "save"; ok: false; error: string; fields: Partial<Record<MessageField, string>> };

/**
 * The add/edit dialog of back-office §2 Admin Messages, on the shared modal (labelled by its title,
 * focus trapped, Escape cancels, focus back to the button that opened it). A refusal shows its
 * reason at the top ("Error saving message: …") and each field's message beside that field.
 */
export function MessageDialog({
  open,
  message,
  medications,
  pharmacies,
  fetcher,
  result,
  onClose,
  returnFocusRef,
}: {
  open: boolean;
  /** The message being edited; null adds a new one. */
  message: AdminMessage | null;
  medications: readonly PickerOption[];
  pharmacies: readonly PickerOption[];
  fetcher: FetcherWithComponents<unknown>;
  /** The refusal of the last save from this opening of the dialog, if any. */
  result: Extract<SaveResult, { ok: false }> | null;
  onClose: () => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const saving = fetcher.state !== "idle";
  const fields = saving ? {} : (result?.fields ?? {});
  const faultyField = MESSAGE_FIELDS.find((field) => fields[field]);
  const field = labelledFields<MessageField>(fields);

  // A refusal puts focus on the first field it is about, else on the reason at the top.
  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!result) return;
    const input = faultyField ? formRef.current?.elements.namedItem(faultyField) : null;
    if (input instanceof HTMLElement) input.focus();
    else errorRef.current?.focus();
  }, [result, faultyField]);

  // Pickers list active medications and pharmacies; a message on one that is not listed keeps it.
  const medicationOptions =
    message && !medications.some((entry) => entry.id === message.medicationId)
      ? [{ id: message.medicationId, name: message.medicationName }, ...medications]
      : medications;
  const pharmacyOptions =
    message?.pharmacyId && !pharmacies.some((entry) => entry.id === message.pharmacyId)
      ? [{ id: message.pharmacyId, name: message.pharmacyName ?? message.pharmacyId }, ...pharmacies]
      : pharmacies;
  const asOption = (entry: PickerOption) => ({ value: entry.id, label: entry.name });
  const categories: readonly AdminMessageCategory[] =
    message && !(MESSAGE_CATEGORY_CHOICES as readonly string[]).includes(message.category)
      ? [...MESSAGE_CATEGORY_CHOICES, message.category]
      : MESSAGE_CATEGORY_CHOICES;

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={message ? "Edit Message" : "Add Message"}
      description="Shown on the medication's page: in one pharmacy's price row, or above the prices for all pharmacies."
      returnFocusRef={returnFocusRef}
    >
      <UnmarkedFields>
        <fetcher.Form
          ref={formRef}
          method="post"
          noValidate
          onSubmit={(event) => {
            if (saving) event.preventDefault();
          }}
          className="space-y-4"
        >
          <input type="hidden" name="intent" value="save" />
          {message ? <input type="hidden" name="id" value={message._id} /> : null}
          {result && !saving ? (
            <Notice tone="error" noticeRef={errorRef}>
              {result.error}
            </Notice>
          ) : null}

          <SelectField
            {...field("medicationId", "Medication")}
            required
            defaultValue={message?.medicationId ?? ""}
            options={medicationOptions.map(asOption)}
          >
            <option value="">Choose a medication</option>
          </SelectField>

          <SelectField
            {...field("pharmacyId", "Pharmacy")}
            defaultValue={message?.pharmacyId ?? ""}
            hint="All pharmacies shows the message above the prices; one pharmacy shows it in that pharmacy's row."
            options={pharmacyOptions.map(asOption)}
          >
            <option value="">All pharmacies</option>
          </SelectField>

          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              {...field("category", "Category")}
              required
              defaultValue={message?.category ?? "information"}
              options={categories.map((category) => ({ value: category, label: categoryLabels[category] }))}
            />
            <InputField
              {...field("priority", "Priority")}
              type="number"
              inputMode="numeric"
              min={0}
              max={ADMIN_MESSAGE_LIMITS.priorityMax}
              step={1}
              defaultValue={String(message?.priority ?? 0)}
              hint="0 to 10; the highest shows first."
            />
          </div>

          <InputField
            {...field("title", "Title")}
            required
            maxLength={ADMIN_MESSAGE_LIMITS.titleMax}
            defaultValue={message?.title ?? ""}
          />
          <TextareaField
            {...field("message", "Message")}
            required
            rows={4}
            maxLength={ADMIN_MESSAGE_LIMITS.messageMax}
            defaultValue={message?.message ?? ""}
          />

          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              {...field("startDate", "Start date")}
              type="datetime-local"
              required
              // A new message starts now (back-office §9).
              defaultValue={toLocalInput(message?.startDate ?? new Date())}
              hint="UK time."
            />
            <InputField
              {...field("endDate", "End date")}
              type="datetime-local"
              defaultValue={message?.endDate ? toLocalInput(message.endDate) : ""}
              hint="Optional; UK time."
            />
          </div>

          <CheckboxField
            {...field("active", "Active")}
            defaultChecked={message?.active ?? true}
            hint="Visitors see an active message between its start and end dates."
          />

          <FormActions
            cancel={{ onClick: onClose }}
            saving={saving}
            saveLabel={message ? "Save Changes" : "Create Message"}
          />
        </fetcher.Form>
      </UnmarkedFields>
    </ModalDialog>
  );
}
