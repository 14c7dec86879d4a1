import {
  type AdminNhsCharge,
  NHS_CHARGE_KINDS,
  NHS_CHARGE_LABELS,
  NHS_ROUTE_LIMITS,
} from "@pharmacompare/contract";
import { type RefObject, useEffect, useRef } from "react";
import type { FetcherWithComponents } from "react-router";
import { ModalDialog } from "../../components/ui/modal-dialog.tsx";
import { FormActions, Notice } from "../kit/admin-ui.tsx";
import { InputField, SelectField, UnmarkedFields } from "../kit/form/catalogue-controls.tsx";
import { labelledFields } from "../kit/form/field-messages.ts";

/** The dialog's fields, in the order they appear (focus goes to the first one at fault). */
export const CHARGE_FIELDS = ["kind", "amount", "effectiveFrom", "sourceUrl"] as const;
export type ChargeField = (typeof CHARGE_FIELDS)[number];

/** What the screen's action answers to a save. */
export type SaveResult =
  | { intent: "save"; ok: true; text: string }
  | { intent: "save"; ok: false; error: string; fields: Partial<Record<ChargeField, string>> };

/**
 * The add/edit dialog of an NHS charge (decision 056): its kind, amount, the UK day it takes
 * effect and the NHS or government page it was taken from. A refusal shows its reason at the top
 * and each field's message beside that field.
 */
export function ChargeDialog({
  open,
  charge,
  today,
  fetcher,
  result,
  onClose,
  returnFocusRef,
}: {
  open: boolean;
  /** The charge being edited; null adds a new one. */
  charge: AdminNhsCharge | null;
  /** Today's UK day, a new charge's default. */
  today: string;
  fetcher: FetcherWithComponents<unknown>;
  result: Extract<SaveResult, { ok: false }> | null;
  onClose: () => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const saving = fetcher.state !== "idle";
  const fields = saving ? {} : (result?.fields ?? {});
  const faultyField = CHARGE_FIELDS.find((field) => fields[field]);
  const field = labelledFields<ChargeField>(fields);

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
      title={charge ? "Edit NHS charge" : "Add NHS charge"}
      description="England's charge from the day it takes effect; the condition pages show the one in force."
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
          {charge ? <input type="hidden" name="id" value={charge.id} /> : null}
          {result && !saving ? (
            <Notice tone="error" noticeRef={errorRef}>
              {result.error}
            </Notice>
          ) : null}

          <SelectField
            {...field("kind", "Charge")}
            required
            defaultValue={charge?.kind ?? "item"}
            options={NHS_CHARGE_KINDS.map((kind) => ({ value: kind, label: NHS_CHARGE_LABELS[kind] }))}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              {...field("amount", "Amount")}
              prefix="£"
              required
              inputMode="decimal"
              defaultValue={charge ? charge.amount.toFixed(2) : ""}
              hint="Pounds, e.g. 9.90."
            />
            <InputField
              {...field("effectiveFrom", "Takes effect")}
              type="date"
              required
              defaultValue={charge?.effectiveFrom ?? today}
              hint="The UK day it applies from; a future day waits for it."
            />
          </div>
          <InputField
            {...field("sourceUrl", "Source")}
            type="url"
            required
            maxLength={NHS_ROUTE_LIMITS.urlMax}
            defaultValue={charge?.sourceUrl ?? ""}
            hint="The nhs.uk or gov.uk page that gives this figure."
          />

          <FormActions
            cancel={{ onClick: onClose }}
            saving={saving}
            saveLabel={charge ? "Save Changes" : "Add Charge"}
          />
        </fetcher.Form>
      </UnmarkedFields>
    </ModalDialog>
  );
}
