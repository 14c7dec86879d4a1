import type { AdminMedication, AdminPharmacy } from "@pharmacompare/contract";
import { useEffect, useId, useRef, useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { buttonClass, Notice } from "../kit/admin-ui.tsx";
import { CheckboxField, InputField, RequiredMark, SelectField } from "../kit/form/catalogue-controls.tsx";
import { labelledFields } from "../kit/form/field-messages.ts";
import { PRICE_TEXT, type PriceActionResult } from "./price-actions.ts";
import { canSavePrice, PRICE_FIELDS, type PriceField } from "./price-input.ts";

/**
 * "+ Add Price" (back-office §2): pharmacy, dosage, price and link, with the pack quantity and the
 * stock the API also takes. "Save Price" stays disabled until a pharmacy, a dosage and a price are set.
 */
export function AddPriceForm({
  medication,
  pharmacies,
  fetcher,
  refusal,
  onCancel,
}: {
  medication: AdminMedication;
  pharmacies: readonly AdminPharmacy[];
  fetcher: FetcherWithComponents<PriceActionResult>;
  refusal: Extract<PriceActionResult, { intent: "add"; ok: false }> | null;
  onCancel: () => void;
}) {
  const [values, setValues] = useState({ pharmacyId: "", dosage: "", price: "" });
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const dosagesId = useId();
  const whyDisabledId = useId();
  const saving = fetcher.state !== "idle";
  const ready = canSavePrice(values);
  const fields = saving ? {} : (refusal?.fields ?? {});
  const faultyField = PRICE_FIELDS.find((field) => fields[field]);
  const field = labelledFields<PriceField>(fields);

  // Opening puts focus on the first field; a refusal on the first field it is about, else its notice.
  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>("select")?.focus();
  }, []);
  useEffect(() => {
    if (!refusal) return;
    const control = faultyField ? formRef.current?.querySelector(`[name="${faultyField}"]`) : null;
    if (control instanceof HTMLElement) control.focus();
    else noticeRef.current?.focus();
  }, [refusal, faultyField]);

  return (
    <fetcher.Form
      ref={formRef}
      id="add-price-form"
      method="post"
      noValidate
      aria-labelledby="add-price-heading"
      onSubmit={(event) => {
        if (saving || !ready) event.preventDefault();
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") {
          event.preventDefault();
          onCancel();
        }
      }}
      className="mb-4 rounded-lg bg-white p-4 shadow-sm ring-1 ring-brand-200 sm:p-5"
    >
      <h3 id="add-price-heading" className="font-semibold text-base text-slate-900">
        Add Price
      </h3>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="medicationId" value={medication.id} />
      {refusal && !saving ? (
        <div className="mt-3">
          <Notice tone="error" noticeRef={noticeRef}>
            {refusal.error}
          </Notice>
        </div>
      ) : null}

      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <SelectField
          {...field("pharmacyId", "Pharmacy")}
          required
          value={values.pharmacyId}
          onChange={(event) => setValues({ ...values, pharmacyId: event.target.value })}
        >
          <option value="">Choose a pharmacy</option>
          {pharmacies.map((pharmacy) => (
            <option key={pharmacy.id} value={pharmacy.id}>
              {pharmacy.name}
              {pharmacy.active ? "" : " – inactive"}
            </option>
          ))}
        </SelectField>
        <InputField
          {...field("dosage", "Dosage")}
          required
          autoComplete="off"
          list={dosagesId}
          placeholder={PRICE_TEXT.dosageExample}
          value={values.dosage}
          onChange={(event) => setValues({ ...values, dosage: event.target.value })}
          hint={
            medication.dosage.length > 0
              ? `One of this medication's dosages: ${medication.dosage.join(", ")}.`
              : "This medication lists no dosages yet."
          }
        />
        <datalist id={dosagesId}>
          {medication.dosage.map((dosage) => (
            <option key={dosage} value={dosage} />
          ))}
        </datalist>
        <InputField
          {...field("price", "Price")}
          required
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          prefix="£"
          value={values.price}
          onChange={(event) => setValues({ ...values, price: event.target.value })}
          hint="In pounds, e.g. 12.99."
        />
        <InputField
          {...field("introductoryPrice", "Introductory price")}
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          prefix="£"
          hint="Optional: a lower price for the first order or first month, below the price above."
        />
        <SelectField {...field("introductoryTerms", "Introductory terms")} defaultValue="">
          <option value="">None</option>
          <option value="first-order">First order</option>
          <option value="first-month">First month</option>
        </SelectField>
        <div className="grid gap-2">
          <InputField
            {...field("link", "Link")}
            type="url"
            placeholder="https://"
            hint="Optional: the product's page at the pharmacy."
          />
          {fields.acceptOffSiteLink ? (
            // The API refused a link off the pharmacy's own site: staff may confirm it (audited).
            <CheckboxField
              name="acceptOffSiteLink"
              label="Use this link to another site"
              hint={fields.acceptOffSiteLink}
            />
          ) : null}
        </div>
        <InputField
          {...field("quantity", "Quantity")}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          defaultValue="1"
          hint="Packs this price buys."
        />
        <div className="sm:pt-6">
          <CheckboxField {...field("inStock", "In stock")} defaultChecked />
        </div>
      </div>

      <div className="mt-4 flex flex-wrap items-center justify-end gap-2 border-slate-200 border-t pt-4">
        {ready ? null : (
          <p id={whyDisabledId} className="mr-auto text-slate-600 text-xs">
            <RequiredMark /> Choose a pharmacy and enter a dosage and a price to save.
          </p>
        )}
        <button type="button" className={buttonClass.secondary} onClick={onCancel}>
          Cancel
        </button>
        <button
          type="submit"
          className={buttonClass.primary}
          disabled={!ready}
          aria-disabled={saving || undefined}
          aria-describedby={ready ? undefined : whyDisabledId}
        >
          {saving ? "Saving..." : "Save Price"}
        </button>
      </div>
    </fetcher.Form>
  );
}
