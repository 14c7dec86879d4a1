import { adminEndpoints, formatCount, formatDateTime, formatRelativeTime } from "@pharmacompare/contract";
import { Link } from "react-router";
import { adminSession } from "../../lib/admin-session.ts";
import { adminMeta } from "../kit/admin-route.ts";
import { type AdminScreen, adminScreens } from "../kit/admin-screens.ts";
import { useAdminUser } from "../kit/admin-shell.tsx";
import { AdminPageError, buttonClass, PageHeader, Panel } from "../kit/admin-ui.tsx";
import { humanise } from "../kit/audit-format.ts";
import type { Route } from "./+types/route";
import { ApiKeyUsage, DASHBOARD_API_KEYS } from "./api-key-usage.tsx";
import { ClickOutsExport } from "./click-outs-export.tsx";
import { ServiceHealthSection } from "./service-health.tsx";

const RECENT_ACTIVITY_LIMIT = 10;

export function meta() {
  return adminMeta("Dashboard");
}

/**
 * Real row counts (the issue replaces the specification's "10 per medication" estimate), the latest
 * audit entries, and the last 30 days of the service's health (issue 31, decision 044).
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const api = adminSession().api(request);
  const [stats, recent, health, apiKeys] = await Promise.all([
    api.call(adminEndpoints.dashboardCounts),
    api.call(adminEndpoints.listAuditEntries, { query: { limit: RECENT_ACTIVITY_LIMIT } }),
    api.call(adminEndpoints.serviceHealth),
    // The open API's use today (decision 062).
    api.call(adminEndpoints.listApiKeys, { query: { status: "active", limit: DASHBOARD_API_KEYS } }),
  ]);
  return { stats, recent: recent.entries, health, apiKeys };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { stats, recent, health, apiKeys } = loaderData;
  const user = useAdminUser();
  const now = new Date();

  const cards: { label: string; value: number; screen: AdminScreen }[] = [
    { label: "Total Medications", value: stats.medications, screen: adminScreens.medications },
    { label: "Pharmacies", value: stats.pharmacies, screen: adminScreens.pharmacies },
    { label: "Price Entries", value: stats.prices, screen: adminScreens.prices },
    { label: "Categories", value: stats.categories, screen: adminScreens.categories },
  ];
  const quickActions: { label: string; screen: AdminScreen }[] = [
    { label: "Add Medication", screen: adminScreens.newMedication },
    { label: "Add Pharmacy", screen: adminScreens.newPharmacy },
    { label: "Update Prices", screen: adminScreens.prices },
  ];

  return (
    <>
      <PageHeader title="Dashboard" description={`Welcome back, ${user.name}.`} />

      <section aria-labelledby="counts-heading">
        <h2 id="counts-heading" className="sr-only">
          Catalogue counts
        </h2>
        <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
          {cards.map((card) => {
            const body = (
              <>
                <span className="block font-medium text-slate-600 text-sm">{card.label}</span>
                <span className="mt-1 block font-semibold text-3xl text-slate-900 tabular-nums tracking-tight">
                  {formatCount(card.value)}
                </span>
              </>
            );
            return (
              <li key={card.label}>
                <Link
                  to={card.screen.path}
                  className="block h-full rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand-300"
                >
                  {body}
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <Panel title="Quick Actions" titleId="quick-actions-heading" className="self-start">
          <ul className="space-y-2 p-4 sm:p-5">
            {quickActions.map(({ label, screen }) => (
              <li key={label}>
                <Link to={screen.path} className={`${buttonClass.primary} w-full`}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </Panel>

        <Panel
          title="Recent Activity"
          titleId="recent-activity-heading"
          className="lg:col-span-2"
          action={
            <Link
              to={adminScreens.audit.path}
              className="rounded-sm font-medium text-brand-700 text-sm underline-offset-2 hover:underline"
            >
              View audit log
            </Link>
          }
        >
          {recent.length === 0 ? (
            <p className="px-4 py-6 text-slate-600 text-sm sm:px-5">No activity has been recorded yet.</p>
          ) : (
            <ol className="divide-y divide-slate-100">
              {recent.map((entry) => (
                <li key={entry.id} className="flex items-start justify-between gap-4 px-4 py-3 sm:px-5">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900 text-sm">
                      {humanise(entry.action)}
                      <span className="font-normal text-slate-600"> · {humanise(entry.entityType)}</span>
                    </p>
                    <p className="truncate text-slate-600 text-xs">{entry.actorEmail ?? "Unknown actor"}</p>
                  </div>
                  <time
                    dateTime={entry.createdAt}
                    title={formatDateTime(entry.createdAt)}
                    className="shrink-0 text-slate-600 text-xs"
                  >
                    {formatRelativeTime(entry.createdAt, now)}
                  </time>
                </li>
              ))}
            </ol>
          )}
        </Panel>
      </div>

      <ServiceHealthSection health={health} now={now} />
      <ApiKeyUsage keys={apiKeys.keys} total={apiKeys.total} />
      <ClickOutsExport />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
