import type { Database, DatabaseHandle } from "../db/client.ts";
import { createAdminMessageService } from "./admin-message-service.ts";
import { createAdminStatsService } from "./admin-stats-service.ts";
import { createAuditService } from "./audit-service.ts";
import { createAuthService } from "./auth-service.ts";
import { createBlogService } from "./blog-service.ts";
import { createCategoryService } from "./category-service.ts";
import { createConditionPageService } from "./condition-page-service.ts";
import { createContactService } from "./contact-service.ts";
import { createMedicationService } from "./medication-service.ts";
import { createPharmacyService } from "./pharmacy-service.ts";
import { createPriceService } from "./price-service.ts";

export interface ServiceOptions {
  /** The clock sessions, throttles and audit entries use; tests inject one to skip time. */
  now?: () => Date;
}

/** One service per resource; routes reach data only through these. */
export function createServices(db: Database, options: ServiceOptions = {}) {
  const now = options.now ?? (() => new Date());
  const categories = createCategoryService(db);
  const medications = createMedicationService(db);
  const prices = createPriceService(db);
  const audit = createAuditService(db, { now });
  const adminMessages = createAdminMessageService(db, { now, audit });
  return {
    adminStats: createAdminStatsService(db),
    audit,
    auth: createAuthService(db, { now, audit }),
    blog: createBlogService(db),
    categories,
    conditionPages: createConditionPageService({ categories, medications, prices, adminMessages }),
    contact: createContactService(db, { now }),
    medications,
    pharmacies: createPharmacyService(db),
    prices,
    adminMessages,
  };
}

export type Services = ReturnType<typeof createServices>;

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
    database: DatabaseHandle;
  }
}
