import type { FastifyPluginAsync } from "fastify";
import { publicAdminMessageRoutes } from "./admin-messages.ts";
import { blogRoutes } from "./blog.ts";
import { categoryRoutes } from "./categories.ts";
import { clickOutRoutes } from "./click-outs.ts";
import { conditionPageRoutes } from "./condition-page.ts";
import { contactRoutes } from "./contact.ts";
import { cspReportRoutes } from "./csp-reports.ts";
import { dataVersionRoutes } from "./data-version.ts";
import { medicationRoutes } from "./medications.ts";
import { pharmacyRoutes } from "./pharmacies.ts";
import { pharmacyPageRoutes } from "./pharmacy-page.ts";
import { pharmacyPairRoutes } from "./pharmacy-pair.ts";
import { priceHistoryRoutes } from "./price-history.ts";
import { priceIndexRoutes } from "./price-index.ts";
import { priceRoutes } from "./prices.ts";
import { siteFigureRoutes } from "./site-figures.ts";
import { sitemapRoutes } from "./sitemap.ts";
import { visitorWriteRoutes } from "./visitor-writes.ts";

/**
 * Routes any visitor may call: the reads (and the condition page's own), the contact form, price
 * alerts, subscriptions and the links in our emails.
 */
export const publicRoutes: FastifyPluginAsync = async (app) => {
  await app.register(categoryRoutes);
  await app.register(medicationRoutes);
  await app.register(pharmacyRoutes);
  await app.register(priceRoutes);
  await app.register(priceHistoryRoutes);
  await app.register(priceIndexRoutes);
  await app.register(publicAdminMessageRoutes);
  await app.register(blogRoutes);
  await app.register(contactRoutes);
  await app.register(conditionPageRoutes);
  await app.register(pharmacyPageRoutes);
  await app.register(pharmacyPairRoutes);
  await app.register(sitemapRoutes);
  await app.register(siteFigureRoutes);
  await app.register(dataVersionRoutes);
  await app.register(visitorWriteRoutes);
  await app.register(cspReportRoutes);
  await app.register(clickOutRoutes);
};
