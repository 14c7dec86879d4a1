import { demoAdminMessages } from "./admin-messages.ts";
import { demoBlogPosts } from "./blog-posts.ts";
import { demoCategories } from "./categories.ts";
import { demoMedications } from "./medications.ts";
import { demoPharmacies } from "./pharmacies.ts";

export { demoAdminMessages } from "./admin-messages.ts";
export { demoBlogPosts } from "./blog-posts.ts";
export { demoCategories } from "./categories.ts";
export { DEMO_CONSULTATION_URLS } from "./consultation-addresses.ts";
export { demoCoursePlans } from "./course-plans.ts";
export * from "./demo-life.ts";
export { withDemoIntroductoryPrices } from "./introductory-prices.ts";
export { demoMedications } from "./medications.ts";
export { DEMO_NHS_CHARGES, DEMO_NHS_COURSE_PLANS, demoNhsRoutes } from "./nhs-route.ts";
export { demoPharmacies } from "./pharmacies.ts";
export { DEMO_PRICE_EVENTS } from "./price-events.ts";
export * from "./prices.ts";
export { demoSupplyNotices } from "./supply-notices.ts";
export type * from "./types.ts";

/** The whole static demo catalogue. Prices and their history come from the generators in prices.ts. */
export const demoCatalogue = {
  categories: demoCategories,
  medications: demoMedications,
  pharmacies: demoPharmacies,
  blogPosts: demoBlogPosts,
  adminMessages: demoAdminMessages,
};
