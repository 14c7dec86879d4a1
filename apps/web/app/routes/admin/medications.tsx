import {
  type AdminCategory,
  type AdminMedication,
  adminEndpoints,
  CATALOGUE_LIMITS,
  formatCount,
} from "@pharmacompare/contract";
import {
  memo,
  startTransition,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import {
  Link,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useNavigate,
  useNavigation,
  useRevalidator,
} from "react-router";
import { adminMeta, failureText } from "../../components/admin/admin-route.ts";
import { adminScreens } from "../../components/admin/admin-screens.ts";
import {
  AdminPageError,
  buttonClass,
  inputClass,
  Notice,
  PageHeader,
} from "../../components/admin/admin-ui.tsx";
import { ConfirmDialog } from "../../components/admin/confirm-dialog.tsx";
import { type DataColumn, DataTable } from "../../components/admin/data-table.tsx";
import { EmptyState } from "../../components/admin/empty-state.tsx";
import { LegalCategoryBadge } from "../../components/admin/legal-category.tsx";
import { listSearch, readFilters, useListLoading } from "../../components/admin/list-navigation.ts";
import {
  type CatalogueNames,
  catalogueNames,
  categoryChoices,
  dosageSummary,
  editMedicationPath,
  filterMedications,
  pricesGoingText,
  searchable,
} from "../../components/admin/medication-list.ts";
import { type RowActionResult, useRowActions } from "../../components/admin/row-actions.ts";
import { adminSession } from "../../lib/admin-session.ts";
import type { Route } from "./+types/medications";

/** Back-office §2 and §8's texts for this screen. */
const TEXT = {
  toggleFailed: "Failed to update medication status",
  deleteFailed: "Failed to delete medication",
  deleteQuestion: "Are you sure you want to delete this medication?",
  loadFailed: "Failed to load medications",
  empty: "No medications yet.",
  noMatch: "No medications match these filters.",
} as const;

/** The address keeps the filters (a link, Back and a reload show the same list). */
const FILTER_KEYS = ["search", "category"] as const;
/** How long typing rests before the address follows the fields. */
const ADDRESS_DELAY_MS = 400;

const NEW_MEDICATION_PATH = adminScreens.newMedication.path;

interface MedicationsLoad {
  medications: AdminMedication[] | null;
  error: string | null;
  categories: AdminCategory[];
  /** Why the category names are missing (the list still shows, with ids). */
  categoriesError: string | null;
}

type ActionResult = RowActionResult;

export function meta() {
  return adminMeta("Medications");
}

/**
 * A switch or a delete owes the list a reload until one has finished. Kept here because the
 * address change that typing makes a moment later can cancel that reload, and must then not skip
 * its own (shouldRevalidate): the list would show the row as it was before the write.
 */
let reloadOwed = false;

export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<MedicationsLoad> {
  const loaded = await loadMedications(request);
  if (!request.signal.aborted) reloadOwed = false;
  return loaded;
}

async function loadMedications(request: Request): Promise<MedicationsLoad> {
  const api = adminSession().api(request);
  // Every medication, active or not (back-office §9: the 1,000 of the dropdowns); the filters work here.
  const [medications, categories] = await Promise.allSettled([
    api.call(adminEndpoints.listAdminMedications, { query: { limit: CATALOGUE_LIMITS.medicationListMax } }),
    api.call(adminEndpoints.listAdminCategories),
  ]);
  // Back-office §8 has list loads fail silently; we say so instead of showing an empty list as if true.
  return {
    medications: medications.status === "fulfilled" ? medications.value.medications : null,
    error: medications.status === "rejected" ? failureText(medications.reason, TEXT.loadFailed) : null,
    categories: categories.status === "fulfilled" ? categories.value.categories : [],
    categoriesError:
      categories.status === "rejected"
        ? `The category names could not be loaded (${failureText(categories.reason, "please reload the page")}); ids are shown instead.`
        : null,
  };
}

/**
 * Typing in the filters only rewrites the address: the list in hand already holds every
 * medication, so it is not fetched again, unless a write still owes it a reload. Anything else
 * (an action, a new visit) reloads.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (
    !reloadOwed &&
    !formMethod &&
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.search !== nextUrl.search
  ) {
    return false;
  }
  return defaultShouldRevalidate;
}

export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const api = adminSession().api(request);
  reloadOwed = true;

  if (intent === "toggle") {
    const active = form.get("active") === "true";
    try {
      // Back-office §7: the list's switch sends only `active`.
      await api.call(adminEndpoints.updateMedication, { params: { id }, body: { active } });
      return { intent, ok: true, text: active ? "Medication activated" : "Medication deactivated" };
    } catch (error) {
      return { intent, ok: false, error: failureText(error, TEXT.toggleFailed) };
    }
  }

  try {
    const removed = await api.call(adminEndpoints.deleteMedication, { params: { id } });
    const prices = removed.removedPrices;
    return {
      intent: "delete",
      ok: true,
      text: `Medication deleted${prices > 0 ? `, with ${formatCount(prices)} ${prices === 1 ? "price" : "prices"}` : ""}`,
    };
  } catch (error) {
    return { intent: "delete", ok: false, error: failureText(error, TEXT.deleteFailed) };
  }
}

/**
 * The filters as the page holds them: typed values change the list at once (deferred, so typing
 * never waits for the table), and reach the address a moment after typing stops. Back, Forward or
 * a link to other filters refill the fields.
 */
function useListFilters() {
  const location = useLocation();
  const navigate = useNavigate();
  const fromAddress = () => readFilters(new URLSearchParams(location.search), FILTER_KEYS);
  const [filters, setFilters] = useState(fromAddress);
  const written = useRef(location.search);

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of address refills the fields.
  useEffect(() => {
    if (location.search === written.current) return;
    written.current = location.search;
    setFilters(fromAddress());
  }, [location.search]);

  // Not while another navigation is under way (say, to a row's Edit): writing the address would cancel it.
  const navigating = useNavigation().state !== "idle";
  useEffect(() => {
    const next = listSearch({ search: filters.search.trim(), category: filters.category });
    if (next === written.current || navigating) return;
    const timer = setTimeout(() => {
      written.current = next;
      void navigate({ search: next }, { replace: true, preventScrollReset: true });
    }, ADDRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [filters, navigate, navigating]);

  return [filters, setFilters] as const;
}

export default function Medications({ loaderData }: Route.ComponentProps) {
  const { medications, error, categories, categoriesError } = loaderData;
  const loading = useListLoading();
  const revalidator = useRevalidator();
  const [filters, setFilters] = useListFilters();
  const search = useDeferredValue(filters.search);
  const category = useDeferredValue(filters.category);

  const rows = useMemo(() => searchable(medications ?? []), [medications]);
  const choices = useMemo(() => categoryChoices(categories, medications ?? []), [categories, medications]);
  const names = useMemo(() => catalogueNames(categories), [categories]);
  // A category in the address that no medication or category has (an old link) filters nothing.
  const categoryFilter = choices.some((choice) => choice.value === category) ? category : "";
  const shown = useSameRows(
    useMemo(
      () => filterMedications(rows, { search, category: categoryFilter }),
      [rows, search, categoryFilter],
    ),
  );

  const {
    toggleFetcher,
    deleteFetcher,
    deleting,
    setDeleting,
    deleteError,
    setDeleteError,
    toggleError,
    setToggleError,
    opener,
    headingRef,
    toggleErrorRef,
    busyToggleId,
  } = useRowActions<AdminMedication>({ toggle: "medication-toggle", delete: "medication-delete" });

  const submitToggle = toggleFetcher.submit;
  const onToggle = useCallback(
    (medication: AdminMedication) => {
      setToggleError(null);
      void submitToggle(
        { intent: "toggle", id: medication.id, active: String(!medication.active) },
        { method: "post" },
      );
    },
    [submitToggle, setToggleError],
  );
  const onDelete = useCallback(
    (medication: AdminMedication, button: HTMLElement) => {
      opener.current = button;
      setDeleteError(undefined);
      setDeleting(medication);
    },
    [setDeleting, setDeleteError, opener],
  );

  const total = medications?.length ?? 0;
  const filtered = filters.search.trim() !== "" || filters.category !== "";

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader
          title="Medications"
          description="Every medication in the catalogue, active or not. Visitors see the active ones on their condition's page."
        />
        <Link to={NEW_MEDICATION_PATH} className={`${buttonClass.primary} mb-6`}>
          <span aria-hidden="true">+</span> Add Medication
        </Link>
      </div>

      <MedicationFilters
        search={filters.search}
        category={filters.category}
        choices={choices}
        onSearch={(value) => setFilters((current) => ({ ...current, search: value }))}
        onCategory={(value) => setFilters((current) => ({ ...current, category: value }))}
        onClear={() => setFilters({ search: "", category: "" })}
        active={filtered}
      />

      {categoriesError ? (
        <div className="mt-4">
          <Notice tone="error">{categoriesError}</Notice>
        </div>
      ) : null}

      <section aria-labelledby="medications-heading" className="mt-6" aria-busy={loading}>
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2
            id="medications-heading"
            ref={headingRef}
            tabIndex={-1}
            className="font-semibold text-base text-slate-900 focus:outline-none"
          >
            Medication list
          </h2>
          <p role="status" className="text-slate-600 text-sm">
            {medications ? `Showing ${formatCount(shown.length)} of ${formatCount(total)} medications` : ""}
          </p>
        </div>

        {error ? (
          <div className="space-y-3">
            <Notice tone="error">{error}</Notice>
            <button
              type="button"
              className={buttonClass.secondary}
              aria-disabled={revalidator.state !== "idle"}
              onClick={() => {
                if (revalidator.state === "idle") void revalidator.revalidate();
              }}
            >
              {revalidator.state !== "idle" ? "Loading..." : "Try again"}
            </button>
          </div>
        ) : null}
        {toggleError ? (
          <div className="mb-3">
            <Notice tone="error" noticeRef={toggleErrorRef}>
              {toggleError}
            </Notice>
          </div>
        ) : null}

        {medications && shown.length === 0 ? (
          filtered ? (
            <EmptyState
              action={
                <button
                  type="button"
                  className={buttonClass.secondary}
                  onClick={() => setFilters({ search: "", category: "" })}
                >
                  Clear filters
                </button>
              }
            >
              {TEXT.noMatch}
            </EmptyState>
          ) : (
            <EmptyState
              action={
                <Link to={NEW_MEDICATION_PATH} className={buttonClass.primary}>
                  Add the first medication
                </Link>
              }
            >
              {TEXT.empty}
            </EmptyState>
          )
        ) : null}

        {shown.length > 0 ? (
          <MedicationTable
            medications={shown}
            names={names}
            busyToggleId={busyToggleId}
            onToggle={onToggle}
            onDelete={onDelete}
          />
        ) : null}
      </section>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete medication"
        message={
          deleting ? (
            <>
              <p>{TEXT.deleteQuestion}</p>
              <p className="mt-2">
                <span className="font-medium text-slate-900">{deleting.name}</span>:{" "}
                {pricesGoingText(deleting.priceCount)} Visitors' price alerts and the admin messages on its
                page go too.
              </p>
            </>
          ) : (
            TEXT.deleteQuestion
          )
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleteFetcher.state !== "idle"}
        error={deleteError}
        onConfirm={() => {
          if (deleting) void deleteFetcher.submit({ intent: "delete", id: deleting.id }, { method: "post" });
        }}
        onCancel={() => setDeleting(null)}
        returnFocusRef={opener}
      />
    </>
  );
}

/**
 * The previous list when the new one holds the same rows: most keystrokes ("s", "si", "sil"…)
 * leave the rows as they were, and then the table is not drawn again.
 */
function useSameRows(rows: AdminMedication[]): AdminMedication[] {
  const previous = useRef(rows);
  const same =
    previous.current.length === rows.length && previous.current.every((row, index) => row === rows[index]);
  if (!same) previous.current = rows;
  return previous.current;
}

/** Search and category: applied as they change, so there is no Apply button. */
function MedicationFilters({
  search,
  category,
  choices,
  onSearch,
  onCategory,
  onClear,
  active,
}: {
  search: string;
  category: string;
  choices: readonly { value: string; label: string }[];
  onSearch: (value: string) => void;
  onCategory: (value: string) => void;
  onClear: () => void;
  active: boolean;
}) {
  const id = useId();
  return (
    <search
      aria-label="Filter the medications"
      className="block rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <div>
          <label htmlFor={`${id}-search`} className="block font-medium text-slate-800 text-sm">
            Search
          </label>
          <input
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(event) => onSearch(event.target.value)}
            placeholder="Name or id"
            autoComplete="off"
            spellCheck={false}
            className={`mt-1 ${inputClass}`}
          />
        </div>
        <div>
          <label htmlFor={`${id}-category`} className="block font-medium text-slate-800 text-sm">
            Category
          </label>
          <select
            id={`${id}-category`}
            value={choices.some((choice) => choice.value === category) ? category : ""}
            onChange={(event) => onCategory(event.target.value)}
            // A native select ignores line height: the fixed height matches the text field beside it.
            className={`mt-1 h-9 ${inputClass}`}
          >
            <option value="">All categories</option>
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {active ? (
        <div className="mt-4">
          <button type="button" className={buttonClass.secondary} onClick={onClear}>
            Clear filters
          </button>
        </div>
      ) : null}
    </search>
  );
}

/** Rows drawn at once after the filters change; the rest follow in steps (see useRowsInSteps). */
const FIRST_ROWS = 100;
const MORE_ROWS = 150;

/**
 * The rows to draw now: the first {@link FIRST_ROWS} at once, then {@link MORE_ROWS} more in each
 * low-priority update until all are drawn. A thousand rows drawn in one go would hold the page for
 * a long moment (typing included); in steps, each is short and typing goes first.
 */
function useRowsInSteps<T>(rows: readonly T[]): readonly T[] {
  const [drawn, setDrawn] = useState({ rows, count: FIRST_ROWS });
  // New rows (other filters, a reload) start again from the first ones.
  const count = drawn.rows === rows ? drawn.count : FIRST_ROWS;
  if (drawn.rows !== rows) setDrawn({ rows, count });
  useEffect(() => {
    if (count >= rows.length) return;
    const timer = setTimeout(() => {
      startTransition(() =>
        setDrawn((current) => (current.rows === rows ? { rows, count: count + MORE_ROWS } : current)),
      );
    }, 0);
    return () => clearTimeout(timer);
  }, [rows, count]);
  return useMemo(() => (count >= rows.length ? rows : rows.slice(0, count)), [rows, count]);
}

/**
 * The table. Each cell is a memoised component of the row's own medication, so drawing the table
 * again (more rows, a switch busy) only draws what changed.
 */
const MedicationTable = memo(function MedicationTable({
  medications,
  names,
  busyToggleId,
  onToggle,
  onDelete,
}: {
  medications: readonly AdminMedication[];
  names: CatalogueNames;
  busyToggleId: string;
  onToggle: (medication: AdminMedication) => void;
  onDelete: (medication: AdminMedication, button: HTMLElement) => void;
}) {
  const rows = useRowsInSteps(medications);
  const columns = useMemo<DataColumn<AdminMedication>[]>(
    () => [
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
    ],
    [names, busyToggleId, onToggle],
  );

  return (
    <DataTable
      label="Medications"
      caption="Medications, by name"
      columns={columns}
      rows={rows}
      rowKey={(medication) => medication.id}
      minWidthClass="min-w-[57rem]"
      rowActions={(medication) => <RowActions medication={medication} onDelete={onDelete} />}
    />
  );
});

const NameCell = memo(function NameCell({ name, id }: { name: string; id: string }) {
  return (
    <>
      <span className="block font-medium text-slate-900">{name}</span>
      <span className="block font-mono text-slate-600 text-xs">{id}</span>
    </>
  );
});

const CategoryCell = memo(function CategoryCell({
  category,
  subcategory,
}: {
  category: string;
  subcategory: string;
}) {
  return (
    <>
      <span className="block text-slate-900">{category}</span>
      <span className="block text-slate-600 text-xs">{subcategory}</span>
    </>
  );
});

const DosageChips = memo(function DosageChips({ dosages }: { dosages: readonly string[] }) {
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
});

/** The list's switch: sends the opposite value (back-office §4), then the list reloads. */
const ActiveSwitch = memo(function ActiveSwitch({
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
});

const RowActions = memo(function RowActions({
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
});

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
