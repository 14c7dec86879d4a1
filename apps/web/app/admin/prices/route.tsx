import { type AdminPrice, formatPounds } from "@pharmacompare/contract";
import { useRef, useState } from "react";
import { Form, useFetcher, useLocation } from "react-router";
import { Icon } from "../../components/ui/icons.tsx";
import { adminMeta } from "../kit/admin-route.ts";
import { AdminPageError, buttonClass, Notice, PageHeader } from "../kit/admin-ui.tsx";
import { ConfirmDialog } from "../kit/dialogs/confirm-dialog.tsx";
import { SelectField, useFetcherAnswer } from "../kit/form/catalogue-controls.tsx";
import { DataTable } from "../kit/list/data-table.tsx";
import { EmptyState } from "../kit/list/empty-state.tsx";
import { listHref, useListLoading } from "../kit/list/list-navigation.ts";
import { Pager } from "../kit/list/pager.tsx";
import { useDeleteAction } from "../kit/list/row-actions.ts";
import { useToast } from "../kit/toast/toast.tsx";
import type { Route } from "./+types/route";
import { PRICE_TEXT, type PriceActionResult, priceAction } from "./price-actions.ts";
import { AddPriceForm } from "./price-add-form.tsx";
import { priceColumns } from "./price-columns.tsx";
import { focusShown } from "./price-edit.ts";
import { medicationOptionLabel } from "./price-input.ts";
import { loadPriceManagement } from "./price-load.ts";
import { MedicationSummary, PriceRowActions } from "./price-row-parts.tsx";
import { PriceSheetPanel } from "./price-sheet-panel.tsx";
import { usePriceEditing } from "./use-price-editing.ts";

export function meta() {
  return adminMeta("Price Management");
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return loadPriceManagement(request);
}

export function clientAction({ request }: Route.ClientActionArgs) {
  return priceAction(request);
}

export default function PriceManagement({ loaderData }: Route.ComponentProps) {
  const { medicationId, medications, pharmacies, categories, prices, pricePage, listError, pricesError } =
    loaderData;
  const entries = pricePage?.total ?? 0;
  const location = useLocation();
  const loading = useListLoading();
  const toast = useToast();
  const medication = medications?.find((entry) => entry.id === medicationId) ?? null;

  const addFetcher = useFetcher<PriceActionResult>({ key: "price-add" });

  const [adding, setAdding] = useState(false);
  const [addOpenings, setAddOpenings] = useState(0);
  const [addRefusal, setAddRefusal] = useState<Extract<
    PriceActionResult,
    { intent: "add"; ok: false }
  > | null>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);

  const edits = usePriceEditing();
  const { editError } = edits;

  const { deleteFetcher, deleting, setDeleting, deleteError, setDeleteError, opener, headingRef } =
    useDeleteAction<AdminPrice>("price-delete");

  // Another medication: whatever was open belongs to the last one.
  const [shownMedication, setShownMedication] = useState(medicationId);
  if (shownMedication !== medicationId) {
    setShownMedication(medicationId);
    setAdding(false);
    edits.reset();
  }

  useFetcherAnswer(addFetcher, (data) => {
    if (data.intent !== "add") return;
    if (data.ok) {
      setAdding(false);
      setAddRefusal(null);
      toast.show(data.text);
      addButtonRef.current?.focus();
    } else {
      setAddRefusal(data);
    }
  });

  const columns = priceColumns(edits);

  return (
    <>
      <PageHeader
        title="Price Management"
        description="Each pharmacy's price for each dosage of a medication. Every change is recorded in the price history and checked against visitors' price alerts."
      />

      {listError ? (
        <div className="mb-4">
          <Notice tone="error">{listError}</Notice>
        </div>
      ) : null}

      {/* Keyed by the address so Back and Forward show the medication they lead to. */}
      <Form
        key={location.search}
        method="get"
        aria-label="Choose a medication"
        className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="min-w-0 flex-1">
            <SelectField label="Medication" name="medication" defaultValue={medication ? medication.id : ""}>
              <option value="">Choose a medication</option>
              {(medications ?? []).map((entry) => (
                <option key={entry.id} value={entry.id}>
                  {medicationOptionLabel(entry)}
                  {entry.active ? "" : " – inactive"}
                </option>
              ))}
            </SelectField>
          </div>
          <button type="submit" className={buttonClass.primary} disabled={loading}>
            Show prices
          </button>
        </div>
      </Form>

      <PriceSheetPanel medication={medication} />

      {pricesError ? (
        <div className="mt-4">
          <Notice tone="error">{pricesError}</Notice>
        </div>
      ) : null}

      {!medicationId ? (
        <div className="mt-6">
          <EmptyState>Choose a medication to see and change its prices.</EmptyState>
        </div>
      ) : null}

      {medication && prices ? (
        <>
          <MedicationSummary medication={medication} categories={categories} />

          <section aria-labelledby="prices-heading" className="mt-6" aria-busy={loading}>
            <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
              <h2
                id="prices-heading"
                ref={headingRef}
                tabIndex={-1}
                className="font-semibold text-base text-slate-900 focus:outline-none"
              >
                Prices
                <span className="ml-2 font-normal text-slate-600 text-sm">
                  {entries === 1 ? "1 entry" : `${entries} entries`}
                </span>
              </h2>
              <button
                ref={addButtonRef}
                type="button"
                className={buttonClass.primary}
                aria-expanded={adding}
                aria-controls="add-price-form"
                onClick={() => {
                  if (!adding) {
                    setAddRefusal(null);
                    setAddOpenings((count) => count + 1);
                    setAdding(true);
                  } else {
                    focusShown("#add-price-form select");
                  }
                }}
              >
                <Icon className="size-4">
                  <path d="M12 5v14M5 12h14" />
                </Icon>
                Add Price
              </button>
            </div>

            {adding ? (
              <AddPriceForm
                key={addOpenings}
                medication={medication}
                pharmacies={pharmacies}
                fetcher={addFetcher}
                refusal={addRefusal}
                onCancel={() => {
                  setAdding(false);
                  setAddRefusal(null);
                  addButtonRef.current?.focus();
                }}
              />
            ) : null}

            {editError ? (
              <div className="mb-3">
                <Notice tone="error">{editError.error}</Notice>
              </div>
            ) : null}

            {prices.length === 0 ? (
              <EmptyState>{PRICE_TEXT.empty}</EmptyState>
            ) : (
              <DataTable
                label={`Prices of ${medication.name}`}
                caption={`Prices of ${medication.name}, by pharmacy and dosage`}
                columns={columns}
                rows={prices}
                rowKey={(price) => price._id}
                minWidthClass="min-w-[44rem]"
                rowActions={(price) => (
                  <PriceRowActions
                    price={price}
                    edits={edits}
                    onDelete={(button) => {
                      opener.current = button;
                      setDeleteError(undefined);
                      setDeleting(price);
                    }}
                  />
                )}
              />
            )}
            {pricePage && pricePage.totalPages > 1 ? (
              <Pager
                label="Price pages"
                page={pricePage.page}
                totalPages={pricePage.totalPages}
                hrefFor={(page) => listHref({ medication: medicationId }, page)}
              />
            ) : null}
          </section>
        </>
      ) : null}

      <ConfirmDialog
        open={deleting !== null}
        title="Delete price"
        message={
          deleting ? (
            <>
              <span className="block">{PRICE_TEXT.deleteQuestion}</span>
              <span className="mt-2 block">
                {deleting.pharmacy.name} · {deleting.dosage} · {formatPounds(deleting.price)}
              </span>
            </>
          ) : null
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleteFetcher.state !== "idle"}
        error={deleteError}
        onConfirm={() => {
          if (deleting) void deleteFetcher.submit({ intent: "delete", id: deleting._id }, { method: "post" });
        }}
        onCancel={() => setDeleting(null)}
        returnFocusRef={opener}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
