import {
  isWebAddress,
  type Pharmacy,
  type PharmacyPageMedication,
  pharmacyClickOutUrl,
} from "@pharmacompare/contract";
import { data, useRouteLoaderData } from "react-router";
import { PharmacyLogo } from "../../components/condition/pharmacy-logo.tsx";
import { ONE_RATING_SOURCE_NOTE, RatingStars } from "../../components/condition/rating-stars.tsx";
import { termLines } from "../../components/pharmacy/pharmacy-terms.ts";
import { Breadcrumb } from "../../components/ui/breadcrumb.tsx";
import { StatusPage } from "../../components/ui/status-page.tsx";
import { deliveryOptionLabels } from "../../lib/delivery-options.ts";
import { pageMeta, siteTitle } from "../../lib/page-meta.ts";
import { loadPharmacyPage } from "../../lib/pharmacy-page.server.ts";
import { cqcRegisterUrl, gphcRegisterUrl } from "../../lib/regulator-links.ts";
import { sitePaths } from "../../lib/site-paths.ts";
import { breadcrumbList, pharmacyEntity } from "../../lib/structured-data.ts";
import type { loader as rootLoader } from "../../root.tsx";
import type { Route } from "./+types/route";
import { DeliveryTerms, ExternalLinkIcon, type RegisterEntry, Registrations } from "./pharmacy-facts.tsx";
import { PharmacyMedications } from "./pharmacy-medications.tsx";

/**
 * A pharmacy's own page (issue 11, Trust): who it is, what delivery costs, its GPhC registration
 * (and CQC, where it has one) with links to check them, and the medications it lists, each linked
 * to its comparison. One API call; unknown or switched-off pharmacies answer 404.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const result = await loadPharmacyPage(params.id, request.signal);
  if (result.status === "found") return result;
  return data(result, { status: result.status === "not-found" ? 404 : 503 });
}

function registerEntries(pharmacy: Pharmacy): RegisterEntry[] {
  return [
    {
      label: "GPhC premises number",
      number: pharmacy.gphcNumber,
      url: gphcRegisterUrl(pharmacy.gphcNumber),
      register: "GPhC register",
    },
    ...(pharmacy.cqcNumber
      ? [
          {
            label: "CQC location ID",
            number: pharmacy.cqcNumber,
            url: cqcRegisterUrl(pharmacy.cqcNumber),
            register: "CQC register",
          },
        ]
      : []),
  ];
}

const webAddress = (value: string) => (isWebAddress(value.trim()) ? value.trim() : undefined);

function describe(pharmacy: Pharmacy, medicationCount: number): string {
  const listed =
    medicationCount > 0
      ? `Compare its prices for ${medicationCount} ${medicationCount === 1 ? "medication" : "medications"}`
      : "See what it charges";
  return `${pharmacy.name}, GPhC-registered UK online pharmacy ${pharmacy.gphcNumber}: delivery terms, reviews and registration. ${listed} with other UK pharmacies.`;
}

export function meta({ loaderData, matches }: Route.MetaArgs): Route.MetaDescriptors {
  if (loaderData?.status !== "found") {
    return [
      {
        title: siteTitle(
          loaderData?.status === "unavailable" ? "Pharmacy unavailable" : "Pharmacy Not Found",
        ),
      },
      { name: "robots", content: "noindex" },
    ];
  }
  const { pharmacy, medications } = loaderData.page;
  const path = sitePaths.pharmacy(pharmacy.id);
  return pageMeta({
    title: siteTitle(`${pharmacy.name}: prices, delivery and registration`),
    socialTitle: pharmacy.name,
    description: describe(pharmacy, medications.length),
    path,
    siteUrl: matches[0]?.loaderData?.env.siteUrl,
    withUrl: (url, siteUrl) => [
      {
        "script:ld+json": pharmacyEntity({
          name: pharmacy.name,
          description: pharmacy.description,
          pageUrl: url,
          website: webAddress(pharmacy.website),
          sameAs: [
            gphcRegisterUrl(pharmacy.gphcNumber),
            ...(pharmacy.cqcNumber ? [cqcRegisterUrl(pharmacy.cqcNumber)] : []),
            ...(webAddress(pharmacy.trustpilotUrl) ? [pharmacy.trustpilotUrl.trim()] : []),
          ],
          gphcNumber: pharmacy.gphcNumber,
          cqcNumber: pharmacy.cqcNumber,
        }),
      },
      {
        "script:ld+json": breadcrumbList([{ name: "Home", url: `${siteUrl}/` }, { name: pharmacy.name }]),
      },
    ],
  });
}

const comparePath = (medication: PharmacyPageMedication) =>
  sitePaths.conditionMedication(medication.subcategoryId, medication.name, medication.cheapest.dosage);

export default function PharmacyPage({ loaderData }: Route.ComponentProps) {
  const apiUrl = useRouteLoaderData<typeof rootLoader>("root")?.env.apiUrl;
  if (loaderData.status === "not-found") {
    return (
      <StatusPage eyebrow="404" title="Pharmacy Not Found">
        <p>We could not find that pharmacy. It may no longer be listed, or the address may be mistyped.</p>
      </StatusPage>
    );
  }
  if (loaderData.status === "unavailable") {
    return (
      <StatusPage title="Pharmacy unavailable">
        <p>This pharmacy's details could not be loaded just now. Please try again in a few minutes.</p>
      </StatusPage>
    );
  }

  const { pharmacy, medications } = loaderData.page;
  const website = webAddress(pharmacy.website);
  const trustpilot = webAddress(pharmacy.trustpilotUrl);
  const optionLabels = pharmacy.deliveryOptions.map((option) => deliveryOptionLabels[option]);

  return (
    <>
      <div className="border-slate-100 border-b bg-gradient-to-b from-brand-50 to-white">
        <div className="page-container py-8 sm:py-10">
          <Breadcrumb trail={[{ label: "Home", to: sitePaths.home }, { label: pharmacy.name }]} />
          <div className="mt-5 flex items-start gap-4">
            <PharmacyLogo name={pharmacy.name} className="size-14" />
            <div className="min-w-0">
              <h1 className="text-balance font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl">
                {pharmacy.name}
              </h1>
              <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
                <RatingStars rating={pharmacy.rating} />
                <span className="text-slate-600 text-xs">{ONE_RATING_SOURCE_NOTE}</span>
                <span className="inline-flex items-center gap-1.5 rounded-full bg-saving-50 px-2.5 py-0.5 font-semibold text-saving-700 text-xs ring-1 ring-saving-700/30 ring-inset">
                  <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false" className="size-3">
                    <path d="M3 8.5 6.5 12 13 4.5" fill="none" stroke="currentColor" strokeWidth="2.5" />
                  </svg>
                  GPhC registered · {pharmacy.gphcNumber}
                </span>
              </div>
            </div>
          </div>
          {pharmacy.description ? (
            <p className="mt-4 max-w-3xl text-base text-slate-600 leading-7 sm:text-lg">
              {pharmacy.description}
            </p>
          ) : null}
          {website || trustpilot ? (
            <div className="mt-6 flex flex-wrap gap-3">
              {website ? (
                <a
                  // Through the API's counted click-out, which adds the referral (decision 044).
                  href={apiUrl ? pharmacyClickOutUrl(apiUrl, pharmacy.id, "pharmacy-page") : website}
                  target="_blank"
                  rel={pharmacy.sponsored ? "sponsored noopener" : "noopener"}
                  className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-5 py-3 font-semibold text-sm text-white shadow-sm hover:bg-brand-800"
                >
                  Visit website
                  <span className="sr-only"> of {pharmacy.name} (opens in a new tab)</span>
                  <ExternalLinkIcon />
                </a>
              ) : null}
              {trustpilot ? (
                <a
                  href={trustpilot}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex items-center justify-center gap-2 rounded-lg bg-white px-5 py-3 font-semibold text-slate-900 text-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
                >
                  Reviews on Trustpilot
                  <span className="sr-only"> (opens in a new tab)</span>
                  <ExternalLinkIcon />
                </a>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>

      <div className="page-container grid items-start gap-8 py-8 sm:py-12 lg:grid-cols-3">
        <div className="space-y-6 lg:order-2">
          <DeliveryTerms lines={termLines(pharmacy, optionLabels)} />
          <Registrations entries={registerEntries(pharmacy)} />
        </div>
        <div className="lg:order-1 lg:col-span-2">
          <PharmacyMedications
            pharmacyName={pharmacy.name}
            medications={medications}
            comparePath={comparePath}
          />
        </div>
      </div>
    </>
  );
}
