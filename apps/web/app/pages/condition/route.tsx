import { formatPounds, stockLine, supplyNoticeSource } from "@pharmacompare/contract";
import type { ReactNode } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  useLocation,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
import { PrescriptionOnlyNote } from "../../components/condition/prescription-only.tsx";
import { PRICE_ALERT_INTENT } from "../../components/condition/price-alert-fields.ts";
import {
  buildPriceRows,
  checkedWords,
  generalMessages,
  orderWords,
  showsTotals,
  tablePrice,
} from "../../components/condition/price-rows.ts";
import { StatusPage } from "../../components/ui/status-page.tsx";
import { serverApi } from "../../lib/api.server.ts";
import { catalogue } from "../../lib/catalogue.server.ts";
import { loadWhen, whenVisible } from "../../lib/load-when.tsx";
import { navCategory, navSubcategory } from "../../lib/nav-categories.ts";
import { pageMeta, siteTitle } from "../../lib/page-meta.ts";
import { logFormOutcome } from "../../lib/server-log.server.ts";
import { sitePaths } from "../../lib/site-paths.ts";
import { breadcrumbList, comparedProduct } from "../../lib/structured-data.ts";
import type { loader as rootLoader } from "../../root.tsx";
import type { Route } from "./+types/route";
import { ComparisonPicker } from "./comparison-picker.tsx";
import { Breadcrumb, ConditionChips, OtherConditions } from "./condition-nav.tsx";
import { CourseCostSection } from "./course-cost-section.tsx";
import { MessageBanners } from "./message-banners.tsx";
import { NhsCourseLines, NhsRoutePanel } from "./nhs-route-panel.tsx";
import { MedicalDisclaimer } from "./page-notes.tsx";
import { PriceAlertForm } from "./price-alert-form.tsx";
import { loadPriceAlertSending, unsentPriceAlert } from "./price-alert-sending.ts";
import { PriceTable } from "./price-table.tsx";
import { comparisonSearch, readSort, readView } from "./selection.ts";
import { SortControl } from "./sort-control.tsx";
import { StockLine, SupplyNotices } from "./supply-notices.tsx";
import { ViewControl } from "./view-control.tsx";

// Below the comparison, and used by only some visitors: the price history's code (the section and
// its request, before the chart's own) comes as it nears the screen or when the browser is idle
// (issue 47, lib/load-when.tsx). Until then the server's HTML keeps its place.
const PriceHistorySection = loadWhen(whenVisible("#price-history"), () =>
  import("./price-history-section.tsx").then((module) => module.PriceHistorySection),
);

/**
 * The condition page (public site §2, §4): one condition's medications, the chosen medication and
 * dosage's prices from every pharmacy, and the admin messages for that medication. Everything is
 * loaded on the server through the catalogue chain; the choice lives in the URL.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const medicationQuery = url.searchParams.get("medication");
  // An unknown order (an edited link) is the default one, not a refusal.
  const sort = readSort(url.searchParams.get("sort"));
  const view = readView(url.searchParams.get("view"));
  const condition = await catalogue().condition(
    params.subcategoryId,
    {
      medication: medicationQuery,
      dosage: url.searchParams.get("dosage"),
      sort,
      view,
      plan: url.searchParams.get("plan"),
      horizon: url.searchParams.get("horizon"),
    },
    request.signal,
  );
  if (!condition.found) {
    throw data({ catalogueSource: condition.source }, { status: 404, statusText: "Not Found" });
  }
  const { page } = condition;
  const comparison = page.comparison;
  const chosen = page.medications.find((entry) => entry.id === page.medicationId);

  return {
    catalogueSource: condition.source,
    // The category and condition as the navigation draws them; the tree itself is the root's.
    category: navCategory(page.category),
    subcategory: navSubcategory(page.subcategory),
    // The picker needs names and dosages only; the chosen medication's details come once, below.
    medications: page.medications.map(({ id, name, dosage }) => ({ id, name, dosage })),
    medicationCount: page.medicationCount,
    medication: chosen
      ? {
          id: chosen.id,
          name: chosen.name,
          genericName: chosen.genericName,
          description: chosen.description,
          dosage: chosen.dosage,
          legalCategory: chosen.legalCategory,
        }
      : null,
    dosage: page.dosage,
    // The canonical address keeps the medication only when the visitor asked for one.
    canonicalMedication: medicationQuery?.trim() && comparison ? comparison.medication.name : null,
    // Only what the rows read (issue 47): live prices link through the API's counted click-out
    // (decision 044), made in the browser from the price's id; the saved file's link directly.
    prices: (comparison?.prices ?? []).map((price) => tablePrice(price, condition.source === "api")),
    sort: comparison?.sort ?? sort,
    // Null where no row has an introductory price: no view control, the table as before (decision 057).
    view: comparison?.view ?? null,
    // The visitor's view, kept in links even while this comparison has none.
    viewChoice: view,
    savings: comparison?.savings ?? 0,
    // The cheapest in-stock offer: the price alert's "current price" (public site §5).
    lowest: comparison?.lowest
      ? { price: comparison.lowest.price, pharmacyName: comparison.lowest.pharmacy.name }
      : null,
    messages: page.messages,
    // The cost of a course (decision 042): the API prices it; the saved file has none.
    coursePlans: page.coursePlans ?? [],
    course: page.course ?? null,
    // The NHS route beside the prices (decision 056); the saved file has none.
    nhs: page.nhs ?? null,
    // Today's price against our own history and the events on it (decision 059); the saved file has none.
    priceContext: page.priceContext ?? null,
    // Supply (decision 060): the words made here, so the page's JavaScript carries no rule; the
    // saved file has no notices.
    stockLine: page.stock ? stockLine(page.stock) : null,
    supplyNotices: (page.supplyNotices ?? []).map((notice) => ({
      id: notice.id,
      message: notice.message,
      sourceUrl: notice.sourceUrl,
      source: supplyNoticeSource(notice),
    })),
  };
}

/** Only the price alert form posts to this page. */
function unknownIntent(form: FormData) {
  return form.get("intent") !== PRICE_ALERT_INTENT;
}

/**
 * Without JavaScript the price alert form posts here and this server sends it on, with the
 * visitor's address chain, as the contact form does (decision 010).
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  if (unknownIntent(form)) throw data("Unknown form", { status: 400 });
  const forwardedFor = request.headers.get("x-forwarded-for");
  // Imported here as in clientAction, so the page's own chunk never holds the sending code.
  const { sendPriceAlert } = await import("../../components/condition/price-alert-submission.ts");
  return sendPriceAlert(serverApi(), form, {
    init: {
      signal: request.signal,
      headers: forwardedFor ? { "X-Forwarded-For": forwardedFor } : undefined,
    },
    log: logFormOutcome,
  });
}

/**
 * With JavaScript the browser calls the API itself (public site §7: POST /api/price-alerts); when
 * the API cannot be reached the alert is kept on the device and sent when it answers again. The
 * sending code is fetched when the form is first used (decision 025).
 */
export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  if (unknownIntent(form)) throw data("Unknown form", { status: 400 });
  const sending = await loadPriceAlertSending().catch(() => undefined);
  // Offline since before the form was used: its failure sentence, with what was typed.
  if (!sending) return unsentPriceAlert(form);
  const [api, submission, storage] = sending;
  return submission.sendPriceAlert(api, form, {
    init: { signal: request.signal },
    keepForLater: storage.keepPriceAlertForLater,
  });
}

export function meta({ loaderData, matches }: Route.MetaArgs): Route.MetaDescriptors {
  if (!loaderData) {
    return [{ title: siteTitle("Condition Not Found") }, { name: "robots", content: "noindex" }];
  }
  const { subcategory, medications, canonicalMedication } = loaderData;
  const title = siteTitle(`${subcategory.name} prices compared`);
  const examples = medications.slice(0, 3).map((medication) => medication.name);
  const description =
    examples.length > 0
      ? `Compare UK online pharmacy prices for ${subcategory.name.toLowerCase()} treatments such as ` +
        `${listOf(examples)}: the cheapest price, delivery times and ratings side by side.`
      : `Compare UK online pharmacy prices for ${subcategory.name.toLowerCase()} treatments, free and independent.`;
  const path =
    sitePaths.condition(subcategory.id) +
    (canonicalMedication ? `?${new URLSearchParams({ medication: canonicalMedication })}` : "");
  const chosen = loaderData.medication;
  return pageMeta({
    title,
    description,
    path,
    siteUrl: matches[0]?.loaderData?.env.siteUrl,
    withUrl: (url, siteUrl) => {
      const product = chosen
        ? comparedProduct({
            name: `${chosen.name} ${loaderData.dosage ?? ""}`.trim(),
            description: chosen.description || `${chosen.name} prices compared across UK online pharmacies.`,
            url,
            prices: loaderData.prices.map((price) => price.price),
          })
        : null;
      const trail = breadcrumbList([
        { name: "Home", url: `${siteUrl}/` },
        { name: subcategory.name, url: `${siteUrl}${sitePaths.condition(subcategory.id)}` },
        ...(canonicalMedication && chosen ? [{ name: chosen.name }] : []),
      ]);
      return [{ "script:ld+json": trail }, ...(product ? [{ "script:ld+json": product }] : [])];
    },
  });
}

function listOf(names: string[]): string {
  if (names.length < 2) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

export default function ConditionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { category, subcategory, medications, medicationCount, prices, sort, savings, messages, lowest } =
    loaderData;
  // The tree for "other conditions" is the root loader's: the header and footer use it too.
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const categories = root?.categories ?? [category];
  // The API's address for the live prices' click-outs; the saved file's prices link directly.
  const clickOutApi = loaderData.catalogueSource === "api" ? (root?.env.apiUrl ?? null) : null;
  const medication = loaderData.medication ?? undefined;
  const dosage = loaderData.dosage ?? undefined;
  const navigation = useNavigation();
  const location = useLocation();
  // A new medication or dosage on this page: keep the page, mark the prices as updating.
  const updating = navigation.state === "loading" && navigation.location.pathname === location.pathname;

  return (
    <>
      <div className="border-slate-100 border-b bg-gradient-to-b from-brand-50 to-white">
        <div className="page-container py-8 sm:py-10">
          <Breadcrumb category={category} subcategory={subcategory} />
          <h1 className="mt-4 text-balance font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl">
            {subcategory.name}
          </h1>
          {subcategory.description ? (
            <p className="mt-3 max-w-3xl text-base text-slate-600 leading-7 sm:text-lg">
              {subcategory.description}
            </p>
          ) : null}
          <div className="mt-6">
            <ConditionChips category={category} currentId={subcategory.id} />
          </div>
        </div>
      </div>

      <div className="page-container space-y-10 py-8 sm:space-y-12 sm:py-12">
        {medication === undefined ? (
          <NoMedications conditionName={subcategory.name} />
        ) : (
          <>
            <section
              aria-labelledby="compare-heading"
              className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
            >
              <h2 id="compare-heading" className="font-bold text-lg text-slate-900">
                Compare prices
              </h2>
              <p className="mt-1 text-slate-600 text-sm">
                Pick a medication and a dosage to see what each UK pharmacy charges.
              </p>
              <div className="mt-5">
                <ComparisonPicker
                  medications={medications}
                  medication={medication}
                  dosage={dosage}
                  sort={sort}
                  view={loaderData.viewChoice}
                />
              </div>
              {medicationCount > medications.length ? (
                <p className="mt-3 text-slate-600 text-sm">
                  {`The list shows ${medications.length} of this condition's `}
                  {`${medicationCount.toLocaleString("en-GB")} medications, A to Z. `}
                  <Link to={sitePaths.search()} className="font-semibold text-brand-700 underline">
                    Search
                  </Link>{" "}
                  to find any other.
                </p>
              ) : null}
              {medication.description ? (
                <p className="mt-5 border-slate-100 border-t pt-4 text-slate-600 text-sm leading-6">
                  <strong className="font-semibold text-slate-900">{medication.name}</strong>
                  {medication.genericName && medication.genericName !== medication.name
                    ? ` (${medication.genericName})`
                    : ""}
                  : {medication.description}
                </p>
              ) : null}
            </section>

            <MessageBanners messages={generalMessages(messages)} />

            <SupplyNotices
              notices={loaderData.supplyNotices}
              subject={dosage === undefined ? medication.name : `${medication.name} ${dosage}`}
            />

            <section
              aria-labelledby="prices-heading"
              aria-busy={updating}
              className={`motion-safe:transition-opacity ${updating ? "opacity-60" : ""}`}
            >
              <PriceResults
                medication={medication}
                dosage={dosage}
                prices={prices}
                sort={sort}
                view={loaderData.view}
                viewChoice={loaderData.viewChoice}
                savings={savings}
                messages={messages}
                clickOutApi={clickOutApi}
                stockLine={loaderData.stockLine}
              />
            </section>

            <NhsRoutePanel
              nhs={loaderData.nhs}
              medicationName={medication.name}
              conditionName={subcategory.name}
            />

            <CourseCostSection
              plans={loaderData.coursePlans}
              course={loaderData.course}
              medication={medication}
              dosage={dosage}
              sort={sort}
              nhs={<NhsCourseLines nhs={loaderData.nhs} />}
              view={loaderData.viewChoice}
            />

            <PriceHistorySection
              medicationId={medication.id}
              medicationName={medication.name}
              dosage={dosage}
              priceContext={loaderData.priceContext}
            />

            <div className="grid items-start gap-6 lg:grid-cols-2">
              <PriceAlertForm
                medicationId={medication.id}
                medicationName={medication.name}
                dosage={dosage}
                lowest={lowest}
                serverOutcome={actionData}
              />
              <MedicalDisclaimer />
            </div>
          </>
        )}

        <OtherConditions categories={categories} currentId={subcategory.id} />
      </div>
    </>
  );
}

type LoaderData = Route.ComponentProps["loaderData"];

function PriceResults({
  medication,
  dosage,
  prices,
  sort,
  view,
  viewChoice,
  savings,
  messages,
  clickOutApi,
  stockLine,
}: {
  stockLine: string | null;
  clickOutApi: string | null;
  view: LoaderData["view"];
  viewChoice: LoaderData["viewChoice"];
  medication: NonNullable<LoaderData["medication"]>;
  dosage: string | undefined;
  prices: LoaderData["prices"];
  sort: LoaderData["sort"];
  savings: number;
  messages: LoaderData["messages"];
}) {
  const medicationName = medication.name;
  if (dosage === undefined) {
    return (
      <>
        <h2 id="prices-heading" tabIndex={-1} className="sr-only">
          Prices
        </h2>
        <EmptyState title="Choose a medication and a dosage to compare prices.">
          {medicationName} has no dosage listed yet. Choose another medication above.
        </EmptyState>
      </>
    );
  }

  const subject = `${medicationName} ${dosage}`;
  const rows = buildPriceRows(prices, messages);
  const heading = (
    <h2
      id="prices-heading"
      tabIndex={-1}
      className="font-bold text-slate-900 text-xl tracking-tight sm:text-2xl"
    >
      {`${subject} prices`}
    </h2>
  );

  if (rows.length === 0) {
    return (
      <>
        {heading}
        <div className="mt-4">
          <EmptyState title="No Prices Available">
            None of the pharmacies we compare lists {subject} at the moment. Try another dosage or medication,
            or check back soon.
          </EmptyState>
        </div>
      </>
    );
  }

  const checked = checkedWords(rows.map((row) => row.price));
  const totals = showsTotals(rows);
  // Without delivery terms (the saved file) no row has a total, and the rows are in price order.
  const order = totals ? sort : "price";
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div>
          {heading}
          <p className="mt-1 text-slate-600 text-sm">
            {rows.length} {rows.length === 1 ? "pharmacy" : "pharmacies"}, {orderWords(order, view)}
            {checked ? ` · ${checked}` : ""}
          </p>
          <StockLine line={stockLine} />
        </div>
        {view !== null || totals ? (
          <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
            {view !== null ? (
              <ViewControl
                view={view}
                searchFor={(choice) => comparisonSearch(medication, dosage, sort, choice)}
              />
            ) : null}
            {totals ? (
              <SortControl
                sort={sort}
                searchFor={(order) => comparisonSearch(medication, dosage, order, viewChoice)}
              />
            ) : null}
          </div>
        ) : null}
      </div>
      {savings > 0 ? (
        <p className="mt-2 text-slate-700 text-sm">
          The cheapest pharmacy with it in stock is{" "}
          <strong className="font-semibold text-saving-700">{formatPounds(savings)} less</strong> than the
          dearest for the same pack.
        </p>
      ) : null}
      <PrescriptionOnlyNote legalCategory={medication.legalCategory} />
      <div className="mt-5">
        <PriceTable
          rows={rows}
          subject={subject}
          medicationId={medication.id}
          dosage={dosage}
          now={new Date()}
          sort={order}
          view={view}
          prescriptionOnly={medication.legalCategory === "POM"}
          clickOutApi={clickOutApi}
        />
      </div>
      <p className="mt-3 text-slate-600 text-xs leading-5">
        {view !== null ? `${VIEW_NOTES[view]} ` : null}
        {totals
          ? "Prices are set by each pharmacy. Totals add the pharmacy's standard delivery for this pack alone " +
            "and its consultation fee, as a first order pays it; faster delivery may cost extra. "
          : "Prices are set by each pharmacy and may not include delivery. "}
        PharmaCompare may earn a small commission when you buy through a link, at no extra cost to you; it
        never changes the order.{" "}
        <Link to={sitePaths.howWeRank} className="font-medium text-brand-700 underline hover:text-brand-800">
          How we rank prices
        </Link>
      </p>
    </>
  );
}

/**
 * What each view counts (decision 057), said under the table where some pharmacy has an
 * introductory price: the arithmetic is the contract's `viewCostPence`.
 */
const VIEW_NOTES: Record<NonNullable<LoaderData["view"]>, string> = {
  "three-months":
    "Some pharmacies charge an introductory price for a first order or first month. The first 3 months count " +
    "one pack a month: the first order at the introductory price, then two at the ongoing price, each with its fees.",
  "first-order":
    "Some pharmacies charge an introductory price for a first order or first month: this view compares first orders.",
  ongoing:
    "Some pharmacies charge an introductory price for a first order or first month: this view compares what each " +
    "repeat order costs afterwards, without one-off fees.",
};

function EmptyState({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-slate-300 border-dashed bg-slate-50 px-6 py-10 text-center">
      <p className="font-semibold text-lg text-slate-900">{title}</p>
      <p className="mx-auto mt-2 max-w-xl text-slate-600 text-sm leading-6">{children}</p>
    </div>
  );
}

function NoMedications({ conditionName }: { conditionName: string }) {
  return (
    <section
      aria-labelledby="no-medications-heading"
      className="rounded-2xl border border-slate-200 bg-slate-50 px-6 py-12 text-center"
    >
      <h2 id="no-medications-heading" className="font-bold text-2xl text-slate-900 tracking-tight">
        No Medications Available
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-slate-600 leading-7">
        We don't compare prices for any {conditionName.toLowerCase()} medication yet. Other conditions may
        have what you are looking for.
      </p>
      <a
        href="#other-conditions"
        className="mt-6 inline-flex items-center justify-center rounded-lg bg-brand-700 px-5 py-3 font-semibold text-sm text-white shadow-sm hover:bg-brand-800"
      >
        Browse Other Conditions
      </a>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <StatusPage eyebrow="404" title="Condition Not Found">
        <p>
          We could not find that condition. It may have been renamed or removed, or the address may be
          mistyped.
        </p>
      </StatusPage>
    );
  }
  // Anything else is the root boundary's business.
  throw error;
}
