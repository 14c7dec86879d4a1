import {
  type ComparisonSort,
  type ComparisonView,
  DEFAULT_COMPARISON_VIEW,
  type Medication,
} from "@pharmacompare/contract";
import type { ReactNode } from "react";
import { useLocation, useNavigate, useNavigation } from "react-router";
import { useHydrated } from "../../components/condition/use-hydrated.ts";
import { ChevronDownIcon } from "../../components/ui/icons.tsx";
import { comparisonSearch, selectDosage, selectMedication } from "./selection.ts";

type PickerMedication = Pick<Medication, "id" | "name" | "dosage">;

interface ComparisonPickerProps {
  medications: readonly PickerMedication[];
  medication: PickerMedication;
  dosage: string | undefined;
  /** The table's order, kept when the medication or dosage changes. */
  sort: ComparisonSort;
  /** The comparison's view (decision 057), kept likewise. */
  view?: ComparisonView;
}

/**
 * The medication and dosage pickers. The choice lives in the URL: with JavaScript a change
 * navigates at once (replacing the history entry, so Back leaves the page rather than replaying
 * every dosage tried); without it, or before React has hydrated, the pickers are a GET form with a
 * submit button. The button stays once hydrated: it shows the comparison the pickers name without
 * reloading the page, and nothing moves or leaves a gap when React takes over (no layout shift).
 * `data-hydrated` marks the moment the pickers navigate by themselves (the browser journeys wait
 * for it).
 */
export function ComparisonPicker({
  medications,
  medication,
  dosage,
  sort,
  view = DEFAULT_COMPARISON_VIEW,
}: ComparisonPickerProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const location = useLocation();
  const hydrated = useHydrated();

  // While a new choice loads, the pickers already show it rather than snapping back.
  const pending =
    navigation.state === "loading" && navigation.location.pathname === location.pathname
      ? new URLSearchParams(navigation.location.search)
      : undefined;
  const shownMedication = (pending && selectMedication(medications, pending.get("medication"))) || medication;
  const shownDosage = pending ? selectDosage(shownMedication, pending.get("dosage")) : dosage;

  const go = (search: string) => navigate({ search }, { replace: true, preventScrollReset: true });

  return (
    <form
      method="get"
      action={location.pathname}
      data-hydrated={hydrated ? "" : undefined}
      onSubmit={(event) => {
        event.preventDefault();
        go(comparisonSearch(shownMedication, shownDosage, sort, view));
      }}
      // The button's column has its own width, so the pickers keep theirs while a slow phone has
      // read them but not yet the button (no layout shift).
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_11rem]"
    >
      <div>
        <label htmlFor="medication-select" className="block font-semibold text-slate-900 text-sm">
          Medication
        </label>
        <SelectFrame>
          <select
            id="medication-select"
            name="medication"
            value={shownMedication.name}
            onChange={(event) => {
              const next = medications.find((entry) => entry.name === event.target.value);
              if (next) go(comparisonSearch(next, undefined, sort, view));
            }}
            className={selectClass}
          >
            {medications.map((entry) => (
              <option key={entry.id} value={entry.name}>
                {entry.name}
              </option>
            ))}
          </select>
        </SelectFrame>
      </div>
      <div>
        <label htmlFor="dosage-select" className="block font-semibold text-slate-900 text-sm">
          Dosage
        </label>
        <SelectFrame>
          <select
            id="dosage-select"
            name="dosage"
            value={shownDosage ?? ""}
            disabled={shownMedication.dosage.length === 0}
            onChange={(event) => go(comparisonSearch(shownMedication, event.target.value, sort, view))}
            className={selectClass}
          >
            {shownMedication.dosage.length === 0 ? <option value="">No dosages listed</option> : null}
            {shownMedication.dosage.map((entry) => (
              <option key={entry} value={entry}>
                {entry}
              </option>
            ))}
          </select>
        </SelectFrame>
      </div>
      {sort !== "price" ? <input type="hidden" name="sort" value={sort} /> : null}
      {view !== DEFAULT_COMPARISON_VIEW ? <input type="hidden" name="view" value={view} /> : null}
      <div className="flex items-end">
        <button
          type="submit"
          className="w-full rounded-lg bg-brand-700 px-5 py-3 font-semibold text-sm text-white shadow-sm hover:bg-brand-800"
        >
          Compare prices
        </button>
      </div>
    </form>
  );
}

const selectClass =
  "w-full appearance-none rounded-lg border border-slate-300 bg-white py-3 pr-10 pl-3.5 text-base text-slate-900 shadow-sm hover:border-slate-400 disabled:bg-slate-100 disabled:text-slate-600";

function SelectFrame({ children }: { children: ReactNode }) {
  return (
    <div className="relative mt-1.5">
      {children}
      <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-5 -translate-y-1/2 text-slate-600" />
    </div>
  );
}
