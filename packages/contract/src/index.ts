export * from "./back-office-requests.ts";
export * from "./blog-api.ts";
export * from "./blog-images.ts";
export * from "./catalogue-claims.ts";
export * from "./category-tree.ts";
export * from "./claims.ts";
export * from "./click-outs.ts";
export * from "./comparison.ts";
export * from "./comparison-choices.ts";
export * from "./contact-api.ts";
export * from "./contact-wording.ts";
export * from "./endpoint.ts";
export * from "./endpoints/admin/admin-messages.ts";
export * from "./endpoints/admin/audit.ts";
export * from "./endpoints/admin/auth.ts";
export * from "./endpoints/admin/blog.ts";
export {
  CATALOGUE_LIMITS,
  catalogueMessages,
  idFromName,
  PriceLink,
} from "./endpoints/admin/catalogue-fields.ts";
export * from "./endpoints/admin/categories.ts";
export * from "./endpoints/admin/contacts.ts";
export * from "./endpoints/admin/jobs.ts";
export * from "./endpoints/admin/list-convention.ts";
export * from "./endpoints/admin/medications.ts";
export * from "./endpoints/admin/newsletters.ts";
export * from "./endpoints/admin/pharmacies.ts";
export * from "./endpoints/admin/price-alerts.ts";
export * from "./endpoints/admin/price-sheets.ts";
export * from "./endpoints/admin/prices.ts";
export * from "./endpoints/admin/second-factor.ts";
export * from "./endpoints/admin/service-health.ts";
export * from "./endpoints/admin/sessions.ts";
export * from "./endpoints/admin/stats.ts";
export * from "./endpoints/admin/subscriptions.ts";
export * from "./endpoints/index.ts";
export * from "./endpoints/public/csp-reports.ts";
export * from "./endpoints/public/data-version.ts";
export * from "./endpoints/public/pharmacy-page.ts";
export * from "./endpoints/public/price-history.ts";
export * from "./endpoints/public/sitemap.ts";
export * from "./entities.ts";
export * from "./env.ts";
export * from "./errors.ts";
export * from "./format.ts";
export * from "./health.ts";
export * from "./ids.ts";
export * from "./path-segment.ts";
export * from "./promoting-surfaces.ts";
export * from "./public-api.ts";
export * from "./public-api-limits.ts";
export * from "./query.ts";
export * from "./text.ts";
export * from "./unit-price.ts";
export * from "./visitor-writes.ts";
export * from "./visitor-writes-wording.ts";
export * from "./web-address.ts";
