import {
  type AdminCategory,
  type AdminMedication,
  type AdminPrice,
  DEFAULT_MEDICATION_FORM,
  formatAmount,
  MEDICATION_FORMS,
  type MedicationInput,
  type PriceGridCell,
  UNKNOWN_LEGAL_CATEGORY,
} from "@pharmacompare/contract";

/**
 * The Medication form's state and the rules that turn it into the API's body (back-office §2
 * Medication form, §3, §5): dosages with empty rows dropped, and the pharmacy price grid, of which
 * only cells above 0 are sent (1 pack, in stock: the API's defaults for a new row) with each row's
 * typed link on its first priced dosage.
 */

/** One row of the dosages list; `key` stays with the row while its text is edited. */
export interface DosageRow {
  key: string;
  value: string;
}

export interface MedicationDraft {
  name: string;
  genericName: string;
  category: string;
  subcategory: string;
  form: string;
  /** POM, P or GSL (decision 035). */
  legalCategory: string;
  description: string;
  active: boolean;
  dosages: DosageRow[];
  /** The grid's typed prices: pharmacy id → dosage row key → the field's text. */
  cells: Record<string, Record<string, string>>;
  /** The grid's typed link of each pharmacy's row. */
  links: Record<string, string>;
  /** The NHS route group (decision 056): "" (not recorded), yes, criteria or no. */
  nhsAvailability: string;
  nhsNote: string;
  nhsUrl: string;
  nhsItemCharge: boolean;
  /** "YYYY-MM-DD" or "" (not checked). */
  nhsCheckedOn: string;
}

/** The form's fields a refusal can name (the API's `fields` keys, before any dot). */
const MEDICATION_FIELDS = [
  "name",
  "genericName",
  "category",
  "subcategory",
  "form",
  "legalCategory",
  "description",
  "active",
  "dosage",
  "prices",
  "nhsAvailability",
  "nhsNote",
  "nhsUrl",
  "nhsItemCharge",
  "nhsCheckedOn",
] as const;
export type MedicationField = (typeof MEDICATION_FIELDS)[number];

/** The form choices of back-office §3, alphabetically, then "other" (said in the description). */
export const FORM_CHOICES: readonly { value: string; label: string }[] = [
  ...MEDICATION_FORMS.filter((form) => form !== "other")
    .toSorted((a, b) => a.localeCompare(b, "en-GB"))
    .map((form) => ({ value: form, label: form })),
  { value: "other", label: "Other (say what it is in the description)" },
];

/** A new medication's NHS route: not recorded, the item charge applying as it does for most. */
const NO_NHS_ROUTE = {
  nhsAvailability: "",
  nhsNote: "",
  nhsUrl: "",
  nhsItemCharge: true,
  nhsCheckedOn: "",
} as const;

let lastKey = 0;
/** A fresh dosage row. */
export function dosageRow(value = ""): DosageRow {
  lastKey += 1;
  return { key: `dosage-${lastKey}`, value };
}

/** Dosages the API counts as the same: case and runs of spaces do not matter. */
function sameDosageKey(value: string): string {
  return value.trim().toLowerCase().replace(/\s+/g, " ");
}

/** A column of the price grid: a non-empty dosage, the first row of each that is listed twice. */
export interface GridColumn {
  key: string;
  dosage: string;
}

export function gridColumns(dosages: readonly DosageRow[]): GridColumn[] {
  const seen = new Set<string>();
  const columns: GridColumn[] = [];
  for (const row of dosages) {
    const dosage = row.value.trim();
    const same = sameDosageKey(dosage);
    if (!dosage || seen.has(same)) continue;
    seen.add(same);
    columns.push({ key: row.key, dosage });
  }
  return columns;
}

/** The keys of rows repeating an earlier row's dosage (the API refuses a repeat). */
export function repeatedDosageRows(dosages: readonly DosageRow[]): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const row of dosages) {
    const same = sameDosageKey(row.value);
    if (!same) continue;
    if (seen.has(same)) repeated.add(row.key);
    else seen.add(same);
  }
  return repeated;
}

/** A new medication's form, or an existing one's with its prices in the grid. */
export function medicationDraft(existing?: {
  medication: AdminMedication;
  prices: readonly AdminPrice[];
}): MedicationDraft {
  if (!existing) {
    return {
      name: "",
      genericName: "",
      category: "",
      subcategory: "",
      form: DEFAULT_MEDICATION_FORM,
      // Unknown means prescription-only until staff say otherwise (decision 035).
      legalCategory: UNKNOWN_LEGAL_CATEGORY,
      description: "",
      active: true,
      dosages: [dosageRow()],
      cells: {},
      links: {},
      ...NO_NHS_ROUTE,
    };
  }
  const { medication, prices } = existing;
  const dosages =
    medication.dosage.length > 0 ? medication.dosage.map((value) => dosageRow(value)) : [dosageRow()];
  const columns = gridColumns(dosages);
  const columnOf = new Map(columns.map((column) => [sameDosageKey(column.dosage), column]));

  const cells: MedicationDraft["cells"] = {};
  for (const price of prices) {
    const column = columnOf.get(sameDosageKey(price.dosage));
    if (!column) continue;
    const row = cells[price.pharmacyId] ?? {};
    row[column.key] = formatAmount(price.price);
    cells[price.pharmacyId] = row;
  }
  // The link field shows the link of the row's first priced dosage: where a typed link goes.
  const links: MedicationDraft["links"] = {};
  for (const [pharmacyId, row] of Object.entries(cells)) {
    const first = columns.find((column) => row[column.key] !== undefined);
    const price = first
      ? prices.find(
          (entry) =>
            entry.pharmacyId === pharmacyId && sameDosageKey(entry.dosage) === sameDosageKey(first.dosage),
        )
      : undefined;
    links[pharmacyId] = price?.link ?? "";
  }

  return {
    name: medication.name,
    genericName: medication.genericName ?? "",
    category: medication.category,
    subcategory: medication.subcategory,
    form: medication.form,
    legalCategory: medication.legalCategory,
    description: medication.description,
    active: medication.active,
    dosages,
    cells,
    links,
    nhsAvailability: medication.nhsAvailability ?? "",
    nhsNote: medication.nhsNote,
    nhsUrl: medication.nhsUrl,
    nhsItemCharge: medication.nhsItemCharge,
    nhsCheckedOn: medication.nhsCheckedOn ?? "",
  };
}

/** A typed price the grid sends: above 0 (back-office §5); anything else is left out. */
export function cellPrice(text: string | undefined): number | null {
  const trimmed = text?.trim() ?? "";
  if (trimmed === "") return null;
  const price = Number(trimmed);
  return Number.isFinite(price) && price > 0 ? price : null;
}

/** Which grid field each sent cell came from, so a refusal of `prices.<index>` is shown beside it. */
export interface SentCell {
  pharmacyId: string;
  columnKey: string;
  /** This cell carries its row's link. */
  withLink: boolean;
}

/**
 * The body of a create or update. `prices` is the whole grid in the order of `pharmacyIds` (the
 * grid's rows): cells above 0 only; the row's typed link goes with its first such cell (an empty
 * one clears that row's link), the row's other cells keep theirs. Text is sent as typed: the API
 * trims it and says what it refuses.
 */
export function medicationBody(
  draft: MedicationDraft,
  pharmacyIds: readonly string[],
): { body: MedicationInput & { prices: PriceGridCell[] }; sent: SentCell[] } {
  const columns = gridColumns(draft.dosages);
  const prices: PriceGridCell[] = [];
  const sent: SentCell[] = [];
  for (const pharmacyId of pharmacyIds) {
    let linkPlaced = false;
    for (const column of columns) {
      const price = cellPrice(draft.cells[pharmacyId]?.[column.key]);
      if (price === null) continue;
      const cell: PriceGridCell = { pharmacyId, dosage: column.dosage, price };
      if (!linkPlaced) cell.link = (draft.links[pharmacyId] ?? "").trim();
      prices.push(cell);
      sent.push({ pharmacyId, columnKey: column.key, withLink: !linkPlaced });
      linkPlaced = true;
    }
  }
  return {
    body: {
      name: draft.name,
      genericName: draft.genericName,
      category: draft.category,
      subcategory: draft.subcategory,
      form: draft.form as MedicationInput["form"],
      legalCategory: draft.legalCategory as MedicationInput["legalCategory"],
      description: draft.description,
      active: draft.active,
      dosage: draft.dosages.map((row) => row.value.trim()).filter((value) => value !== ""),
      prices,
      nhsAvailability: (draft.nhsAvailability || null) as MedicationInput["nhsAvailability"],
      nhsNote: draft.nhsNote,
      nhsUrl: draft.nhsUrl,
      nhsItemCharge: draft.nhsItemCharge,
      nhsCheckedOn: draft.nhsCheckedOn || null,
    },
    sent,
  };
}

/** The required fields left blank (back-office §5: name, category and subcategory). */
export function missingRequired(draft: MedicationDraft): Partial<Record<MedicationField, string>> {
  const missing: Partial<Record<MedicationField, string>> = {};
  if (!draft.name.trim()) missing.name = "is required";
  if (!draft.category) missing.category = "is required";
  if (!draft.subcategory) missing.subcategory = "is required";
  return missing;
}

/** A refusal's `fields` placed on the form: its fields, the grid's cells and its rows' links. */
export interface PlacedRefusal {
  fields: Partial<Record<MedicationField, string>>;
  /** pharmacy id → column key → message. */
  cells: Record<string, Record<string, string>>;
  /** pharmacy id → message about its link. */
  links: Record<string, string>;
}

export function placeRefusal(
  fields: Readonly<Record<string, string>>,
  sent: readonly SentCell[],
): PlacedRefusal {
  const placed: PlacedRefusal = { fields: {}, cells: {}, links: {} };
  for (const [path, message] of Object.entries(fields)) {
    const [head, index, leaf] = path.split(".");
    const cell = head === "prices" && index !== undefined ? sent[Number(index)] : undefined;
    if (cell && leaf === "link") {
      placed.links[cell.pharmacyId] ??= message;
    } else if (cell) {
      const row = placed.cells[cell.pharmacyId] ?? {};
      row[cell.columnKey] ??= message;
      placed.cells[cell.pharmacyId] = row;
    } else if ((MEDICATION_FIELDS as readonly string[]).includes(head ?? "")) {
      const field = head as MedicationField;
      // "dosage.2": one of the list's rows; the list shows it.
      placed.fields[field] ??= message;
    }
  }
  return placed;
}

/** A category's subcategories, or none while no category is chosen. */
export function subcategoriesOf(categories: readonly AdminCategory[], categoryId: string) {
  return categories.find((category) => category.id === categoryId)?.subcategories ?? [];
}

/** The tree with one category replaced by the API's fresh copy (after adding a subcategory). */
export function withCategory(categories: readonly AdminCategory[], fresh: AdminCategory): AdminCategory[] {
  return categories.some((category) => category.id === fresh.id)
    ? categories.map((category) => (category.id === fresh.id ? fresh : category))
    : [...categories, fresh];
}
