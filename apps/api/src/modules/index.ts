import { formatDateTime } from "@pharmacompare/contract";
import type { FastifyBaseLogger } from "fastify";
import type { PgBoss } from "pg-boss";
import type { ApiConfig } from "../config.ts";
import type { Database, DatabaseHandle } from "../db/client.ts";
import { jobFailedBlocks } from "../email/templates.ts";
import { createJobScheduler, failedForGoodRuns } from "../jobs/scheduler.ts";
import {
  createAdminPriceAlertService,
  createAlertManageService,
  createPriceAlertService,
} from "./alerts/index.ts";
import { createAuditService } from "./audit/index.ts";
import type { SecretBox } from "./auth/index.ts";
import { createAdminSessionsService, createAuthService, createSecondFactorService } from "./auth/index.ts";
import {
  createAdminCategoryService,
  createAdminMedicationService,
  createAdminPharmacyService,
  createCategoryService,
  createCoursePlanService,
  createMedicationService,
  createPharmacyService,
} from "./catalogue/index.ts";
import { createClickOutService } from "./click-outs/index.ts";
import {
  createAdminBlogService,
  createBlogService,
  createFiguresService,
  createSitemapService,
} from "./content/index.ts";
import { createFeedOpsAlerts, createFeedService, feedJobPrefix } from "./feeds/index.ts";
import { createAdminContactService, createAdminMessageService, createContactService } from "./inbox/index.ts";
import { createNewsletterService } from "./newsletters/index.ts";
import { createNhsRouteService } from "./nhs-route/index.ts";
import { createApiKeyService, createOpenDataService } from "./open-api/index.ts";
import { createOutboxService } from "./outbox/index.ts";
import {
  createConditionPageService,
  createPharmacyPageService,
  createPharmacyPairService,
} from "./pages/index.ts";
import { createPriceEventsService } from "./price-events/index.ts";
import { createPriceIndexService, priceIndexJob } from "./price-index/index.ts";
import { createPriceSheetService } from "./price-sheets/index.ts";
import {
  createAdminPriceService,
  createPriceFreshness,
  createPriceHistoryService,
  createPriceService,
  demoPricesJob,
  killAfterRows,
} from "./prices/index.ts";
import { createAdminStatsService, createServiceHealthService } from "./service-health/index.ts";
import { createSharedCachePurger } from "./shared-cache/index.ts";
import {
  createAdminSubscriptionService,
  createEmailLinkService,
  createPriceNewsService,
  createSubscriptionService,
  priceNewsJobs,
} from "./subscriptions/index.ts";
import { createSupplyNoticeService } from "./supply/index.ts";

export interface ServiceOptions {
  config: ApiConfig;
  /** Where the outbox worker reports deliveries (message ids, never addresses). */
  log: FastifyBaseLogger;
  /** The clock sessions, throttles, audit entries, write limits and email use; tests inject one to skip time. */
  now?: () => Date;
  /** Encrypts secrets kept in the database (decision 030). */
  secretBox: SecretBox;
  /**
   * Where the public and open reads go (DatabaseHandle.read, decision 065): a replica when one is
   * configured and fit, else `db`. Everything else, and everything that writes, uses `db`.
   */
  read?: Database;
  /** Opens the job queue the scheduled jobs run on once started (jobs/queue.ts, decision 066). */
  openQueue?: () => PgBoss;
}

/** One service per resource; routes reach data only through these. */
export function createServices(db: Database, options: ServiceOptions) {
  const now = options.now ?? (() => new Date());
  const { config, log } = options;
  // Which prices are listed and which may be out of date (decision 048), on the services' clock.
  const freshness = createPriceFreshness(config.priceFreshness, now);
  const categories = createCategoryService(db);
  const medications = createMedicationService(db);
  const outbox = createOutboxService(db, { now, config, log });
  const priceAlerts = createPriceAlertService(db, { now, config, outbox, freshness });
  const prices = createPriceService(db, {
    now,
    freshness,
    pricesChanged: priceAlerts.pricesChanged,
    ...(config.faultKillAfterPriceRows ? { rowWritten: killAfterRows(config.faultKillAfterPriceRows) } : {}),
  });
  const audit = createAuditService(db, { now });
  const adminMessages = createAdminMessageService(db, { now, audit });
  // The back-office catalogue: every price change goes through `prices.write` (the one path).
  const adminPrices = createAdminPriceService(db, {
    audit,
    prices,
    outbox,
    pricesChanged: priceAlerts.pricesChanged,
  });
  const adminPharmacies = createAdminPharmacyService(db, { audit, prices, adminPrices, outbox });
  const adminMedications = createAdminMedicationService(db, {
    audit,
    prices,
    adminPrices,
    adminPharmacies,
    outbox,
  });
  const priceNews = createPriceNewsService(db, { config, outbox, freshness });
  const subscriptions = createSubscriptionService(db, { now, config, outbox });
  const feedOps = createFeedOpsAlerts(db, {
    now,
    outbox,
    opsEmail: config.opsEmail,
    siteUrl: config.siteUrl,
  });
  const newsletters = createNewsletterService(db, {
    now,
    config,
    audit,
    outbox,
    priceNews,
    opsMail: feedOps.send,
  });
  const feeds = createFeedService(db, {
    settings: config.feeds,
    now,
    secretBox: options.secretBox,
    prices,
    categories,
    audit,
    outbox,
  });
  const coursePlans = createCoursePlanService(db, { audit });
  /** The NHS route beside the private prices (decision 056). */
  const nhsRoute = createNhsRouteService(db, { now, audit });
  const priceHistory = createPriceHistoryService(db, { now });
  /** Events on the price history and the condition page's price context (decision 059). */
  const priceEvents = createPriceEventsService(db, { audit, history: priceHistory.forDosage });
  /** Supply notices on the condition page and in alert emails (decision 060). */
  const supplyNotices = createSupplyNoticeService(db, { now, audit });
  /**
   * The public site's and the open API's reads (decision 065): their own instances on `read`, so
   * a replica serves them while the back-office, the jobs and every write path keep the primary's
   * (a member below that is only read by public routes is one of these).
   */
  const read = options.read ?? db;
  const publicReads = (() => {
    const publicPrices = createPriceService(read, {
      now,
      freshness,
      pricesChanged: priceAlerts.pricesChanged,
    });
    const publicHistory = createPriceHistoryService(read, { now });
    const publicCatalogue = {
      categories: createCategoryService(read),
      medications: createMedicationService(read),
      pharmacies: createPharmacyService(read),
      coursePlans: createCoursePlanService(read, { audit }),
    };
    return {
      ...publicCatalogue,
      prices: publicPrices,
      priceHistory: publicHistory,
      conditionPages: createConditionPageService({
        ...publicCatalogue,
        prices: publicPrices,
        adminMessages: createAdminMessageService(read, { now, audit }),
        nhsRoute: createNhsRouteService(read, { now, audit }),
        priceEvents: createPriceEventsService(read, { audit, history: publicHistory.forDosage }),
        supplyNotices: createSupplyNoticeService(read, { now, audit }),
      }),
    };
  })();
  /** Tag purges owed to the shared caches in front, PURGE_URLS (decision 064). */
  const sharedCache = createSharedCachePurger(db, { purgeUrls: config.purgeUrls, now, log });
  return {
    sharedCache,
    /** Keys of the open API and their quotas (decision 062). */
    apiKeys: createApiKeyService(db, { now, audit }),
    /** The open API's answers, under CC BY 4.0 (decision 062). */
    openData: createOpenDataService(read, { now, history: publicReads.priceHistory }),
    adminSessions: createAdminSessionsService(db, { now, audit }),
    adminStats: createAdminStatsService(db),
    /** The dashboard's last 30 days and the monthly click-outs (decision 044). */
    serviceHealth: createServiceHealthService(db, {
      now,
      failingFeeds: feedOps.failing,
      failedJobs: async () =>
        (await failedForGoodRuns(db)).map(({ slot: _slot, ...run }) => ({
          ...run,
          scheduledFor: run.scheduledFor.toISOString(),
        })),
      purgesWaiting: sharedCache.waiting,
      freshness: config.priceFreshness,
    }),
    audit,
    auth: createAuthService(db, {
      now,
      audit,
      sessionIdleMs: config.adminIdleMinutes * 60_000,
      requireSecondFactor: config.requireSecondFactor,
    }),
    secondFactor: createSecondFactorService(db, {
      now,
      audit,
      sessionIdleMs: config.adminIdleMinutes * 60_000,
      secretBox: options.secretBox,
    }),
    blog: createBlogService(read),
    categories: publicReads.categories,
    /** Counted click-outs (decision 044): resolved in the redirect, written in batches. */
    clickOuts: createClickOutService(db, { now, log }),
    conditionPages: publicReads.conditionPages,
    coursePlans,
    contact: createContactService(db, { now, config, outbox }),
    emailLinks: createEmailLinkService(db, {
      now,
      outbox,
      pricesChanged: priceAlerts.pricesChanged,
      stopKind: subscriptions.stopKind,
    }),
    /** Manage my alerts (decision 043): an address's alerts from the link in its emails. */
    alertManage: createAlertManageService(db, {
      now,
      alertTtlDays: config.alertTtlDays,
      outbox,
      pricesChanged: priceAlerts.pricesChanged,
      freshness,
    }),
    medications: publicReads.medications,
    nhsRoute,
    supplyNotices,
    outbox,
    pharmacies: publicReads.pharmacies,
    pharmacyPages: createPharmacyPageService(read, { pharmacies: publicReads.pharmacies, freshness }),
    pharmacyPairs: createPharmacyPairService({
      medications: publicReads.medications,
      pharmacies: publicReads.pharmacies,
      prices: publicReads.prices,
      coursePlans: publicReads.coursePlans,
    }),
    priceAlerts,
    prices,
    /** The price reads of the public site (compare, lowest, matrix): `prices` on `read`. */
    publicPrices: publicReads.prices,
    priceEvents,
    priceHistory: publicReads.priceHistory,
    /** The monthly UK price index and its open data (decision 061). */
    priceIndex: createPriceIndexService(read),
    priceSheets: createPriceSheetService(db, {
      categories,
      medications,
      prices,
      audit,
      outbox,
      now,
      adminMedications,
      adminPharmacies,
    }),
    sitemap: createSitemapService(read, { freshness }),
    figures: createFiguresService(read, { freshness }),
    subscriptions,
    adminMessages,
    adminMedications,
    adminPharmacies,
    adminPrices,
    adminCategories: createAdminCategoryService(db, { audit, adminPrices, outbox }),
    adminBlog: createAdminBlogService(db, { audit }),
    adminContacts: createAdminContactService(db, { audit }),
    adminPriceAlerts: createAdminPriceAlertService(db, {
      audit,
      outbox,
      config,
      pricesChanged: priceAlerts.pricesChanged,
      freshness,
    }),
    adminSubscriptions: createAdminSubscriptionService(db, { audit, outbox }),
    priceNews,
    newsletters,
    /** Pharmacy price feeds (decision 045): each a job of the scheduler below. */
    feeds,
    /** Failing feeds on the dashboard and to the operations address (decision 047). */
    feedOps,
    /**
     * Scheduled jobs, due newsletters and pharmacy feeds, each run once across every API process
     * (decisions 038, 041, 045).
     */
    jobs: createJobScheduler(db, {
      now,
      log,
      // The daily demo job only where the catalogue is the demo's (SEED_DEMO, decision 053).
      // The monthly price index (decision 061) runs everywhere: it only reads the history.
      jobs: [
        ...priceNewsJobs(priceNews),
        ...(config.seedDemo ? [demoPricesJob(db, { prices, now })] : []),
        priceIndexJob(db, { now }),
      ],
      pollers: [newsletters.poller],
      // After each feed run, its operations alert (decision 047).
      moreJobs: async () =>
        (await feeds.jobs()).map((job) => ({
          ...job,
          after: () => feedOps.check(job.name.slice(feedJobPrefix.length)),
          alertsItself: true,
        })),
      ...(options.openQueue ? { openQueue: options.openQueue } : {}),
      // A run that failed its last try: the operations email, once per run (decision 066).
      failedForGood: async (run) => {
        await feedOps.send({
          key: `job-ops:${run.job}:${run.slot}`,
          template: "job-ops-alert",
          subject: `Scheduled job failed: ${run.job}`,
          blocks: jobFailedBlocks(
            { ...run, scheduledFor: formatDateTime(run.scheduledFor) },
            { dashboard: `${config.siteUrl}/admin` },
          ),
        });
      },
    }),
  };
}

type Services = ReturnType<typeof createServices>;

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
    database: DatabaseHandle;
  }
}
