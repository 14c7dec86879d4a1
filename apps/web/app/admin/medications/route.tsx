import {
  type AdminCategory,
  type AdminMedication,
  type AdminMedicationList,
  adminEndpoints,
  formatCount,
} from "@pharmacompare/contract";
import { useRevalidator } from "react-router";
import { adminSession } from "../../lib/admin-session.ts";
import { adminMeta, failureText } from "../kit/admin-route.ts";
import { adminScreens } from "../kit/admin-screens.ts";
import { AdminPageError, buttonClass, Notice, PageHeader } from "../kit/admin-ui.tsx";
import { EmptyListAction } from "../kit/list/empty-list-action.tsx";
import { hasFilters } from "../kit/list/list-navigation.ts";
import { type ListPageLoad, loadListPage } from "../kit/list/list-page-load.ts";
import { NewItemLink } from "../kit/list/new-item-link.tsx";
import { PagedList } from "../kit/list/paged-list.tsx";
import { rowAction } from "../kit/list/row-action.ts";
import { type RowActionResult, useRowActions } from "../kit/list/row-actions.ts";
import { DeleteRowDialog, ToggleErrorNotice } from "../kit/list/row-dialogs.tsx";
import { SearchFilters } from "../kit/list/search-filters.tsx";
import type { Route } from "./+types/route";
import { MedicationRowActions, medicationColumns } from "./medication-columns.tsx";
import { catalogueNames, pricesGoingText } from "./medication-list.ts";

/** Back-office §2 and §8's texts for this screen. */
const TEXT = {
  toggleFailed: "Failed to update medication status",
  deleteFailed: "Failed to delete medication",
  deleteQuestion: "Are you sure you want to delete this medication?",
  loadFailed: "Failed to load medications",
  empty: "No medications yet.",
  noMatch: "No medications match these filters.",
} as const;

/**
 * The address keeps the filters and the page (decision 037): the API searches, filters and pages,
 * and after a switch or a delete React Router loads the list again, so nothing here keeps track.
 */
const FILTERS = { search: "text", category: "text" } as const;
const PAGE_SIZE = 20;

const NEW_MEDICATION_PATH = adminScreens.newMedication.path;

interface MedicationsLoad
  extends ListPageLoad<keyof typeof FILTERS, AdminMedicationList & { everyMedication: number }> {
  categories: AdminCategory[];
  /** Why the category names are missing (the list still shows, with ids). */
  categoriesError: string | null;
}

type ActionResult = RowActionResult;

export function meta() {
  return adminMeta("Medications");
}

export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<MedicationsLoad> {
  const api = adminSession().api(request);
  const [list, categories] = await Promise.all([
    loadListPage(request, {
      filters: FILTERS,
      limit: PAGE_SIZE,
      read: async (client, query, filters) => {
        // Back-office §2's "Showing X of Y medications": Y is every medication, filtered or not.
        const [found, all] = await Promise.all([
          client.call(adminEndpoints.listAdminMedications, { query }),
          hasFilters(filters)
            ? client.call(adminEndpoints.listAdminMedications, { query: { limit: 1 } })
            : null,
        ]);
        return { ...found, everyMedication: all?.total ?? found.total };
      },
      failure: TEXT.loadFailed,
    }),
    api.call(adminEndpoints.listAdminCategories).then(
      (answer) => ({ categories: answer.categories, error: null }),
      (error: unknown) => ({ categories: [] as AdminCategory[], error }),
    ),
  ]);
  return {
    ...list,
    categories: categories.categories,
    categoriesError: categories.error
      ? `The category names could not be loaded (${failureText(categories.error, "please reload the page")}); ids are shown instead.`
      : null,
  };
}

export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const api = adminSession().api(request);
  return rowAction(api, form, {
    // Back-office §7: the list's switch sends only `active`.
    toggle: async (id) => {
      const active = form.get("active") === "true";
      await api.call(adminEndpoints.updateMedication, { params: { id }, body: { active } });
      return active ? "Medication activated" : "Medication deactivated";
    },
    remove: async (id) => {
      const prices = (await api.call(adminEndpoints.deleteMedication, { params: { id } })).removedPrices;
      return `Medication deleted${prices > 0 ? `, with ${formatCount(prices)} ${prices === 1 ? "price" : "prices"}` : ""}`;
    },
    toggleFailed: TEXT.toggleFailed,
    deleteFailed: TEXT.deleteFailed,
    apiSentence: true,
  });
}

export default function Medications({ loaderData }: Route.ComponentProps) {
  const { filters, result, error, categories, categoriesError } = loaderData;
  const revalidator = useRevalidator();
  const rows = useRowActions<AdminMedication>({ toggle: "medication-toggle", delete: "medication-delete" });
  const filtered = hasFilters(filters);
  const columns = medicationColumns({
    names: catalogueNames(categories),
    busyToggleId: rows.busyToggleId,
    onToggle: (medication) => rows.submitToggle({ id: medication.id, active: String(!medication.active) }),
  });

  return (
    <>
      <PageHeader
        title="Medications"
        description="Every medication in the catalogue, active or not. Visitors see the active ones on their condition's page."
        action={<NewItemLink to={NEW_MEDICATION_PATH} label="Add Medication" />}
      />

      <SearchFilters
        label="Filter the medications"
        filters={filters}
        placeholder="Name or id"
        select={{
          label: "Category",
          name: "category",
          options: categories.map((category) => ({ value: category.id, label: category.name })),
        }}
      />

      {categoriesError ? (
        <div className="mt-4">
          <Notice tone="error">{categoriesError}</Notice>
        </div>
      ) : null}
      {error ? (
        <div className="mt-4 space-y-3">
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
      <ToggleErrorNotice rows={rows} />

      <PagedList
        id="medications-heading"
        heading="Medication list"
        headingRef={rows.headingRef}
        noun="medications"
        page={result ?? undefined}
        rows={result?.medications}
        filters={filters}
        showing={(shown) =>
          result ? `Showing ${formatCount(shown)} of ${formatCount(result.everyMedication)} medications` : ""
        }
        loadFailed={null}
        empty={filtered ? TEXT.noMatch : TEXT.empty}
        emptyAction={
          <EmptyListAction filtered={filtered} to={NEW_MEDICATION_PATH} tone="primary">
            Add the first medication
          </EmptyListAction>
        }
        pagerLabel="Medication pages"
        table={{
          label: "Medications",
          caption: "Medications, by name",
          columns,
          rowKey: (medication) => medication.id,
          minWidthClass: "min-w-[57rem]",
          rowActions: (medication) => (
            <MedicationRowActions
              medication={medication}
              onDelete={(_, button) => {
                rows.opener.current = button;
                rows.setDeleteError(undefined);
                rows.setDeleting(medication);
              }}
            />
          ),
        }}
      />

      <DeleteRowDialog
        rows={rows}
        title="Delete medication"
        message={(medication) => (
          <>
            <p>{TEXT.deleteQuestion}</p>
            <p className="mt-2">
              <span className="font-medium text-slate-900">{medication.name}</span>:{" "}
              {pricesGoingText(medication.priceCount)} Visitors' price alerts and the admin messages on its
              page go too.
            </p>
          </>
        )}
        fields={(medication) => ({ id: medication.id })}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
