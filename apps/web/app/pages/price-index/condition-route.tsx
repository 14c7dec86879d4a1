import { formatIndexMonth } from "@pharmacompare/contract";
import { data } from "react-router";
import { Breadcrumb } from "../../components/ui/breadcrumb.tsx";
import { StatusPage } from "../../components/ui/status-page.tsx";
import { pageMeta, siteTitle } from "../../lib/page-meta.ts";
import { sitePaths } from "../../lib/site-paths.ts";
import type { Route } from "./+types/condition-route";
import { Downloads, IndexChart, IndexTable, Method } from "./index-parts.tsx";
import { loadIndexCondition } from "./price-index.server.ts";

/**
 * One condition's month of the UK price index (issue 45, decision 061): the comparison table of
 * its medications and dosages (as the condition page lists them, decision 040) and its index over
 * the months.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const result = await loadIndexCondition(params.month, params.condition, request.signal);
  if (result.status === "found") return result;
  return data(result, { status: result.status === "not-found" ? 404 : 503 });
}

export function meta({ loaderData, matches, params }: Route.MetaArgs): Route.MetaDescriptors {
  if (loaderData?.status !== "found") {
    return [{ title: siteTitle("UK price index") }, { name: "robots", content: "noindex" }];
  }
  const { condition, month } = loaderData.data;
  return pageMeta({
    title: siteTitle(`${condition.name}: UK price index, ${formatIndexMonth(month)}`),
    description: `The median lowest price UK online pharmacies charged in ${formatIndexMonth(month)} for each ${condition.name.toLowerCase()} medication and dosage we compare, with the change on the month and the year.`,
    path: sitePaths.priceIndexCondition(params.month, params.condition),
    siteUrl: matches[0]?.loaderData?.env.siteUrl,
  });
}

export default function PriceIndexConditionPage({ loaderData, params }: Route.ComponentProps) {
  if (loaderData.status !== "found") {
    return loaderData.status === "not-found" ? (
      <StatusPage
        eyebrow="404"
        title="No figures found"
        action={{ to: sitePaths.priceIndex, label: "UK price index" }}
      >
        <p>The price index has no figures for that condition in that month.</p>
      </StatusPage>
    ) : (
      <StatusPage title="Price index unavailable">
        <p>The price index could not be loaded just now. Please try again in a few minutes.</p>
      </StatusPage>
    );
  }
  const { condition, month, rows, series } = loaderData.data;
  const monthName = formatIndexMonth(month);
  return (
    <>
      <div className="border-slate-100 border-b bg-gradient-to-b from-brand-50 to-white">
        <div className="page-container py-8 sm:py-10">
          <Breadcrumb
            trail={[
              { label: "Home", to: sitePaths.home },
              { label: "UK price index", to: sitePaths.priceIndex },
              { label: monthName, to: sitePaths.priceIndexMonth(month) },
              { label: condition.name },
            ]}
          />
          <h1 className="mt-5 text-balance break-words font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl">
            {condition.name}: UK price index, {monthName}
          </h1>
          <p className="mt-3 max-w-3xl text-base text-slate-600 leading-7">
            The median of each day's lowest in-stock price in {monthName}, for each medication and dosage we
            compare for {condition.name.toLowerCase()}.
          </p>
        </div>
      </div>
      <div className="page-container space-y-8 py-8 sm:py-12">
        <section aria-labelledby="index-table">
          <h2 id="index-table" className="mb-4 font-semibold text-slate-900 text-xl">
            Median lowest prices
          </h2>
          <IndexTable rows={rows} caption={`${condition.name}: median lowest prices in ${monthName}`} />
        </section>
        <IndexChart series={series} name={condition.name} />
        <div className="grid items-start gap-6 lg:grid-cols-3">
          <div className="lg:col-span-2">
            <Method />
          </div>
          <Downloads month={params.month} />
        </div>
      </div>
    </>
  );
}
