import {
  formatPounds,
  INTRODUCTORY_TERMS_WORDS,
  PRICE_SHEET_LIMITS,
  type PriceSheetApplied,
  type PriceSheetChange,
  type PriceSheetPreview,
  priceSheetMessages,
} from "@pharmacompare/contract";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { buttonClass, inputClass, Notice } from "../kit/admin-ui.tsx";
import { Badge, useFetcherAnswer } from "../kit/form/catalogue-controls.tsx";
import { LegalCategoryChanges } from "../kit/form/legal-category.tsx";
import { type DataColumn, DataTable } from "../kit/list/data-table.tsx";
import { useToast } from "../kit/toast/toast.tsx";
import { PriceSheetLinks } from "./price-sheet-links.tsx";
import {
  applyChoices,
  noUnknownChoices,
  PriceSheetUnknowns,
  type UnknownChoices,
} from "./price-sheet-unknowns.tsx";

/** What Price Management's clientAction answers for the sheet intents (admin/prices/route.tsx). */
export type PriceSheetResult =
  | { intent: "sheet-preview"; ok: true; preview: PriceSheetPreview }
  | { intent: "sheet-apply"; ok: true; applied: PriceSheetApplied }
  | { intent: "sheet-discard"; ok: true }
  | { intent: "sheet-export"; ok: true; fileName: string; content: string }
  | {
      intent: "sheet-preview" | "sheet-apply" | "sheet-discard" | "sheet-export";
      ok: false;
      error: string;
      /** The API's message for a choice at fault (`createPharmacies.0.gphcNumber`…). */
      fields?: Partial<Record<string, string>>;
    };

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** The file's bytes as base64 (what the upload endpoint takes). */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

function download(fileName: string, base64: string) {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: XLSX_TYPE }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

const changeColumns: DataColumn<PriceSheetChange>[] = [
  {
    header: "Medication",
    rowHeader: true,
    cell: (change) => <span className="font-medium text-slate-900">{change.medicationName}</span>,
  },
  { header: "Pharmacy", cell: (change) => change.pharmacyName },
  { header: "Dosage", cell: (change) => change.dosage },
  {
    header: "Old price",
    className: "whitespace-nowrap tabular-nums",
    cell: (change) => (change.oldPrice === null ? "None" : formatPounds(change.oldPrice)),
  },
  {
    header: "New price",
    className: "whitespace-nowrap tabular-nums",
    cell: (change) => (
      <>
        <span className="font-medium text-slate-900">{formatPounds(change.newPrice)}</span>
        {/* The file's introductory price, when it has the columns (decision 057). */}
        {change.newIntroductoryPrice != null && change.newIntroductoryTerms != null ? (
          <span className="block text-slate-600 text-xs">
            {`${formatPounds(change.newIntroductoryPrice)} ${INTRODUCTORY_TERMS_WORDS[change.newIntroductoryTerms]}`}
          </span>
        ) : change.newIntroductoryPrice === null ? (
          <span className="block text-slate-600 text-xs">No introductory price</span>
        ) : null}
      </>
    ),
  },
  {
    header: "Change",
    cell: (change) =>
      change.status === "new" ? <Badge tone="green">New</Badge> : <Badge tone="amber">Changed</Badge>,
  },
];

/**
 * Bulk prices on Price Management (issue 13, decision 017): upload an .xlsx or .csv, read the
 * preview, apply it or discard it; download one medication's or all prices in the same format.
 */
export function PriceSheetPanel({ medication }: { medication: { id: string; name: string } | null }) {
  const fetcher = useFetcher<PriceSheetResult>({ key: "price-sheet" });
  const toast = useToast();
  const inputId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const previewHeadingRef = useRef<HTMLHeadingElement>(null);
  const [preview, setPreview] = useState<PriceSheetPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [choices, setChoices] = useState<UnknownChoices>(noUnknownChoices);
  /** The flagged link changes staff ticked to apply (decision 029). */
  const [acceptedLinks, setAcceptedLinks] = useState<ReadonlySet<string>>(new Set());
  const [fields, setFields] = useState<Partial<Record<string, string>>>({});

  // A new preview takes focus once it is drawn, so keyboard and screen-reader users land on it.
  useEffect(() => {
    if (preview) previewHeadingRef.current?.focus();
  }, [preview]);

  const busyIntent = fetcher.state === "idle" ? null : String(fetcher.formData?.get("intent") ?? "");
  const busy = reading || busyIntent !== null;

  useFetcherAnswer(fetcher, (data) => {
    if (!data.ok) {
      setError(data.error);
      setFields(data.fields ?? {});
      return;
    }
    setError(null);
    setFields({});
    if (data.intent === "sheet-preview") {
      setPreview(data.preview);
      setChoices(noUnknownChoices);
      setAcceptedLinks(new Set());
    } else if (data.intent === "sheet-apply") {
      const { applied } = data;
      setPreview(null);
      if (fileRef.current) fileRef.current.value = "";
      const created = [
        applied.createdMedications ? plural(applied.createdMedications, "medication") : "",
        applied.createdPharmacies ? plural(applied.createdPharmacies, "pharmacy", "pharmacies") : "",
      ].filter(Boolean);
      const categories = applied.changedLegalCategories
        ? `; ${plural(applied.changedLegalCategories, "legal category", "legal categories")} changed`
        : "";
      toast.show(
        `Prices applied: ${applied.new} new, ${applied.changed} changed, ${applied.unchanged} unchanged` +
          (created.length ? `; ${created.join(" and ")} created` : "") +
          (applied.triggeredAlerts ? `; ${plural(applied.triggeredAlerts, "price alert")} triggered` : "") +
          categories,
      );
    } else if (data.intent === "sheet-discard") {
      setPreview(null);
      if (fileRef.current) fileRef.current.value = "";
      fileRef.current?.focus();
    } else if (data.intent === "sheet-export") {
      download(data.fileName, data.content);
    }
  });

  async function upload(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setError("Please choose an .xlsx or .csv file of prices");
      fileRef.current?.focus();
      return;
    }
    if (file.size > PRICE_SHEET_LIMITS.maxBytes) {
      setError(priceSheetMessages.tooLarge);
      return;
    }
    setError(null);
    setPreview(null);
    setReading(true);
    try {
      const content = await readBase64(file);
      void fetcher.submit({ intent: "sheet-preview", fileName: file.name, content }, { method: "post" });
    } catch {
      setError("The file could not be read from your device");
    } finally {
      setReading(false);
    }
  }

  const changes = preview?.changes.filter((change) => change.status !== "unchanged") ?? [];
  const creating = choices.medications.size + choices.pharmacies.size;
  const toCreate = [
    choices.medications.size ? plural(choices.medications.size, "medication") : "",
    choices.pharmacies.size ? plural(choices.pharmacies.size, "pharmacy", "pharmacies") : "",
  ]
    .filter(Boolean)
    .join(" and ");
  // "Apply 3 price changes", "Apply 3 price changes and create 1 pharmacy", "Create 1 medication with its prices".
  const applyLabel =
    changes.length === 0 && creating > 0
      ? `Create ${toCreate} with ${creating === 1 ? "its" : "their"} prices`
      : `Apply ${plural(changes.length, "price change")}${creating ? ` and create ${toCreate}` : ""}`;
  const progress =
    reading || busyIntent === "sheet-preview"
      ? "Reading the file and comparing its prices…"
      : busyIntent === "sheet-apply"
        ? "Applying the prices…"
        : busyIntent === "sheet-export"
          ? "Preparing the workbook…"
          : "";

  return (
    <section
      aria-labelledby="bulk-prices-heading"
      className="mt-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <h2 id="bulk-prices-heading" className="font-semibold text-base text-slate-900">
        Bulk prices
      </h2>
      <p className="mt-1 text-slate-700 text-sm">
        Upload a workbook (.xlsx) or a .csv in the price-sheet format, up to 10 MB: one sheet per medication,
        one row per pharmacy, one column per dosage. Download the current prices to get a sheet to edit.
      </p>

      <div className="mt-4 flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <form
          onSubmit={upload}
          aria-label="Upload prices"
          className="flex flex-col gap-3 sm:flex-row sm:items-end"
        >
          <div className="min-w-0">
            <label htmlFor={inputId} className="block font-medium text-slate-800 text-sm">
              Price file
            </label>
            <input
              ref={fileRef}
              id={inputId}
              name="file"
              type="file"
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className={`${inputClass} mt-1 max-w-full`}
              disabled={busy}
            />
          </div>
          <button
            type="submit"
            className={buttonClass.primary}
            aria-disabled={busy || undefined}
            disabled={busy}
          >
            {reading || busyIntent === "sheet-preview" ? "Reading..." : "Preview"}
          </button>
        </form>
        <div className="flex flex-wrap gap-2">
          {medication ? (
            <button
              type="button"
              className={buttonClass.secondary}
              disabled={busy}
              onClick={() =>
                void fetcher.submit(
                  { intent: "sheet-export", medicationId: medication.id },
                  { method: "post" },
                )
              }
            >
              Download {medication.name} prices
            </button>
          ) : null}
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={busy}
            onClick={() => void fetcher.submit({ intent: "sheet-export" }, { method: "post" })}
          >
            Download all prices
          </button>
        </div>
      </div>

      <p role="status" aria-live="polite" className="mt-3 text-slate-700 text-sm">
        {progress ? (
          <span className="inline-flex items-center gap-2">
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-brand-700 border-t-transparent"
            />
            {progress}
          </span>
        ) : null}
      </p>

      {error ? (
        <div className="mt-3">
          <Notice tone="error">{error}</Notice>
        </div>
      ) : null}

      {preview ? (
        <section aria-labelledby="sheet-preview-heading" className="mt-4 border-slate-200 border-t pt-4">
          <h3
            id="sheet-preview-heading"
            ref={previewHeadingRef}
            tabIndex={-1}
            className="font-semibold text-slate-900 focus:outline-none"
          >
            Preview of {preview.fileName}
          </h3>
          <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-slate-800 text-sm">
            <li>{plural(preview.counts.new, "new price")}</li>
            <li>{plural(preview.counts.changed, "changed price")}</li>
            <li>{plural(preview.counts.unchanged, "unchanged price")}</li>
            <li>{plural(preview.counts.skipped, "skipped entry", "skipped entries")}</li>
          </ul>

          {changes.length > 0 ? (
            <div className="mt-3">
              <DataTable
                label="Price changes in the file"
                caption="Prices the file would add or change, with old and new values"
                columns={changeColumns}
                rows={changes}
                rowKey={(change) => `${change.medicationId}/${change.pharmacyId}/${change.dosage}`}
                minWidthClass="min-w-[44rem]"
              />
            </div>
          ) : (
            <p className="mt-3 text-slate-700 text-sm">
              {preview.unknownMedications.length + preview.unknownPharmacies.length > 0
                ? "The file changes no price in the catalogue as it is."
                : "The file changes no price."}
            </p>
          )}

          <PriceSheetUnknowns
            preview={preview}
            choices={choices}
            onChange={setChoices}
            fields={fields}
            disabled={busy}
          />

          <PriceSheetLinks
            changes={preview.linkChanges}
            accepted={acceptedLinks}
            onChange={setAcceptedLinks}
            disabled={busy}
          />

          <LegalCategoryChanges changes={preview.legalCategoryChanges} />

          {preview.skipped.length > 0 ? (
            <details className="mt-4 text-sm">
              <summary className="cursor-pointer font-medium text-slate-900">
                Skipped sheets, rows and cells ({preview.skipped.length})
              </summary>
              <ul className="mt-1 list-disc pl-5 text-slate-800">
                {preview.skipped.map((entry, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: skips have no id and never reorder
                  <li key={index}>
                    Sheet “{entry.sheet}”{entry.row === undefined ? "" : `, row ${entry.row}`}
                    {entry.column === undefined ? "" : `, column ${entry.column}`}: {entry.reason}
                  </li>
                ))}
              </ul>
            </details>
          ) : null}

          <div className="mt-4 flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonClass.primary}
              disabled={(changes.length === 0 && creating === 0) || busy}
              onClick={() =>
                void fetcher.submit(
                  {
                    intent: "sheet-apply",
                    choices: JSON.stringify({ ...applyChoices(choices), acceptLinks: [...acceptedLinks] }),
                  },
                  { method: "post" },
                )
              }
            >
              {busyIntent === "sheet-apply" ? "Applying..." : applyLabel}
            </button>
            <button
              type="button"
              className={buttonClass.secondary}
              disabled={busy}
              onClick={() => void fetcher.submit({ intent: "sheet-discard" }, { method: "post" })}
            >
              Discard
            </button>
          </div>
        </section>
      ) : null}
    </section>
  );
}
