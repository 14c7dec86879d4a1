import { formatIndexMonth, formatLongDate } from "@pharmacompare/contract";
import { data, Link } from "react-router";
import { Breadcrumb } from "../../components/ui/breadcrumb.tsx";
import { StatusPage } from "../../components/ui/status-page.tsx";
import { pageMeta, siteTitle } from "../../lib/page-meta.ts";
import { sitePaths } from "../../lib/site-paths.ts";
import type { Route } from "./+types/route";
import { Archive, Downloads, LicenceNote, Method } from "./index-parts.tsx";
import { loadIndexMonth } from "./price-index.server.ts";

/**
 * The monthly UK price index (issue 45, decision 061): `/price-index` shows the latest computed
 * month, `/price-index/:month` any month. Each lists the conditions with figures (links only: no
 * medication is named here, decision 040), the method written out, the downloads and the archive.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const result = await loadIndexMonth(params.month, request.signal);
  if (result.status === "found") return result;
  return data(result, { status: result.status === "not-found" ? 404 : 503 });
}

export function meta({ loaderData, matches, params }: Route.MetaArgs): Route.MetaDescriptors {
  if (loaderData?.status !== "found") {
    return [{ title: siteTitle("UK price index") }, { name: "robots", content: "noindex" }];
  }
  const month = loaderData.data.month?.month;
  const title = month ? `UK price index, ${formatIndexMonth(month)}` : "UK price index";
  return pageMeta({
    title: siteTitle(title),
    description:
      "What UK online pharmacies charged each month: the median lowest price of each medication and dosage we list, with the change on the month and the year, and the open data to reuse.",
    path: params.month ? sitePaths.priceIndexMonth(params.month) : sitePaths.priceIndex,
    siteUrl: matches[0]?.loaderData?.env.siteUrl,
  });
}

const linkClass = "rounded-sm font-medium text-brand-800 underline hover:text-brand-900";

export default function PriceIndexPage({ loaderData, params }: Route.ComponentProps) {
  if (loaderData.status === "not-found") {
    return (
      <StatusPage
        eyebrow="404"
        title="Month not found"
        action={{ to: sitePaths.priceIndex, label: "Latest month" }}
      >
        <p>
          The price index has no figures for that month. Months appear once they have ended and been computed.
        </p>
      </StatusPage>
    );
  }
  if (loaderData.status === "unavailable") {
    return (
      <StatusPage title="Price index unavailable">
        <p>The price index could not be loaded just now. Please try again in a few minutes.</p>
      </StatusPage>
    );
  }
  const { archive, month } = loaderData.data;
  const heading = month ? `UK price index, ${formatIndexMonth(month.month)}` : "UK price index";
  return (
    <>
      <div className="border-slate-100 border-b bg-gradient-to-b from-brand-50 to-white">
        <div className="page-container py-8 sm:py-10">
          <Breadcrumb
            trail={[
              { label: "Home", to: sitePaths.home },
              ...(params.month
                ? [
                    { label: "UK price index", to: sitePaths.priceIndex },
                    { label: formatIndexMonth(params.month) },
                  ]
                : [{ label: "UK price index" }]),
            ]}
          />
          <h1 className="mt-5 text-balance font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl">
            {heading}
          </h1>
          <p className="mt-3 max-w-3xl text-base text-slate-600 leading-7">
            Each month, the median of each day's lowest in-stock price for every medication and dosage we
            compare, from the prices UK online pharmacies have charged.
          </p>
          {month ? (
            <p className="mt-2 text-slate-600 text-sm">Computed on {formatLongDate(month.computedAt)}.</p>
          ) : null}
        </div>
      </div>
      <div className="page-container grid items-start gap-8 py-8 sm:py-12 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <section aria-labelledby="index-conditions">
            <h2 id="index-conditions" className="font-semibold text-slate-900 text-xl">
              By condition
            </h2>
            {month ? (
              <ul className="mt-4 grid gap-3 sm:grid-cols-2">
                {month.conditions.map((condition) => (
                  <li
                    key={condition.subcategoryId}
                    className="rounded-xl border border-slate-200 bg-white p-4"
                  >
                    <Link
                      to={sitePaths.priceIndexCondition(month.month, condition.subcategoryId)}
                      className={`${linkClass} break-words`}
                    >
                      {condition.name}
                    </Link>
                    <p className="mt-1 text-slate-600 text-sm">
                      {condition.rows}{" "}
                      {condition.rows === 1 ? "medication and dosage" : "medications and dosages"}
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-4 text-slate-600">
                No month has been computed yet: the first appears once a whole month of prices has been
                recorded.
              </p>
            )}
          </section>
          <Method />
        </div>
        <div className="space-y-6">
          {month ? <Downloads month={month.month} /> : <LicenceNote />}
          <Archive months={archive.months} current={month?.month} />
        </div>
      </div>
    </>
  );
}
