import { type AdminPharmacy, adminEndpoints } from "@pharmacompare/contract";
import { Link } from "react-router";
import { Icon } from "../../components/ui/icons.tsx";
import { adminSession } from "../../lib/admin-session.ts";
import { adminMeta } from "../kit/admin-route.ts";
import { adminScreens } from "../kit/admin-screens.ts";
import { AdminPageError, buttonClass, PageHeader } from "../kit/admin-ui.tsx";
import { FilterBar } from "../kit/list/filter-bar.tsx";
import { hasFilters } from "../kit/list/list-navigation.ts";
import { listLoader } from "../kit/list/list-page-load.ts";
import { PagedList } from "../kit/list/paged-list.tsx";
import { rowAction } from "../kit/list/row-action.ts";
import { type RowActionResult, useRowActions } from "../kit/list/row-actions.ts";
import { DeleteRowButton, DeleteRowDialog, ToggleErrorNotice } from "../kit/list/row-dialogs.tsx";
import { SearchField } from "../kit/list/search-field.tsx";
import type { Route } from "./+types/route";
import { pharmacyColumns } from "./pharmacy-columns.tsx";
import { pharmacyDeleteDetail } from "./pharmacy-display.ts";

/** Back-office §8's texts for this screen. */
const TEXT = {
  toggleFailed: "Failed to update pharmacy status",
  deleteFailed: "Failed to delete pharmacy",
  loadFailed: "Failed to load pharmacies",
  empty: "No pharmacies yet. Add the first one to start comparing prices.",
  deleteQuestion: (name: string) => `Are you sure you want to delete ${name}? This action cannot be undone.`,
} as const;

/** A page of the list searched on the server (decision 037); the search lives in the address. */
const PAGE_SIZE = 20;

type ActionResult = RowActionResult;

export function meta() {
  return adminMeta("Pharmacies");
}

export const clientLoader = listLoader({
  filters: { search: "text" },
  limit: PAGE_SIZE,
  read: async (api, query) => {
    // Back-office §2's "Showing X of Y pharmacies": Y is every pharmacy, searched or not.
    const [found, all] = await Promise.all([
      api.call(adminEndpoints.listAdminPharmacies, { query }),
      query.search ? api.call(adminEndpoints.listAdminPharmacies, { query: { limit: 1 } }) : null,
    ]);
    return { ...found, everyPharmacy: all?.total ?? found.total };
  },
  failure: TEXT.loadFailed,
});

export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const api = adminSession().api(request);
  const name = String(form.get("name") ?? "");
  return rowAction(api, form, {
    // Back-office §4: the list's switch sends only the opposite value, then the list reloads.
    toggle: async (id) => {
      const active = form.get("active") === "true";
      await api.call(adminEndpoints.updatePharmacy, { params: { id }, body: { active } });
      return `${name} is now ${active ? "active" : "inactive"}`;
    },
    remove: async (id) => {
      const { removedPrices } = await api.call(adminEndpoints.deletePharmacy, { params: { id } });
      return `${name} deleted, with ${removedPrices === 1 ? "1 price" : `${removedPrices} prices`}`;
    },
    toggleFailed: TEXT.toggleFailed,
    deleteFailed: TEXT.deleteFailed,
    apiSentence: true,
  });
}

export default function Pharmacies({ loaderData }: Route.ComponentProps) {
  const { filters, result, error } = loaderData;
  const rows = useRowActions<AdminPharmacy>({ toggle: "pharmacy-toggle", delete: "pharmacy-delete" });
  const columns = pharmacyColumns({
    busyToggleId: rows.busyToggleId,
    onToggle: (pharmacy) =>
      rows.submitToggle({ id: pharmacy.id, name: pharmacy.name, active: String(!pharmacy.active) }),
  });
  const none = result?.everyPharmacy === 0;

  return (
    <>
      <PageHeader
        title="Pharmacies"
        description="The online pharmacies visitors compare. An inactive pharmacy, or one without its GPhC registration, is hidden from the public site with its prices."
        action={
          <Link to={adminScreens.newPharmacy.path} className={buttonClass.primary}>
            <Icon className="size-4">
              <path d="M12 5v14M5 12h14" />
            </Icon>
            Add Pharmacy
          </Link>
        }
      />

      <FilterBar label="Search the pharmacies" active={hasFilters(filters)} columnsClass="sm:max-w-md">
        <SearchField label="Search pharmacies" value={filters.search} placeholder="Name or id" />
      </FilterBar>

      <ToggleErrorNotice rows={rows} />

      <PagedList
        id="pharmacies-heading"
        heading="All pharmacies"
        headingRef={rows.headingRef}
        noun="pharmacies"
        page={result ?? undefined}
        rows={result?.pharmacies}
        filters={filters}
        showing={(shown) => (result ? `Showing ${shown} of ${result.everyPharmacy} pharmacies` : "")}
        loadFailed={error}
        empty={none ? TEXT.empty : `No pharmacies match “${filters.search}”.`}
        emptyAction={
          none ? (
            <Link to={adminScreens.newPharmacy.path} className={buttonClass.primary}>
              Add Pharmacy
            </Link>
          ) : undefined
        }
        pagerLabel="Pharmacy pages"
        table={{
          label: "Pharmacies",
          caption: "Pharmacies by name",
          columns,
          rowKey: (pharmacy) => pharmacy.id,
          minWidthClass: "min-w-[52rem]",
          rowActions: (pharmacy) => (
            <>
              <Link
                to={`${adminScreens.pharmacies.path}/edit/${encodeURIComponent(pharmacy.id)}`}
                className={buttonClass.secondary}
              >
                Edit<span className="sr-only"> {pharmacy.name}</span>
              </Link>
              <DeleteRowButton
                rows={rows}
                row={pharmacy}
                named={<span className="sr-only"> {pharmacy.name}</span>}
              />
            </>
          ),
        }}
      />

      <DeleteRowDialog
        rows={rows}
        title="Delete pharmacy"
        message={(pharmacy) => (
          <>
            <span className="block">{TEXT.deleteQuestion(pharmacy.name)}</span>
            <span className="mt-2 block">{pharmacyDeleteDetail(pharmacy.priceCount)}</span>
          </>
        )}
        fields={(pharmacy) => ({ id: pharmacy.id, name: pharmacy.name })}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
