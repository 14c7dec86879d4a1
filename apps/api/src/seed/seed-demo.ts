import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import {
  adminMessages,
  blogPosts,
  categories,
  coursePlans,
  medications,
  pharmacies,
  priceHistory,
  prices,
  subcategories,
} from "../db/schema.ts";
import {
  buildDemoPriceHistory,
  buildDemoPrices,
  demoAdminMessages,
  demoBlogPosts,
  demoCategories,
  demoCoursePlans,
  demoMedications,
  demoPharmacies,
} from "../demo-data/index.ts";

const BATCH = 1000;
const DAY_MS = 86_400_000;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

export async function isCatalogueEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(categories);
  return (row?.count ?? 0) === 0;
}

/**
 * The demo's made-up prices are said again at each start (decision 048), as a pharmacy's feed
 * says its unchanged prices, so a demo database kept for days still lists them and still claims
 * "Daily": only rows of the demo's own pharmacies and medications that no feed or sheet has
 * confirmed since (`confirmed_by` still `staff`). Nothing else moves: no history row, no alert.
 */
export async function reconfirmDemoPrices(db: Database, now: Date = new Date()): Promise<number> {
  const rows = await db
    .update(prices)
    .set({ lastConfirmed: now })
    .where(
      and(
        eq(prices.confirmedBy, "staff"),
        inArray(
          prices.pharmacyId,
          demoPharmacies.map((pharmacy) => pharmacy.id),
        ),
        inArray(
          prices.medicationId,
          demoMedications.map((medication) => medication.id),
        ),
      ),
    )
    .returning({ id: prices.id });
  return rows.length;
}

export interface SeedSummary {
  categories: number;
  medications: number;
  pharmacies: number;
  prices: number;
  priceHistory: number;
  blogPosts: number;
  adminMessages: number;
}

/** Writes the whole demo catalogue in one transaction: either all of it lands or none. */
export async function seedDemoCatalogue(
  db: Database,
  options: { now?: Date; createdBy?: string | null } = {},
): Promise<SeedSummary> {
  const now = options.now ?? new Date();
  const demoPrices = buildDemoPrices(demoMedications, demoPharmacies);
  const history = buildDemoPriceHistory(demoPrices, now);

  await db.transaction(async (tx) => {
    await tx
      .insert(categories)
      .values(
        demoCategories.map((category, index) => ({ id: category.id, name: category.name, sortOrder: index })),
      );
    await tx.insert(subcategories).values(
      demoCategories.flatMap((category) =>
        category.subcategories.map((sub, index) => ({
          id: sub.id,
          categoryId: category.id,
          name: sub.name,
          description: sub.description,
          sortOrder: index,
        })),
      ),
    );
    await tx.insert(medications).values(
      demoMedications.map((m) => ({
        id: m.id,
        name: m.name,
        genericName: m.genericName ?? null,
        categoryId: m.category,
        subcategoryId: m.subcategory,
        form: m.form,
        legalCategory: m.legalCategory,
        description: m.description,
        dosages: m.dosage,
      })),
    );
    await tx.insert(pharmacies).values(demoPharmacies.map((p) => ({ ...p })));
    await tx.insert(coursePlans).values(
      demoCoursePlans.map((plan, index) => ({
        medicationId: plan.medicationId,
        name: plan.name,
        steps: plan.steps,
        // Each medication's plans in the order listed.
        position: demoCoursePlans.slice(0, index).filter((other) => other.medicationId === plan.medicationId)
          .length,
      })),
    );
    await insertInBatches(demoPrices, (batch) =>
      tx.insert(prices).values(batch.map((p) => ({ ...p, lastUpdated: now, lastConfirmed: now }))),
    );
    await insertInBatches(history, (batch) => tx.insert(priceHistory).values(batch));
    await tx.insert(blogPosts).values(
      demoBlogPosts.map((post) => ({
        ...post,
        publishDate: new Date(post.publishDate),
        lastUpdated: new Date(post.lastUpdated),
      })),
    );
    await tx.insert(adminMessages).values(
      demoAdminMessages.map((message) => ({
        medicationId: message.medicationId,
        pharmacyId: message.pharmacyId,
        category: message.category,
        title: message.title,
        message: message.message,
        startDate: new Date(now.getTime() + message.startOffsetDays * DAY_MS),
        endDate:
          message.endOffsetDays === null ? null : new Date(now.getTime() + message.endOffsetDays * DAY_MS),
        priority: message.priority,
        active: message.active,
        createdBy: options.createdBy ?? null,
      })),
    );
  });

  return {
    categories: demoCategories.length,
    medications: demoMedications.length,
    pharmacies: demoPharmacies.length,
    prices: demoPrices.length,
    priceHistory: history.length,
    blogPosts: demoBlogPosts.length,
    adminMessages: demoAdminMessages.length,
  };
}
