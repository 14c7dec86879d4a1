import type { FastifyPluginAsync } from "fastify";
import { adminMessageRoutes } from "./admin-messages.ts";
import { adminApiKeyRoutes } from "./api-keys.ts";
import { adminAuditRoutes } from "./audit.ts";
import { adminLoginRoutes, adminSecondFactorRoutes, adminSessionRoutes } from "./auth.ts";
import { adminBlogRoutes } from "./blog.ts";
import { adminCategoryRoutes } from "./categories.ts";
import { adminContactRoutes } from "./contacts.ts";
import { adminFeedRoutes } from "./feeds.ts";
import { adminJobRoutes } from "./jobs.ts";
import { adminMedicationEventRoutes } from "./medication-events.ts";
import { adminMedicationRoutes } from "./medications.ts";
import { adminNewsletterRoutes } from "./newsletters.ts";
import { adminNhsChargeRoutes } from "./nhs-charges.ts";
import { adminPharmacyRoutes } from "./pharmacies.ts";
import { adminPriceAlertRoutes } from "./price-alerts.ts";
import { adminPriceSheetRoutes } from "./price-sheets.ts";
import { adminPriceRoutes } from "./prices.ts";
import { adminStatsRoutes } from "./stats.ts";
import { adminSubscriptionRoutes } from "./subscriptions.ts";
import { adminSupplyNoticeRoutes } from "./supply-notices.ts";
import { unknownAdminPathRoutes } from "./unknown-paths.ts";

/**
 * The back-office routes. The guard itself is keyed by each route's access flag, not by this
 * scope (routes/admin/access-guard.ts): every `access: "admin"` entry answers 401 without a live
 * session, whatever its path: `/api/admin/*`, `/api/blog/admin/*`, `/admin/admin-messages*`,
 * `/admin/subscriptions*`. Sign-in is registered from a public entry.
 */
export const adminRoutes: FastifyPluginAsync = async (app) => {
  // Tokens and admin data must never sit in a shared or browser cache.
  app.addHook("onSend", async (_request, reply) => {
    reply.header("Cache-Control", "no-store");
  });

  await app.register(adminLoginRoutes);

  await app.register(adminSessionRoutes);
  await app.register(adminSecondFactorRoutes);
  await app.register(adminAuditRoutes);
  await app.register(adminStatsRoutes);
  await app.register(adminMessageRoutes);
  await app.register(adminBlogRoutes);
  await app.register(adminContactRoutes);
  await app.register(adminPriceAlertRoutes);
  await app.register(adminSubscriptionRoutes);
  await app.register(adminJobRoutes);
  await app.register(adminNewsletterRoutes);
  await app.register(adminMedicationRoutes);
  await app.register(adminPharmacyRoutes);
  await app.register(adminPriceRoutes);
  await app.register(adminPriceSheetRoutes);
  await app.register(adminFeedRoutes);
  await app.register(adminCategoryRoutes);
  await app.register(adminNhsChargeRoutes);
  await app.register(adminMedicationEventRoutes);
  await app.register(adminSupplyNoticeRoutes);
  await app.register(adminApiKeyRoutes);
  // Last: every other path under the admin prefixes answers 401, or 404 behind the guard.
  await app.register(unknownAdminPathRoutes);
};
