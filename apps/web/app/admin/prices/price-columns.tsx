import {
  type AdminPrice,
  formatPounds,
  INTRODUCTORY_TERMS_WORDS,
  isWebAddress,
} from "@pharmacompare/contract";
import { Badge } from "../kit/form/catalogue-controls.tsx";
import { fieldMessage } from "../kit/form/field-messages.ts";
import type { DataColumn } from "../kit/list/data-table.tsx";
import { InlinePriceInput } from "./price-row-parts.tsx";
import type { PriceEditing } from "./use-price-editing.ts";

/**
 * Price Management's columns (back-office §2): pharmacy, dosage, price (edited inline), the
 * introductory price and terms (decision 057, edited inline), stock badge, link ("View" or "-").
 */
export function priceColumns({
  editing,
  editError,
  setEditing,
  saveEdit,
  cancelEdit,
}: Pick<
  PriceEditing,
  "editing" | "editError" | "setEditing" | "saveEdit" | "cancelEdit"
>): DataColumn<AdminPrice>[] {
  return [
    {
      header: "Pharmacy",
      rowHeader: true,
      cell: (price) => (
        <>
          <span className="font-medium text-slate-900">{price.pharmacy.name}</span>
          {price.pharmacyActive ? null : (
            <span className="mt-1 block">
              <Badge tone="slate">Pharmacy inactive</Badge>
            </span>
          )}
        </>
      ),
    },
    { header: "Dosage", cell: (price) => price.dosage },
    {
      header: "Price",
      className: "whitespace-nowrap",
      cell: (price) =>
        editing?.id === price._id ? (
          <InlinePriceInput
            price={price}
            value={editing.price}
            error={editError?.priceError ? fieldMessage("Price", editError.priceError) : undefined}
            onChange={(value) => setEditing({ ...editing, price: value })}
            onSave={saveEdit}
            onCancel={cancelEdit}
          />
        ) : (
          <span className="font-medium text-slate-900 tabular-nums">{formatPounds(price.price)}</span>
        ),
    },
    {
      // Decision 057: a lower price for the first order or month; the Price column is the ongoing one.
      header: "Introductory",
      className: "whitespace-nowrap",
      cell: (price) =>
        editing?.id === price._id ? (
          <span className="inline-flex items-center gap-2">
            <label className="inline-flex items-center gap-1 text-sm">
              <span className="sr-only">{`Introductory price for ${price.pharmacy.name} ${price.dosage}`}</span>
              <span aria-hidden="true">£</span>
              <input
                type="number"
                inputMode="decimal"
                min={0.01}
                step={0.01}
                value={editing.introductoryPrice}
                onChange={(event) => setEditing({ ...editing, introductoryPrice: event.target.value })}
                className="w-24 rounded-md border border-slate-300 px-2 py-1 text-sm tabular-nums"
              />
            </label>
            <label className="inline-flex items-center text-sm">
              <span className="sr-only">{`Introductory terms for ${price.pharmacy.name} ${price.dosage}`}</span>
              <select
                value={editing.introductoryTerms}
                onChange={(event) => setEditing({ ...editing, introductoryTerms: event.target.value })}
                className="rounded-md border border-slate-300 px-2 py-1 text-sm"
              >
                <option value="">None</option>
                <option value="first-order">{INTRODUCTORY_TERMS_WORDS["first-order"]}</option>
                <option value="first-month">{INTRODUCTORY_TERMS_WORDS["first-month"]}</option>
              </select>
            </label>
          </span>
        ) : price.introductoryPrice != null && price.introductoryTerms != null ? (
          <span className="text-slate-800 tabular-nums">
            {`${formatPounds(price.introductoryPrice)} ${INTRODUCTORY_TERMS_WORDS[price.introductoryTerms]}`}
          </span>
        ) : (
          <>
            <span aria-hidden="true">-</span>
            <span className="sr-only">None</span>
          </>
        ),
    },
    {
      header: "Stock",
      cell: (price) =>
        editing?.id === price._id ? (
          <label className="inline-flex items-center gap-2 whitespace-nowrap text-slate-800 text-sm">
            <input
              type="checkbox"
              checked={editing.inStock}
              onChange={(event) => setEditing({ ...editing, inStock: event.target.checked })}
              className="size-4 rounded border-slate-400 accent-brand-700"
            />
            In stock
          </label>
        ) : (
          <Badge tone={price.inStock ? "green" : "red"}>{price.inStock ? "In Stock" : "Out of Stock"}</Badge>
        ),
    },
    {
      header: "Link",
      cell: (price) =>
        price.link && isWebAddress(price.link) ? (
          <a
            href={price.link}
            target="_blank"
            rel="noopener noreferrer"
            className="text-brand-800 underline underline-offset-2 hover:text-brand-900"
          >
            View
            <span className="sr-only">
              {" "}
              {price.pharmacy.name} {price.dosage} (opens in a new tab)
            </span>
          </a>
        ) : (
          <>
            <span aria-hidden="true">-</span>
            <span className="sr-only">No link</span>
          </>
        ),
    },
  ];
}
