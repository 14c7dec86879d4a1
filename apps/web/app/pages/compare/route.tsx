import {
  clickOutUrl,
  isWebAddress,
  type Pharmacy,
  type PharmacyPair,
  pharmacyClickOutUrl,
  START_CONSULTATION_LABEL,
} from "@pharmacompare/contract";
import { data, Link, useRouteLoaderData } from "react-router";
import { horizonWords } from "../../components/condition/course-words.ts";
import { PrescriptionOnlyNote } from "../../components/condition/prescription-only.tsx";
import { RATING_SOURCE_NOTE } from "../../components/condition/rating-stars.tsx";
import { StaleNote } from "../../components/prices/stale-note.tsx";
import { Breadcrumb } from "../../components/ui/breadcrumb.tsx";
import { StatusPage } from "../../components/ui/status-page.tsx";
import { pageMeta, siteTitle } from "../../lib/page-meta.ts";
import { loadPharmacyPair } from "../../lib/pharmacy-pair.server.ts";
import { gphcRegisterUrl } from "../../lib/regulator-links.ts";
import { sitePaths } from "../../lib/site-paths.ts";
import { breadcrumbList, pharmacyPairList } from "../../lib/structured-data.ts";
import type { loader as rootLoader } from "../../root.tsx";
import type { Route } from "./+types/route";
import {
  consultationPriceId,
  courseFact,
  dosageCell,
  type FactRow,
  lowerSide,
  termFacts,
} from "./pair-facts.ts";
import { PairPickers } from "./pair-pickers.tsx";

/**
 * Two pharmacies side by side for one medication (issue 30, decision 042): prices per dosage,
 * delivery, consultation, totals and course cost, stock, rating and its source, GPhC registration,
 * each row marked where the two differ. Server-rendered from one API call; a bad or unknown
 * address answers a page that says what to do, never a server error. A comparison, not a
 * promotion (decision 040): the same facts for both, in the same order.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const result = await loadPharmacyPair(
    {
      medication: url.searchParams.get("medication"),
      a: url.searchParams.get("a"),
      b: url.searchParams.get("b"),
    },
    request.signal,
  );
  if (result.status === "found") return result;
  const status = { incomplete: 400, "not-found": 404, unavailable: 503 }[result.status];
  return data(result, { status });
}

export function meta({ loaderData, matches }: Route.MetaArgs): Route.MetaDescriptors {
  if (loaderData?.status !== "found") {
    return [{ title: siteTitle("Compare two pharmacies") }, { name: "robots", content: "noindex" }];
  }
  const { medication, a, b } = loaderData.pair;
  // One address for the pair whichever side each is on.
  const [first, second] = [a.id, b.id].sort();
  const path = `${sitePaths.compare(medication.id, first ?? a.id, second ?? b.id)}`;
  return pageMeta({
    title: siteTitle(`${medication.name}: ${a.name} and ${b.name} compared`),
    description: `${medication.name} at ${a.name} and ${b.name} side by side: prices for each dosage, delivery, consultation fees, totals, stock and GPhC registration.`,
    path,
    siteUrl: matches[0]?.loaderData?.env.siteUrl,
    withUrl: (url, siteUrl) => [
      {
        "script:ld+json": pharmacyPairList({
          name: `${medication.name} at two UK pharmacies`,
          url,
          pharmacies: [a, b].map((pharmacy) => ({
            name: pharmacy.name,
            url: `${siteUrl}${sitePaths.pharmacy(pharmacy.id)}`,
          })),
        }),
      },
      {
        "script:ld+json": breadcrumbList([
          { name: "Home", url: `${siteUrl}/` },
          {
            name: medication.name,
            url: `${siteUrl}${sitePaths.conditionMedication(medication.subcategory, medication.name)}`,
          },
          { name: `${a.name} and ${b.name}` },
        ]),
      },
    ],
  });
}

export default function ComparePage({ loaderData }: Route.ComponentProps) {
  if (loaderData.status === "incomplete") {
    return (
      <StatusPage title="Choose what to compare" action={{ to: sitePaths.home, label: "Find a medication" }}>
        <p>{`${loaderData.reason} Open a medication's prices and choose "Compare" on any pharmacy's row to see it beside the cheapest.`}</p>
      </StatusPage>
    );
  }
  if (loaderData.status === "not-found") {
    const what = loaderData.which === "medication" ? "That medication" : "One of those pharmacies";
    return (
      <StatusPage
        eyebrow="404"
        title="Nothing to compare"
        action={{ to: sitePaths.home, label: "Find a medication" }}
      >
        <p>{`${what} is not listed with us, or the address is mistyped. Open a medication's prices to compare the pharmacies that sell it.`}</p>
      </StatusPage>
    );
  }
  if (loaderData.status === "unavailable") {
    return (
      <StatusPage title="Comparison unavailable">
        <p>This comparison could not be loaded just now. Please try again in a few minutes.</p>
      </StatusPage>
    );
  }
  return <PairView pair={loaderData.pair} />;
}

function PairView({ pair }: { pair: PharmacyPair }) {
  const { medication, a, b } = pair;
  const back = sitePaths.conditionMedication(medication.subcategory, medication.name);
  return (
    <>
      <div className="border-slate-100 border-b bg-gradient-to-b from-brand-50 to-white">
        <div className="page-container py-8 sm:py-10">
          <Breadcrumb
            trail={[
              { label: "Home", to: sitePaths.home },
              { label: medication.name, to: back },
              { label: "Two pharmacies" },
            ]}
          />
          <h1 className="mt-4 text-balance font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl">
            {`${medication.name}: ${a.name} and ${b.name}`}
          </h1>
          <p className="mt-3 max-w-3xl text-base text-slate-600 leading-7">
            The same facts for both pharmacies. Rows where they differ are marked “Differs”; the lower figure
            of each dosage is marked “Lower”.
          </p>
          <PrescriptionOnlyNote legalCategory={medication.legalCategory} />
          <PairPickers pair={pair} />
        </div>
      </div>
      <div className="page-container space-y-10 py-8 sm:py-12">
        <section aria-labelledby="pair-prices-heading">
          <h2 id="pair-prices-heading" className="font-bold text-slate-900 text-xl">
            Prices for each dosage
          </h2>
          <div className="mt-4 overflow-hidden rounded-xl border border-slate-200">
            <table className="w-full table-fixed break-words text-left text-sm">
              <caption className="sr-only">{`${medication.name} prices at ${a.name} and ${b.name}, with totals`}</caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-2 py-2 font-semibold">
                    Dosage
                  </th>
                  <th scope="col" className="px-2 py-2 font-semibold">
                    {a.name}
                  </th>
                  <th scope="col" className="px-2 py-2 font-semibold">
                    {b.name}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {pair.dosages.map((row) => {
                  const lower = lowerSide(row.a, row.b);
                  return (
                    <tr key={row.dosage} className="align-top">
                      <th scope="row" className="px-2 py-3 font-medium text-slate-900">
                        {row.dosage}
                      </th>
                      <PriceCell row={row.a} lower={lower === "a"} />
                      <PriceCell row={row.b} lower={lower === "b"} />
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </section>

        <section aria-labelledby="pair-terms-heading">
          <h2 id="pair-terms-heading" className="font-bold text-slate-900 text-xl">
            Fees, delivery and registration
          </h2>
          <FactTable a={a} b={b} rows={[...termFacts(a, b), ...courseRows(pair)]} />
          <p className="mt-2 text-slate-600 text-xs">{RATING_SOURCE_NOTE}</p>
        </section>

        <nav aria-label="More about these pharmacies" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
          <Link to={back} className="font-semibold text-brand-700 underline">
            {`Every pharmacy's price for ${medication.name}`}
          </Link>
          <Link to={sitePaths.pharmacy(a.id)} className="font-semibold text-brand-700 underline">
            {`About ${a.name}`}
          </Link>
          <Link to={sitePaths.pharmacy(b.id)} className="font-semibold text-brand-700 underline">
            {`About ${b.name}`}
          </Link>
          <Link to={sitePaths.howWeRank} className="font-semibold text-brand-700 underline">
            How we rank prices
          </Link>
        </nav>
        <div className="flex flex-col gap-3 sm:flex-row">
          <VisitWebsite pharmacy={a} consultationPriceId={consultationPriceId(pair, "a")} />
          <VisitWebsite pharmacy={b} consultationPriceId={consultationPriceId(pair, "b")} />
        </div>
      </div>
    </>
  );
}

/**
 * A pharmacy's website through the API's counted click-out, as on its own page (decision 044); or,
 * for a prescription-only medicine at a pharmacy with a consultation address, "Start a
 * consultation" through one of its prices' click-outs (decision 058).
 */
function VisitWebsite({
  pharmacy,
  consultationPriceId,
}: {
  pharmacy: Pharmacy;
  consultationPriceId?: string;
}) {
  const apiUrl = useRouteLoaderData<typeof rootLoader>("root")?.env.apiUrl;
  const website = pharmacy.website.trim();
  const consultation =
    apiUrl && consultationPriceId ? clickOutUrl(apiUrl, consultationPriceId, "comparison") : null;
  if (!consultation && !isWebAddress(website)) return null;
  return (
    <a
      href={consultation ?? (apiUrl ? pharmacyClickOutUrl(apiUrl, pharmacy.id, "comparison") : website)}
      target="_blank"
      rel={pharmacy.sponsored ? "sponsored noopener" : "noopener"}
      className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-sm text-white shadow-sm hover:bg-brand-800"
    >
      {consultation ? `${START_CONSULTATION_LABEL} at ${pharmacy.name}` : `Visit ${pharmacy.name}`}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

function courseRows(pair: PharmacyPair): FactRow[] {
  if (!pair.course) return [];
  const { course, a, b } = pair;
  const term = `${course.plan.name} over ${horizonWords(course.horizonMonths)}`;
  const x = courseFact(course, a.id);
  const y = courseFact(course, b.id);
  return [{ term: `Course: ${term}`, a: x, b: y, differs: x !== y }];
}

function PriceCell({ row, lower }: { row: PharmacyPair["dosages"][number]["a"]; lower: boolean }) {
  const cell = dosageCell(row);
  if (!cell) return <td className="px-2 py-3 text-slate-600">No price</td>;
  return (
    <td className={`px-3 py-3 ${lower ? "bg-saving-50" : ""}`}>
      <span className="font-semibold text-slate-900 tabular-nums">{cell.price}</span>
      {lower ? (
        <span className="ml-1 inline-block whitespace-nowrap rounded-full bg-white px-2 py-0.5 font-semibold text-saving-700 text-xs ring-1 ring-saving-700/30">
          Lower
        </span>
      ) : null}
      {cell.total ? (
        <span className="block text-slate-700 text-xs tabular-nums">{`Total ${cell.total}`}</span>
      ) : null}
      {cell.note ? <span className="block text-slate-600 text-xs">{cell.note}</span> : null}
      <span className={`block text-xs ${cell.stock === "In stock" ? "text-saving-700" : "text-rose-700"}`}>
        {cell.stock}
      </span>
      {row?.mayBeOutOfDate && row.lastConfirmed ? (
        <StaleNote lastConfirmed={row.lastConfirmed} className="mt-1" />
      ) : null}
    </td>
  );
}

function FactTable({ a, b, rows }: { a: Pharmacy; b: Pharmacy; rows: readonly FactRow[] }) {
  return (
    <div className="mt-4 overflow-hidden rounded-xl border border-slate-200">
      <table className="w-full table-fixed break-words text-left text-sm">
        <caption className="sr-only">{`Fees, delivery and registration of ${a.name} and ${b.name}`}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-2 py-2 font-semibold">
              <span className="sr-only">Fact</span>
            </th>
            <th scope="col" className="px-2 py-2 font-semibold">
              {a.name}
            </th>
            <th scope="col" className="px-2 py-2 font-semibold">
              {b.name}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={row.term} className={row.differs ? "bg-amber-50" : undefined}>
              <th scope="row" className="px-2 py-3 font-medium text-slate-900">
                {row.term}
                {row.differs ? (
                  <span className="ml-1 inline-block whitespace-nowrap rounded-full bg-white px-2 py-0.5 font-semibold text-amber-800 text-xs ring-1 ring-amber-700/30">
                    Differs
                  </span>
                ) : null}
              </th>
              <FactCell value={row.a} registration={row.term === "GPhC registration"} />
              <FactCell value={row.b} registration={row.term === "GPhC registration"} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FactCell({ value, registration }: { value: string; registration: boolean }) {
  return (
    <td className="px-2 py-3 text-slate-800">
      {registration ? (
        <a
          href={gphcRegisterUrl(value)}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-brand-700 underline"
        >
          {value}
          <span className="sr-only"> on the GPhC register (opens in a new tab)</span>
        </a>
      ) : (
        value
      )}
    </td>
  );
}
