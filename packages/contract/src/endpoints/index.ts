import type { EndpointDefinition } from "../endpoint.ts";
import * as adminMessageAdmin from "./admin/admin-messages.ts";
import * as apiKeys from "./admin/api-keys.ts";
import * as audit from "./admin/audit.ts";
import * as auth from "./admin/auth.ts";
import * as blogAdmin from "./admin/blog.ts";
import * as catalogueCategories from "./admin/categories.ts";
import * as contactAdmin from "./admin/contacts.ts";
import * as coursePlans from "./admin/course-plans.ts";
import * as priceFeeds from "./admin/feeds.ts";
import * as scheduledJobs from "./admin/jobs.ts";
import * as medicationEvents from "./admin/medication-events.ts";
import * as catalogueMedications from "./admin/medications.ts";
import * as newsletters from "./admin/newsletters.ts";
import * as nhsCharges from "./admin/nhs-charges.ts";
import * as cataloguePharmacies from "./admin/pharmacies.ts";
import * as priceAlertAdmin from "./admin/price-alerts.ts";
import * as priceSheets from "./admin/price-sheets.ts";
import * as cataloguePrices from "./admin/prices.ts";
import * as secondFactor from "./admin/second-factor.ts";
import * as serviceHealth from "./admin/service-health.ts";
import * as adminSessions from "./admin/sessions.ts";
import * as stats from "./admin/stats.ts";
import * as subscriptionAdmin from "./admin/subscriptions.ts";
import * as supplyNotices from "./admin/supply-notices.ts";
import * as openData from "./open/open-data.ts";
import * as adminMessages from "./public/admin-messages.ts";
import * as blog from "./public/blog.ts";
import * as categories from "./public/categories.ts";
import * as clickOuts from "./public/click-outs.ts";
import * as conditionPage from "./public/condition-page.ts";
import * as contact from "./public/contact.ts";
import * as cspReports from "./public/csp-reports.ts";
import * as dataVersion from "./public/data-version.ts";
import * as health from "./public/health.ts";
import * as medications from "./public/medications.ts";
import * as pharmacies from "./public/pharmacies.ts";
import * as pharmacyPage from "./public/pharmacy-page.ts";
import * as pharmacyPair from "./public/pharmacy-pair.ts";
import * as priceHistory from "./public/price-history.ts";
import * as priceIndex from "./public/price-index.ts";
import * as prices from "./public/prices.ts";
import * as siteFigures from "./public/site-figures.ts";
import * as sitemap from "./public/sitemap.ts";
import * as visitorWrites from "./public/visitor-writes.ts";

/**
 * The endpoint registry: every route the API serves, one module per resource. The API registers
 * from it, the OpenAPI document is generated from it, the web calls it (docs/architecture.md).
 */
export const publicEndpoints = {
  ...health,
  ...categories,
  ...medications,
  ...pharmacies,
  ...prices,
  ...priceHistory,
  ...priceIndex,
  ...adminMessages,
  ...blog,
  ...contact,
  ...conditionPage,
  ...pharmacyPage,
  ...pharmacyPair,
  ...sitemap,
  ...siteFigures,
  ...dataVersion,
  ...visitorWrites,
  ...cspReports,
  ...clickOuts,
} as const;

export const adminEndpoints = {
  ...auth,
  ...scheduledJobs,
  ...secondFactor,
  ...adminSessions,
  ...audit,
  ...stats,
  ...serviceHealth,
  ...adminMessageAdmin,
  ...blogAdmin,
  ...contactAdmin,
  ...priceAlertAdmin,
  ...subscriptionAdmin,
  ...newsletters,
  ...catalogueMedications,
  ...coursePlans,
  ...cataloguePharmacies,
  ...cataloguePrices,
  ...priceSheets,
  ...priceFeeds,
  ...catalogueCategories,
  ...nhsCharges,
  // Issue 45, decision 059.
  ...medicationEvents,
  ...supplyNotices,
  ...apiKeys,
} as const;

/** The read-only open API (decision 062): each call needs an open-API key. */
export const openEndpoints = {
  ...openData,
} as const;

function definitions(module: Record<string, unknown>): EndpointDefinition[] {
  return Object.values(module).filter(
    (value): value is EndpointDefinition =>
      typeof value === "object" &&
      value !== null &&
      "method" in value &&
      "path" in value &&
      "responses" in value,
  );
}

/** Every endpoint, for the API's registration check and the tests. */
export const allEndpoints: readonly EndpointDefinition[] = [
  ...definitions(publicEndpoints),
  ...definitions(adminEndpoints),
  ...definitions(openEndpoints),
];
