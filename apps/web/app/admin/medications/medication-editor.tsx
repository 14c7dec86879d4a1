import {
  type AdminCategory,
  type AdminMedication,
  type AdminPrice,
  catalogueMessages,
} from "@pharmacompare/contract";
import { type FormEvent, useCallback, useEffect, useId, useMemo, useRef, useState } from "react";
import { Link, useFetcher, useNavigate } from "react-router";
import { adminScreens } from "../kit/admin-screens.ts";
import { FieldNotes, FormActions, Notice, PageHeader } from "../kit/admin-ui.tsx";
import { UnmarkedFields } from "../kit/form/catalogue-controls.tsx";
import { useFetcherAnswer } from "../kit/form/fetcher-answer.ts";
import { fieldMessage } from "../kit/form/field-messages.ts";
import { useToast } from "../kit/toast/toast.tsx";
import type { ActionResult, FormRequest } from "./form-request.ts";
import { MedicationDetails } from "./medication-details.tsx";
import { DosagesPanel } from "./medication-dosages.tsx";
import {
  gridColumns,
  type MedicationDraft,
  type MedicationField,
  medicationBody,
  medicationDraft,
  missingRequired,
  type PlacedRefusal,
  placeRefusal,
  type SentCell,
  withCategory,
} from "./medication-draft.ts";
import { MedicationNhsRoute } from "./medication-nhs-route.tsx";
import { type GridPharmacy, PriceGrid } from "./price-grid.tsx";

/**
 * The Medication form's editor (back-office §2 Medication form): details, the dosages list and
 * the pharmacy price grid, saved in one call; a new subcategory can be made by name.
 */

/** Back-office §2, §5 and §8's texts for this screen. */
export const TEXT = {
  created: "Medication created successfully!",
  updated: "Medication updated successfully!",
  createFailed: "Failed to create medication",
  updateFailed: "Failed to update medication",
  loadFailed: "Failed to load medication data",
  dataFailed: "Failed to load data",
  subcategoryFailed: "Failed to create subcategory",
} as const;

/** Back-office §9: the list is shown again 2 seconds after a save. */
const RETURN_DELAY_MS = 2000;

export const LIST_PATH = adminScreens.medications.path;

export type FormLoad =
  | { error: string }
  | {
      error: null;
      /** Null on the add form. */
      medication: AdminMedication | null;
      prices: AdminPrice[];
      /** The grid's rows: every pharmacy, active or not, by name. */
      pharmacies: GridPharmacy[];
      categories: AdminCategory[];
    };

export function BackLink() {
  return (
    <p className="mb-3 text-sm">
      <Link to={LIST_PATH} className="font-medium text-brand-800 underline-offset-2 hover:underline">
        <span aria-hidden="true">← </span>Medications
      </Link>
    </p>
  );
}

const NO_REFUSAL: PlacedRefusal = { fields: {}, cells: {}, links: {} };

export function MedicationEditor({
  title,
  data,
}: {
  title: string;
  data: Exclude<FormLoad, { error: string }>;
}) {
  const editing = data.medication;
  const navigate = useNavigate();
  const toast = useToast();
  const [draft, setDraft] = useState<MedicationDraft>(() =>
    medicationDraft(editing ? { medication: editing, prices: data.prices } : undefined),
  );
  const [categories, setCategories] = useState(data.categories);
  const [refusal, setRefusal] = useState<{ error: string; placed: PlacedRefusal } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const sentRef = useRef<SentCell[]>([]);
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const pricesHeadingId = useId();

  const saveFetcher = useFetcher<ActionResult>();
  const saving = saveFetcher.state !== "idle";
  const placed = refusal?.placed ?? NO_REFUSAL;
  const fields = placed.fields;

  const columns = useMemo(() => gridColumns(draft.dosages), [draft.dosages]);

  useFetcherAnswer(saveFetcher, (answer) => {
    if (answer.intent !== "save") return;
    if (answer.ok) {
      setRefusal(null);
      setSaved(answer.text);
    } else {
      setRefusal({ error: answer.error, placed: placeRefusal(answer.fields, sentRef.current) });
    }
  });

  // After a save: the notice, then the list 2 seconds later (back-office §4).
  useEffect(() => {
    if (!saved) return;
    noticeRef.current?.focus();
    const timer = setTimeout(() => void navigate(LIST_PATH), RETURN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [saved, navigate]);

  // A refusal puts focus on the first field it marks, else on its notice.
  useEffect(() => {
    if (!refusal) return;
    const marked = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]:not(:disabled)');
    (marked ?? noticeRef.current)?.focus();
  }, [refusal]);

  /** Editing a field takes its refusal message away (the notice stays until the next save). */
  const clearField = useCallback((field: MedicationField) => {
    setRefusal((current) => {
      if (!current?.placed.fields[field]) return current;
      const { [field]: _gone, ...rest } = current.placed.fields;
      return { ...current, placed: { ...current.placed, fields: rest } };
    });
  }, []);

  function set<K extends keyof MedicationDraft & MedicationField>(field: K, value: MedicationDraft[K]) {
    setDraft((current) => ({ ...current, [field]: value }));
    clearField(field);
  }

  const onCell = useCallback((pharmacyId: string, columnKey: string, value: string) => {
    setDraft((current) => ({
      ...current,
      cells: { ...current.cells, [pharmacyId]: { ...current.cells[pharmacyId], [columnKey]: value } },
    }));
    setRefusal((current) => {
      if (!current?.placed.cells[pharmacyId]?.[columnKey]) return current;
      const { [columnKey]: _gone, ...rest } = current.placed.cells[pharmacyId];
      return {
        ...current,
        placed: { ...current.placed, cells: { ...current.placed.cells, [pharmacyId]: rest } },
      };
    });
  }, []);
  const onLink = useCallback((pharmacyId: string, value: string) => {
    setDraft((current) => ({ ...current, links: { ...current.links, [pharmacyId]: value } }));
    setRefusal((current) => {
      if (!current?.placed.links[pharmacyId]) return current;
      const { [pharmacyId]: _gone, ...rest } = current.placed.links;
      return { ...current, placed: { ...current.placed, links: rest } };
    });
  }, []);

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving || saved) return;
    const missing = missingRequired(draft);
    if (Object.keys(missing).length > 0) {
      setRefusal({ error: catalogueMessages.requiredFields, placed: { ...NO_REFUSAL, fields: missing } });
      return;
    }
    const { body, sent } = medicationBody(
      draft,
      data.pharmacies.map((pharmacy) => pharmacy.id),
    );
    sentRef.current = sent;
    setRefusal(null);
    const request: FormRequest = { intent: "save", body };
    void saveFetcher.submit(request, { method: "post", encType: "application/json" });
  }

  const locked = saved !== null;

  return (
    <>
      <BackLink />
      <PageHeader
        title={title}
        description={
          editing ? (
            <>
              {editing.name} <span className="font-mono text-xs">({editing.id})</span>
            </>
          ) : (
            "Name, category and subcategory are required. Prices are saved with the medication."
          )
        }
      />

      <UnmarkedFields>
        <form ref={formRef} noValidate onSubmit={save} aria-label={title} className="space-y-6">
          {refusal && !saving ? (
            <Notice tone="error" noticeRef={noticeRef}>
              {refusal.error}
            </Notice>
          ) : null}
          {saved ? (
            <Notice tone="success" noticeRef={noticeRef}>
              {saved}
            </Notice>
          ) : null}

          <MedicationDetails
            draft={draft}
            categories={categories}
            fields={fields}
            locked={locked}
            set={set}
            onCategory={(value) => {
              // Back-office §4: changing the category clears the subcategory.
              setDraft((current) => ({ ...current, category: value, subcategory: "" }));
              clearField("category");
            }}
            onSubcategoryCreated={(fresh, subcategory) => {
              setCategories((current) => withCategory(current, fresh));
              set("subcategory", subcategory.id);
              toast.show(`Subcategory “${subcategory.name}” added`);
            }}
          />

          <MedicationNhsRoute draft={draft} fields={fields} locked={locked} set={set} />

          <DosagesPanel
            rows={draft.dosages}
            error={fieldMessage("Dosages", fields.dosage)}
            disabled={locked}
            onRows={(update, edited) => {
              setDraft((current) => ({ ...current, dosages: update(current.dosages) }));
              if (edited) clearField("dosage");
            }}
          />

          <section
            aria-labelledby={pricesHeadingId}
            className="min-w-0 rounded-lg bg-white shadow-sm ring-1 ring-slate-200"
          >
            <div className="border-slate-200 border-b px-4 py-3 sm:px-5">
              <h2 id={pricesHeadingId} className="font-semibold text-base text-slate-900">
                Pharmacy prices
              </h2>
              <p className="mt-1 text-slate-600 text-sm">
                A price in pounds for each dosage a pharmacy sells; blank or 0 means it does not. Prices are 1
                pack and in stock. A row's link goes with its first priced dosage.
              </p>
            </div>
            <div className="px-4 py-4 sm:px-5 sm:py-5">
              <PriceGrid
                pharmacies={data.pharmacies}
                columns={columns}
                cells={draft.cells}
                links={draft.links}
                cellErrors={placed.cells}
                linkErrors={placed.links}
                disabled={locked}
                onCell={onCell}
                onLink={onLink}
              />
              <FieldNotes id="medication-prices" error={fieldMessage("Prices", fields.prices)} />
            </div>
          </section>

          {/* After a save the form is locked: Save does nothing while the list is about to show again. */}
          <FormActions
            cancel={{ to: LIST_PATH }}
            saving={saving}
            blocked={saving || locked}
            saveLabel={editing ? "Save Changes" : "Create Medication"}
          />
        </form>
      </UnmarkedFields>
    </>
  );
}
