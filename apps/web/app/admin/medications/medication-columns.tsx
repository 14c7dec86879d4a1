import type { AdminMedication } from "@pharmacompare/contract";
import { Link } from "react-router";
import { buttonClass } from "../kit/admin-ui.tsx";
import { LegalCategoryBadge } from "../kit/form/legal-category.tsx";
import type { DataColumn } from "../kit/list/data-table.tsx";
import { type CatalogueNames, dosageSummary, editMedicationPath } from "./medication-list.ts";

/**
 * The Medication list's columns (back-office §2): name and id, category and subcategory, form,
 * legal category, dosages (the first 3, then "+N more"), the active switch; Edit and Delete.
 */
export function medicationColumns({
  names,
  busyToggleId,
  onToggle,
}: {
  names: CatalogueNames;
  busyToggleId: string;
  onToggle: (medication: AdminMedication) => void;
}): DataColumn<AdminMedication>[] {
  return [
    {
      header: "Medication",
      rowHeader: true,
      className: "min-w-[10rem] [overflow-wrap:anywhere]",
      cell: (medication) => <NameCell name={medication.name} id={medication.id} />,
    },
    {
      header: "Category",
      className: "min-w-[9rem]",
      cell: (medication) => (
        <CategoryCell
          category={names.category(medication.category)}
          subcategory={names.subcategory(medication.subcategory)}
        />
      ),
    },
    {
      header: "Form",
      className: "text-slate-700",
      cell: (medication) => (medication.form === "other" ? "Other" : medication.form),
    },
    {
      header: "Legal category",
      cell: (medication) => <LegalCategoryBadge legalCategory={medication.legalCategory} />,
    },
    {
      header: "Dosages",
      cell: (medication) => <DosageChips dosages={medication.dosage} />,
    },
    {
      header: "Active",
      cell: (medication) => (
        <ActiveSwitch medication={medication} busy={busyToggleId === medication.id} onToggle={onToggle} />
      ),
    },
  ];
}

function NameCell({ name, id }: { name: string; id: string }) {
  return (
    <>
      <span className="block font-medium text-slate-900">{name}</span>
      <span className="block font-mono text-slate-600 text-xs">{id}</span>
    </>
  );
}

function CategoryCell({ category, subcategory }: { category: string; subcategory: string }) {
  return (
    <>
      <span className="block text-slate-900">{category}</span>
      <span className="block text-slate-600 text-xs">{subcategory}</span>
    </>
  );
}

function DosageChips({ dosages }: { dosages: readonly string[] }) {
  const { shown, more } = dosageSummary(dosages);
  if (dosages.length === 0) return <span className="text-slate-600">None</span>;
  return (
    <ul className="flex flex-wrap gap-1">
      {shown.map((dosage) => (
        <li
          key={dosage}
          className="whitespace-nowrap rounded bg-slate-100 px-1.5 py-0.5 text-slate-800 text-xs"
        >
          {dosage}
        </li>
      ))}
      {more > 0 ? (
        <li
          className="whitespace-nowrap px-1 py-0.5 text-slate-600 text-xs"
          title={dosages.slice(3).join(", ")}
        >
          +{more} more
        </li>
      ) : null}
    </ul>
  );
}

/** The list's switch: sends the opposite value (back-office §4), then the list reloads. */
function ActiveSwitch({
  medication,
  busy,
  onToggle,
}: {
  medication: AdminMedication;
  busy: boolean;
  onToggle: (medication: AdminMedication) => void;
}) {
  const { active } = medication;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={active}
      aria-disabled={busy}
      onClick={() => {
        if (!busy) onToggle(medication);
      }}
      className="inline-flex items-center gap-2 rounded-md py-1 pr-1 text-sm aria-disabled:cursor-wait"
    >
      <span
        aria-hidden="true"
        className={`relative inline-flex h-5 w-9 shrink-0 rounded-full transition-colors ${active ? "bg-brand-700" : "bg-slate-400"}`}
      >
        <span
          className={`absolute top-0.5 size-4 rounded-full bg-white shadow transition-transform ${active ? "translate-x-4.5" : "translate-x-0.5"}`}
        />
      </span>
      <span className="sr-only">{medication.name}: </span>
      <span className={active ? "font-medium text-slate-900" : "text-slate-600"}>
        {active ? "Active" : "Inactive"}
      </span>
    </button>
  );
}

export function MedicationRowActions({
  medication,
  onDelete,
}: {
  medication: AdminMedication;
  onDelete: (medication: AdminMedication, button: HTMLElement) => void;
}) {
  return (
    // One line: the table's last column is as wide as both buttons.
    <div className="flex gap-2 whitespace-nowrap">
      <Link to={editMedicationPath(medication.id)} className={buttonClass.secondary}>
        Edit<span className="sr-only"> {medication.name}</span>
      </Link>
      <button
        type="button"
        className={`${buttonClass.secondary} text-red-700`}
        onClick={(event) => onDelete(medication, event.currentTarget)}
      >
        Delete<span className="sr-only"> {medication.name}</span>
      </button>
    </div>
  );
}
