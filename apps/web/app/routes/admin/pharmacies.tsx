import { type AdminPharmacy, adminEndpoints, isWebAddress } from "@pharmacompare/contract";
import { useDeferredValue, useId, useMemo, useState } from "react";
import { Link } from "react-router";
import { adminMeta, failureText } from "../../components/admin/admin-route.ts";
import { adminScreens } from "../../components/admin/admin-screens.ts";
import {
  AdminPageError,
  buttonClass,
  inputClass,
  Notice,
  PageHeader,
} from "../../components/admin/admin-ui.tsx";
import { ActiveSwitch, Badge } from "../../components/admin/catalogue-controls.tsx";
import { ConfirmDialog } from "../../components/admin/confirm-dialog.tsx";
import { type DataColumn, DataTable } from "../../components/admin/data-table.tsx";
import { EmptyState } from "../../components/admin/empty-state.tsx";
import { useListLoading } from "../../components/admin/list-navigation.ts";
import {
  deliverySummary,
  matchesPharmacySearch,
  pharmacyDeleteDetail,
  prescriptionText,
  ratingText,
  websiteLabel,
} from "../../components/admin/pharmacy-display.ts";
import { NotListedLine } from "../../components/admin/pharmacy-registration.tsx";
import { type RowActionResult, useRowActions } from "../../components/admin/row-actions.ts";
import { Icon } from "../../components/ui/icons.tsx";
import { adminSession } from "../../lib/admin-session.ts";
import type { Route } from "./+types/pharmacies";

/** Back-office §8's texts for this screen. */
const TEXT = {
  toggleFailed: "Failed to update pharmacy status",
  deleteFailed: "Failed to delete pharmacy",
  loadFailed: "Failed to load pharmacies",
  empty: "No pharmacies yet. Add the first one to start comparing prices.",
  deleteQuestion: (name: string) => `Are you sure you want to delete ${name}? This action cannot be undone.`,
} as const;

type ActionResult = RowActionResult;

export function meta() {
  return adminMeta("Pharmacies");
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  try {
    const { pharmacies } = await adminSession().api(request).call(adminEndpoints.listAdminPharmacies);
    return { pharmacies, error: null };
  } catch (error) {
    return { pharmacies: null, error: failureText(error, TEXT.loadFailed) };
  }
}

export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const name = String(form.get("name") ?? "");
  const api = adminSession().api(request);

  if (intent === "toggle") {
    // Back-office §4: the list's switch sends only the opposite value, then the list reloads.
    const active = form.get("active") === "true";
    try {
      await api.call(adminEndpoints.updatePharmacy, { params: { id }, body: { active } });
      return { intent, ok: true, text: `${name} is now ${active ? "active" : "inactive"}` };
    } catch (error) {
      return { intent, ok: false, error: failureText(error, TEXT.toggleFailed) };
    }
  }

  try {
    const { removedPrices } = await api.call(adminEndpoints.deletePharmacy, { params: { id } });
    const prices = removedPrices === 1 ? "1 price" : `${removedPrices} prices`;
    return { intent: "delete", ok: true, text: `${name} deleted, with ${prices}` };
  } catch (error) {
    return { intent: "delete", ok: false, error: failureText(error, TEXT.deleteFailed) };
  }
}

export default function Pharmacies({ loaderData }: Route.ComponentProps) {
  const { pharmacies, error } = loaderData;
  const loading = useListLoading();
  const searchId = useId();

  // The search filters the loaded list as it is typed; the deferred copy keeps typing smooth.
  const [search, setSearch] = useState("");
  const deferredSearch = useDeferredValue(search);
  const shown = useMemo(
    () => (pharmacies ?? []).filter((pharmacy) => matchesPharmacySearch(pharmacy, deferredSearch)),
    [pharmacies, deferredSearch],
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
  } = useRowActions<AdminPharmacy>({ toggle: "pharmacy-toggle", delete: "pharmacy-delete" });

  const total = pharmacies?.length ?? 0;

  const columns: DataColumn<AdminPharmacy>[] = [
    {
      header: "Pharmacy",
      rowHeader: true,
      className: "min-w-[10rem]",
      cell: (pharmacy) => (
        <>
          <span className="block font-medium text-slate-900">{pharmacy.name}</span>
          <span className="block break-all font-mono text-slate-600 text-xs">{pharmacy.id}</span>
          <NotListedLine gphcNumber={pharmacy.gphcNumber} />
        </>
      ),
    },
    {
      header: "Website",
      cell: (pharmacy) =>
        isWebAddress(pharmacy.website) ? (
          <a
            href={pharmacy.website}
            target="_blank"
            rel="noopener noreferrer"
            title={pharmacy.website}
            // One line, cut short when long: the whole address is the link's target and its tooltip.
            className="block max-w-[10rem] truncate text-brand-800 underline underline-offset-2 hover:text-brand-900"
          >
            {websiteLabel(pharmacy.website)}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : (
          <span className="break-all">{pharmacy.website || "-"}</span>
        ),
    },
    {
      header: "Rating",
      className: "whitespace-nowrap",
      cell: (pharmacy) => ratingText(pharmacy.rating),
    },
    {
      header: "Delivery",
      className: "min-w-[10rem]",
      cell: (pharmacy) => {
        const delivery = deliverySummary(pharmacy);
        return (
          <>
            <span className="block text-slate-900">{delivery.methods}</span>
            {delivery.time ? <span className="block text-slate-600 text-xs">{delivery.time}</span> : null}
            <span className="block text-slate-600 text-xs">
              {delivery.fee}
              {delivery.freeOver ? ` · ${delivery.freeOver}` : null}
            </span>
          </>
        );
      },
    },
    {
      header: "Prescription",
      cell: (pharmacy) => (
        <Badge tone={pharmacy.prescriptionRequired ? "amber" : "slate"}>
          {prescriptionText(pharmacy.prescriptionRequired)}
        </Badge>
      ),
    },
    {
      header: "Status",
      cell: (pharmacy) => (
        <ActiveSwitch
          label={`Active: ${pharmacy.name}`}
          checked={pharmacy.active}
          busy={busyToggleId === pharmacy.id}
          onToggle={() => {
            setToggleError(null);
            void toggleFetcher.submit(
              { intent: "toggle", id: pharmacy.id, name: pharmacy.name, active: String(!pharmacy.active) },
              { method: "post" },
            );
          }}
        />
      ),
    },
  ];

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader
          title="Pharmacies"
          description="The online pharmacies visitors compare. An inactive pharmacy, or one without its GPhC registration, is hidden from the public site with its prices."
        />
        <Link to={adminScreens.newPharmacy.path} className={`${buttonClass.primary} mb-6`}>
          <Icon className="size-4">
            <path d="M12 5v14M5 12h14" />
          </Icon>
          Add Pharmacy
        </Link>
      </div>

      <search className="block rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
        <label htmlFor={searchId} className="block font-medium text-slate-800 text-sm">
          Search pharmacies
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Name or id"
          autoComplete="off"
          spellCheck={false}
          className={`mt-1 max-w-md ${inputClass}`}
        />
      </search>

      <section aria-labelledby="pharmacies-heading" className="mt-6" aria-busy={loading}>
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2
            id="pharmacies-heading"
            ref={headingRef}
            tabIndex={-1}
            className="font-semibold text-base text-slate-900 focus:outline-none"
          >
            All pharmacies
          </h2>
          <p role="status" className="text-slate-600 text-sm">
            {pharmacies ? `Showing ${shown.length} of ${total} pharmacies` : ""}
          </p>
        </div>

        {error ? <Notice tone="error">{error}</Notice> : null}
        {toggleError ? (
          <div className="mb-3">
            <Notice tone="error" noticeRef={toggleErrorRef}>
              {toggleError}
            </Notice>
          </div>
        ) : null}

        {pharmacies && shown.length === 0 ? (
          <EmptyState
            action={
              total === 0 ? (
                <Link to={adminScreens.newPharmacy.path} className={buttonClass.primary}>
                  Add Pharmacy
                </Link>
              ) : undefined
            }
          >
            {total === 0 ? TEXT.empty : `No pharmacies match “${deferredSearch.trim()}”.`}
          </EmptyState>
        ) : null}

        {shown.length > 0 ? (
          <DataTable
            label="Pharmacies"
            caption="Pharmacies by name"
            columns={columns}
            rows={shown}
            rowKey={(pharmacy) => pharmacy.id}
            minWidthClass="min-w-[52rem]"
            rowActions={(pharmacy) => (
              <>
                <Link
                  to={`${adminScreens.pharmacies.path}/edit/${encodeURIComponent(pharmacy.id)}`}
                  className={buttonClass.secondary}
                >
                  Edit<span className="sr-only"> {pharmacy.name}</span>
                </Link>
                <button
                  type="button"
                  className={`${buttonClass.secondary} text-red-700`}
                  onClick={(event) => {
                    opener.current = event.currentTarget;
                    setDeleteError(undefined);
                    setDeleting(pharmacy);
                  }}
                >
                  Delete<span className="sr-only"> {pharmacy.name}</span>
                </button>
              </>
            )}
          />
        ) : null}
      </section>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete pharmacy"
        message={
          deleting ? (
            <>
              <span className="block">{TEXT.deleteQuestion(deleting.name)}</span>
              <span className="mt-2 block">{pharmacyDeleteDetail(deleting.priceCount)}</span>
            </>
          ) : null
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleteFetcher.state !== "idle"}
        error={deleteError}
        onConfirm={() => {
          if (deleting) {
            void deleteFetcher.submit(
              { intent: "delete", id: deleting.id, name: deleting.name },
              { method: "post" },
            );
          }
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
