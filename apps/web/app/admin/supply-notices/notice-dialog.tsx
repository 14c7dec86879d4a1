import { type AdminSupplyNotice, SUPPLY_NOTICE_LIMITS } from "@pharmacompare/contract";
import { type RefObject, useEffect, useRef } from "react";
import type { FetcherWithComponents } from "react-router";
import { ModalDialog } from "../../components/ui/modal-dialog.tsx";
import { FormActions, Notice } from "../kit/admin-ui.tsx";
import { InputField, SelectField, TextareaField, UnmarkedFields } from "../kit/form/catalogue-controls.tsx";
import { labelledFields } from "../kit/form/field-messages.ts";

/** The dialog's fields, in the order they appear (focus goes to the first one at fault). */
export const NOTICE_FIELDS = [
  "medicationId",
  "dosage",
  "message",
  "sourceUrl",
  "sourceDate",
  "startsAt",
  "endsAt",
] as const;
export type NoticeField = (typeof NOTICE_FIELDS)[number];

/** What the screen's action answers to a save. */
export type SaveResult =
  | { intent: "save"; ok: true; text: string }
  | { intent: "save"; ok: false; error: string; fields: Partial<Record<NoticeField, string>> };

export interface MedicationChoice {
  id: string;
  name: string;
}

/** An instant as a datetime-local input shows it, in the browser's (the staff member's UK) time. */
function localInputValue(iso: string | null): string {
  if (!iso) return "";
  const at = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/**
 * The add/edit dialog of a supply notice (decision 060): the medication (and optionally one
 * dosage), the message, the https page it came from with that page's date, and when it shows.
 * A refusal shows its reason at the top and each field's message beside that field.
 */
export function NoticeDialog({
  open,
  notice,
  medications,
  today,
  fetcher,
  result,
  onClose,
  returnFocusRef,
}: {
  open: boolean;
  /** The notice being edited; null adds a new one. */
  notice: AdminSupplyNotice | null;
  medications: readonly MedicationChoice[];
  /** Today's UK day, a new notice's source date by default. */
  today: string;
  fetcher: FetcherWithComponents<unknown>;
  result: Extract<SaveResult, { ok: false }> | null;
  onClose: () => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const saving = fetcher.state !== "idle";
  const fields = saving ? {} : (result?.fields ?? {});
  const faultyField = NOTICE_FIELDS.find((field) => fields[field]);
  const field = labelledFields<NoticeField>(fields);

  const errorRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!result) return;
    const input = faultyField ? formRef.current?.elements.namedItem(faultyField) : null;
    if (input instanceof HTMLElement) input.focus();
    else errorRef.current?.focus();
  }, [result, faultyField]);

  // A notice on a medication no longer listed keeps it in the picker.
  const options =
    notice && !medications.some((entry) => entry.id === notice.medicationId)
      ? [{ id: notice.medicationId, name: notice.medicationName }, ...medications]
      : medications;

  return (
    <ModalDialog
      open={open}
      onClose={onClose}
      title={notice ? "Edit supply notice" : "Add supply notice"}
      description="Shown on the condition page and in price alert emails for this medication while it is active."
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
          {notice ? <input type="hidden" name="id" value={notice.id} /> : null}
          {result && !saving ? (
            <Notice tone="error" noticeRef={errorRef}>
              {result.error}
            </Notice>
          ) : null}

          <SelectField
            {...field("medicationId", "Medication")}
            required
            defaultValue={notice?.medicationId ?? ""}
            options={options.map((entry) => ({ value: entry.id, label: entry.name }))}
          >
            <option value="">Choose a medication</option>
          </SelectField>
          <InputField
            {...field("dosage", "Dosage")}
            defaultValue={notice?.dosage ?? ""}
            hint="One of its dosages exactly, e.g. 2.4mg; leave empty for every dosage."
          />
          <TextareaField
            {...field("message", "Message")}
            required
            rows={3}
            maxLength={SUPPLY_NOTICE_LIMITS.messageMax}
            defaultValue={notice?.message ?? ""}
            hint="A plain fact, e.g. what is short and until when the source expects it."
          />
          <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
            <InputField
              {...field("sourceUrl", "Source")}
              type="url"
              required
              maxLength={SUPPLY_NOTICE_LIMITS.urlMax}
              defaultValue={notice?.sourceUrl ?? ""}
              hint="The https page that says so (a regulator's, a manufacturer's)."
            />
            <InputField
              {...field("sourceDate", "Source date")}
              type="date"
              required
              defaultValue={notice?.sourceDate ?? today}
              hint="The day that page said so."
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              {...field("startsAt", "Shows from")}
              type="datetime-local"
              defaultValue={localInputValue(notice?.startsAt ?? null)}
              hint="UK time; empty shows it now."
            />
            <InputField
              {...field("endsAt", "Shows until")}
              type="datetime-local"
              defaultValue={localInputValue(notice?.endsAt ?? null)}
              hint="UK time; empty shows it until you end it."
            />
          </div>

          <FormActions
            cancel={{ onClick: onClose }}
            saving={saving}
            saveLabel={notice ? "Save Changes" : "Add Notice"}
          />
        </fetcher.Form>
      </UnmarkedFields>
    </ModalDialog>
  );
}
