import {
  type AdminCategory,
  type AdminMedication,
  type AdminPharmacy,
  type AdminPrice,
  adminEndpoints,
  CATALOGUE_LIMITS,
  formatPounds,
  isWebAddress,
  type PriceSheetApplyChoices,
} from "@pharmacompare/contract";
import { useEffect, useId, useRef, useState } from "react";
import { type FetcherWithComponents, Form, useFetcher, useLocation } from "react-router";
import { adminMeta, failureText } from "../../components/admin/admin-route.ts";
import {
  AdminPageError,
  buttonClass,
  inputClass,
  Notice,
  PageHeader,
} from "../../components/admin/admin-ui.tsx";
import {
  Badge,
  CheckboxField,
  InputField,
  RequiredMark,
  SelectField,
  useFetcherAnswer,
} from "../../components/admin/catalogue-controls.tsx";
import { ConfirmDialog } from "../../components/admin/confirm-dialog.tsx";
import { type DataColumn, DataTable } from "../../components/admin/data-table.tsx";
import { EmptyState } from "../../components/admin/empty-state.tsx";
import { useListLoading } from "../../components/admin/list-navigation.ts";
import { fieldMessage } from "../../components/admin/message-dialog.tsx";
import {
  canSavePrice,
  medicationOptionLabel,
  PRICE_FIELDS,
  type PriceField,
  priceFieldErrors,
  priceInput,
  priceUpdate,
} from "../../components/admin/price-input.ts";
import { PriceSheetPanel, type PriceSheetResult } from "../../components/admin/price-sheet-panel.tsx";
import { useToast } from "../../components/admin/toast.tsx";
import { Icon } from "../../components/ui/icons.tsx";
import { adminSession } from "../../lib/admin-session.ts";
import { ApiError } from "../../lib/api-client.ts";
import type { Route } from "./+types/prices";

/** Back-office §2 and §8's texts for this screen. */
const TEXT = {
  empty: "No prices found for this medication",
  deleteQuestion: "Are you sure you want to delete this price entry?",
  addFailed: "Failed to add price",
  updateFailed: "Failed to update price",
  deleteFailed: "Failed to delete price",
  dosageExample: "e.g. 30 gram, 100mg",
  sheetFailed: {
    "sheet-preview": "Failed to read the price file",
    "sheet-apply": "Failed to apply the prices; nothing was changed",
    "sheet-discard": "Failed to discard the upload",
    "sheet-export": "Failed to export prices",
  },
} as const;

type ActionResult =
  | { intent: "add"; ok: true; text: string }
  | { intent: "add"; ok: false; error: string; fields: Partial<Record<PriceField, string>> }
  | { intent: "update"; ok: true; id: string; text: string }
  | { intent: "update"; ok: false; id: string; error: string; priceError?: string }
  | { intent: "delete"; ok: true; text: string }
  | { intent: "delete"; ok: false; error: string };

export function meta() {
  return adminMeta("Price Management");
}

/** A loader call's answer, or null when it failed. */
function settled<T>(outcome: PromiseSettledResult<T>): T | null {
  return outcome.status === "fulfilled" ? outcome.value : null;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  // The chosen medication lives in the address, so a reload, a link and Back keep it.
  const medicationId = new URL(request.url).searchParams.get("medication")?.trim() ?? "";
  const api = adminSession().api(request);
  const outcomes = await Promise.allSettled([
    api.call(adminEndpoints.listAdminMedications, { query: { limit: CATALOGUE_LIMITS.medicationListMax } }),
    api.call(adminEndpoints.listAdminPharmacies),
    api.call(adminEndpoints.listAdminCategories),
    medicationId
      ? api.call(adminEndpoints.listAdminPricesForMedication, { params: { id: medicationId } })
      : Promise.resolve(null),
  ]);
  const [medications, pharmacies, categories, prices] = [
    settled(outcomes[0]),
    settled(outcomes[1]),
    settled(outcomes[2]),
    settled(outcomes[3]),
  ];
  const failed = outcomes.slice(0, 3).find((outcome) => outcome.status === "rejected");
  return {
    medicationId,
    medications: medications?.medications ?? null,
    pharmacies: pharmacies?.pharmacies ?? [],
    categories: categories?.categories ?? [],
    prices: prices?.prices ?? null,
    listError:
      failed?.status === "rejected" ? failureText(failed.reason, "Failed to load the catalogue") : null,
    pricesError:
      outcomes[3].status === "rejected" ? failureText(outcomes[3].reason, "Failed to load prices") : null,
  };
}

export async function clientAction({
  request,
}: Route.ClientActionArgs): Promise<ActionResult | PriceSheetResult> {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const api = adminSession().api(request);

  if (intent.startsWith("sheet-")) return priceSheetAction(api, intent, form);

  if (intent === "update") {
    try {
      await api.call(adminEndpoints.updatePrice, { params: { id }, body: priceUpdate(form) });
      return { intent, ok: true, id, text: "Price updated" };
    } catch (error) {
      const priceError = error instanceof ApiError ? error.fields.price : undefined;
      return {
        intent,
        ok: false,
        id,
        error: failureText(error, TEXT.updateFailed),
        ...(priceError ? { priceError } : {}),
      };
    }
  }

  if (intent === "delete") {
    try {
      await api.call(adminEndpoints.deletePrice, { params: { id } });
      return { intent, ok: true, text: "Price deleted" };
    } catch {
      return { intent, ok: false, error: TEXT.deleteFailed };
    }
  }

  try {
    await api.call(adminEndpoints.createPrice, {
      body: priceInput(form, String(form.get("medicationId") ?? "")),
    });
    return { intent: "add", ok: true, text: "Price added" };
  } catch (error) {
    return {
      intent: "add",
      ok: false,
      error: failureText(error, TEXT.addFailed),
      fields: error instanceof ApiError ? priceFieldErrors(error.fields) : {},
    };
  }
}

/** Bulk prices (the PriceSheetPanel): preview, apply, discard and export through the API. */
async function priceSheetAction(
  api: ReturnType<ReturnType<typeof adminSession>["api"]>,
  intent: string,
  form: FormData,
): Promise<PriceSheetResult> {
  // A large file takes a while to read and to apply: wait longer than for a single price.
  const slow = { timeoutMs: 120_000 };
  try {
    if (intent === "sheet-preview") {
      const body = {
        fileName: String(form.get("fileName") ?? ""),
        content: String(form.get("content") ?? ""),
      };
      return { intent, ok: true, preview: await api.call(adminEndpoints.previewPriceSheet, { body }, slow) };
    }
    if (intent === "sheet-apply") {
      // The panel's choices of what to create; anything unreadable is sent as "create nothing".
      let body: PriceSheetApplyChoices = {};
      try {
        body = JSON.parse(String(form.get("choices") ?? "{}")) as PriceSheetApplyChoices;
      } catch {}
      return { intent, ok: true, applied: await api.call(adminEndpoints.applyPriceSheet, { body }, slow) };
    }
    if (intent === "sheet-discard") {
      await api.call(adminEndpoints.discardPriceSheet);
      return { intent, ok: true };
    }
    const medicationId = String(form.get("medicationId") ?? "");
    const file = await api.call(
      adminEndpoints.exportPriceSheet,
      { query: medicationId ? { medicationId } : {} },
      slow,
    );
    return { intent: "sheet-export", ok: true, ...file };
  } catch (error) {
    const known = ["sheet-preview", "sheet-apply", "sheet-discard"] as const;
    const which = known.find((entry) => entry === intent) ?? "sheet-export";
    return {
      intent: which,
      ok: false,
      error: failureText(error, TEXT.sheetFailed[which]),
      fields: error instanceof ApiError ? error.fields : {},
    };
  }
}

/**
 * Focuses the first of the matching elements that is displayed: lists render as a table and as
 * phone cards, and only one of the two is shown.
 */
function focusShown(selector: string) {
  const target = [...document.querySelectorAll<HTMLElement>(selector)].find(
    (element) => element.offsetParent !== null,
  );
  target?.focus();
}

export default function PriceManagement({ loaderData }: Route.ComponentProps) {
  const { medicationId, medications, pharmacies, categories, prices, listError, pricesError } = loaderData;
  const location = useLocation();
  const loading = useListLoading();
  const toast = useToast();
  const medication = medications?.find((entry) => entry.id === medicationId) ?? null;

  const addFetcher = useFetcher<ActionResult>({ key: "price-add" });
  const updateFetcher = useFetcher<ActionResult>({ key: "price-update" });
  const deleteFetcher = useFetcher<ActionResult>({ key: "price-delete" });

  const [adding, setAdding] = useState(false);
  const [addOpenings, setAddOpenings] = useState(0);
  const [addRefusal, setAddRefusal] = useState<Extract<ActionResult, { intent: "add"; ok: false }> | null>(
    null,
  );
  const addButtonRef = useRef<HTMLButtonElement>(null);

  // The row being edited inline, with what its fields hold now.
  const [editing, setEditing] = useState<{ id: string; price: string; inStock: boolean } | null>(null);
  const [editError, setEditError] = useState<{ error: string; priceError?: string } | null>(null);

  const [deleting, setDeleting] = useState<AdminPrice | null>(null);
  const [deleteError, setDeleteError] = useState<string | undefined>(undefined);
  const opener = useRef<HTMLElement | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Another medication: whatever was open belongs to the last one.
  const [shownMedication, setShownMedication] = useState(medicationId);
  if (shownMedication !== medicationId) {
    setShownMedication(medicationId);
    setAdding(false);
    setEditing(null);
    setEditError(null);
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
  useFetcherAnswer(updateFetcher, (data) => {
    if (data.intent !== "update") return;
    if (data.ok) {
      setEditing(null);
      setEditError(null);
      toast.show(data.text);
      requestAnimationFrame(() => focusShown(`[data-edit-price="${data.id}"]`));
    } else {
      setEditError({ error: data.error, ...(data.priceError ? { priceError: data.priceError } : {}) });
      focusShown(`[data-price-input="${data.id}"]`);
    }
  });
  useFetcherAnswer(deleteFetcher, (data) => {
    if (data.intent !== "delete") return;
    if (data.ok) {
      opener.current = headingRef.current;
      setDeleting(null);
      setDeleteError(undefined);
      toast.show(data.text);
    } else {
      setDeleteError(data.error);
    }
  });

  const editingId = editing?.id;
  useEffect(() => {
    if (editingId) focusShown(`[data-price-input="${editingId}"]`);
  }, [editingId]);

  function startEdit(price: AdminPrice) {
    setEditError(null);
    setEditing({ id: price._id, price: price.price.toFixed(2), inStock: price.inStock });
  }

  function cancelEdit() {
    const id = editing?.id;
    setEditing(null);
    setEditError(null);
    if (id) requestAnimationFrame(() => focusShown(`[data-edit-price="${id}"]`));
  }

  function saveEdit() {
    if (!editing || updateFetcher.state !== "idle") return;
    const body: Record<string, string> = { intent: "update", id: editing.id, price: editing.price };
    if (editing.inStock) body.inStock = "on";
    void updateFetcher.submit(body, { method: "post" });
  }

  const savingEdit = updateFetcher.state !== "idle";

  const columns: DataColumn<AdminPrice>[] = [
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

  const rowName = (price: AdminPrice) => (
    <span className="sr-only">
      {" "}
      {price.pharmacy.name} {price.dosage}
    </span>
  );

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
                  {prices.length === 1 ? "1 entry" : `${prices.length} entries`}
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
              <EmptyState>{TEXT.empty}</EmptyState>
            ) : (
              <DataTable
                label={`Prices of ${medication.name}`}
                caption={`Prices of ${medication.name}, by pharmacy and dosage`}
                columns={columns}
                rows={prices}
                rowKey={(price) => price._id}
                minWidthClass="min-w-[44rem]"
                rowActions={(price) =>
                  editing?.id === price._id ? (
                    <>
                      <button
                        type="button"
                        className={buttonClass.primary}
                        aria-disabled={savingEdit || undefined}
                        onClick={saveEdit}
                      >
                        {savingEdit ? "Saving..." : "Save"}
                        {rowName(price)}
                      </button>
                      <button type="button" className={buttonClass.secondary} onClick={cancelEdit}>
                        Cancel{rowName(price)}
                      </button>
                    </>
                  ) : (
                    <>
                      <button
                        type="button"
                        data-edit-price={price._id}
                        className={buttonClass.secondary}
                        onClick={() => startEdit(price)}
                      >
                        Edit{rowName(price)}
                      </button>
                      <button
                        type="button"
                        className={`${buttonClass.secondary} text-red-700`}
                        onClick={(event) => {
                          opener.current = event.currentTarget;
                          setDeleteError(undefined);
                          setDeleting(price);
                        }}
                      >
                        Delete{rowName(price)}
                      </button>
                    </>
                  )
                }
              />
            )}
          </section>
        </>
      ) : null}

      <ConfirmDialog
        open={deleting !== null}
        title="Delete price"
        message={
          deleting ? (
            <>
              <span className="block">{TEXT.deleteQuestion}</span>
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

/** The chosen medication's place in the tree and its dosages. */
function MedicationSummary({
  medication,
  categories,
}: {
  medication: AdminMedication;
  categories: readonly AdminCategory[];
}) {
  const category = categories.find((entry) => entry.id === medication.category);
  const subcategory = category?.subcategories.find((entry) => entry.id === medication.subcategory);
  return (
    <section
      aria-labelledby="medication-heading"
      className="mt-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="medication-heading" className="font-semibold text-base text-slate-900">
          {medicationOptionLabel(medication)}
        </h2>
        {medication.active ? null : <Badge tone="slate">Inactive: hidden from visitors</Badge>}
      </div>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-[1fr_1fr_2fr]">
        <div>
          <dt className="text-slate-600">Category</dt>
          <dd className="mt-0.5 font-medium text-slate-900">{category?.name ?? medication.category}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Subcategory</dt>
          <dd className="mt-0.5 font-medium text-slate-900">{subcategory?.name ?? medication.subcategory}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Available dosages</dt>
          <dd className="mt-1">
            {medication.dosage.length > 0 ? (
              <ul className="flex flex-wrap gap-1.5" aria-label="Available dosages">
                {medication.dosage.map((dosage) => (
                  <li
                    key={dosage}
                    className="rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-900 text-xs ring-1 ring-brand-200 ring-inset"
                  >
                    {dosage}
                  </li>
                ))}
              </ul>
            ) : (
              <span className="text-slate-700">None yet: add dosages on the medication's form first.</span>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** The price being edited in its row: Enter saves, Escape cancels. */
function InlinePriceInput({
  price,
  value,
  error,
  onChange,
  onSave,
  onCancel,
}: {
  price: AdminPrice;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  onSave: () => void;
  onCancel: () => void;
}) {
  const id = useId();
  return (
    <div className="min-w-[8rem]">
      <label htmlFor={id} className="sr-only">
        Price in pounds for {price.pharmacy.name} {price.dosage}
      </label>
      <div className="relative">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-600 text-sm"
        >
          £
        </span>
        <input
          id={id}
          data-price-input={price._id}
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              onSave();
            } else if (event.key === "Escape") {
              event.preventDefault();
              onCancel();
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`w-28 pl-7 ${inputClass}`}
        />
      </div>
      {error ? (
        <p
          id={`${id}-error`}
          role="alert"
          className="mt-1 whitespace-normal font-medium text-red-700 text-xs"
        >
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * "+ Add Price" (back-office §2): pharmacy, dosage, price and link, with the pack quantity and the
 * stock the API also takes. "Save Price" stays disabled until a pharmacy, a dosage and a price are set.
 */
function AddPriceForm({
  medication,
  pharmacies,
  fetcher,
  refusal,
  onCancel,
}: {
  medication: AdminMedication;
  pharmacies: readonly AdminPharmacy[];
  fetcher: FetcherWithComponents<ActionResult>;
  refusal: Extract<ActionResult, { intent: "add"; ok: false }> | null;
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
          label="Pharmacy"
          name="pharmacyId"
          required
          value={values.pharmacyId}
          onChange={(event) => setValues({ ...values, pharmacyId: event.target.value })}
          error={fieldMessage("Pharmacy", fields.pharmacyId)}
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
          label="Dosage"
          name="dosage"
          required
          autoComplete="off"
          list={dosagesId}
          placeholder={TEXT.dosageExample}
          value={values.dosage}
          onChange={(event) => setValues({ ...values, dosage: event.target.value })}
          hint={
            medication.dosage.length > 0
              ? `One of this medication's dosages: ${medication.dosage.join(", ")}.`
              : "This medication lists no dosages yet."
          }
          error={fieldMessage("Dosage", fields.dosage)}
        />
        <datalist id={dosagesId}>
          {medication.dosage.map((dosage) => (
            <option key={dosage} value={dosage} />
          ))}
        </datalist>
        <InputField
          label="Price"
          name="price"
          required
          type="number"
          inputMode="decimal"
          min={0.01}
          step={0.01}
          prefix="£"
          value={values.price}
          onChange={(event) => setValues({ ...values, price: event.target.value })}
          hint="In pounds, e.g. 12.99."
          error={fieldMessage("Price", fields.price)}
        />
        <InputField
          label="Link"
          name="link"
          type="url"
          placeholder="https://"
          hint="Optional: the product's page at the pharmacy."
          error={fieldMessage("Link", fields.link)}
        />
        <InputField
          label="Quantity"
          name="quantity"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          defaultValue="1"
          hint="Packs this price buys."
          error={fieldMessage("Quantity", fields.quantity)}
        />
        <div className="sm:pt-6">
          <CheckboxField
            label="In stock"
            name="inStock"
            defaultChecked
            error={fieldMessage("In stock", fields.inStock)}
          />
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
