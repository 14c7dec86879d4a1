import type {
  FeedHeldRow,
  HeldRowList,
  HeldRowsDecision,
  HeldRowsQuery,
  IntroductoryTerms,
} from "@pharmacompare/contract";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { feedHeldRows, medications, pharmacies } from "../../db/schema.ts";
import { containsAny, readPage } from "../../domain/list-paging.ts";
import { notFound, refuse } from "../../domain/refusal.ts";
import type { ActorContext, AuditService } from "../audit/index.ts";
import type { OutboxService } from "../outbox/index.ts";
import { medicationMatcher } from "../price-sheets/index.ts";
import { hostOf, type PriceChange, type PriceService } from "../prices/index.ts";

/**
 * Feed review (decision 045): the rows a run held (feed-holds.ts) wait here until staff accept
 * them, through the same price-write path a run uses, or reject them.
 */

/** A page of held rows, oldest first (the Feed review queue). */
export async function listHeldRows(
  db: Database,
  query: z.output<typeof HeldRowsQuery>,
): Promise<HeldRowList> {
  const where = and(
    eq(feedHeldRows.status, query.status),
    query.pharmacyId === undefined ? undefined : eq(feedHeldRows.pharmacyId, query.pharmacyId),
    containsAny(query.search, [feedHeldRows.medicationName, pharmacies.name]),
  );
  const { rows, info } = await readPage(
    query,
    db
      .select({ total: count() })
      .from(feedHeldRows)
      .innerJoin(pharmacies, eq(pharmacies.id, feedHeldRows.pharmacyId))
      .where(where),
    (limit, offset) =>
      db
        .select({ held: feedHeldRows, pharmacyName: pharmacies.name })
        .from(feedHeldRows)
        .innerJoin(pharmacies, eq(pharmacies.id, feedHeldRows.pharmacyId))
        .where(where)
        .orderBy(asc(feedHeldRows.heldAt), asc(feedHeldRows.row), asc(feedHeldRows.id))
        .limit(limit)
        .offset(offset),
  );
  const listed = rows.map(({ held, pharmacyName }) => ({
    id: held.id,
    pharmacyId: held.pharmacyId,
    pharmacyName,
    runId: held.runId,
    heldAt: held.heldAt.toISOString(),
    row: held.row,
    medicationId: held.medicationId,
    medicationName: held.medicationName,
    dosage: held.dosage,
    oldPrice: held.oldPrice,
    newPrice: held.newPrice,
    oldLinkHost: hostOf(held.oldLink),
    newLinkHost: hostOf(held.newLink),
    inStock: held.inStock,
    newIntroductoryPrice: held.newIntroductoryPrice,
    newIntroductoryTerms: held.newIntroductoryTerms as FeedHeldRow["newIntroductoryTerms"],
    reasons: held.reasons,
    status: held.status as FeedHeldRow["status"],
  }));
  return { rows: listed, ...info };
}

/**
 * Accepts (through the price-write path) or rejects held rows, all in one audited transaction:
 * a row no longer held, or whose medication or dosage is still unknown, refuses the lot.
 */
export async function decideHeldRows(
  deps: {
    audit: Pick<AuditService, "write">;
    prices: Pick<PriceService, "write">;
    outbox: Pick<OutboxService, "wake">;
  },
  context: ActorContext,
  adminId: string,
  input: z.output<typeof HeldRowsDecision>,
): Promise<{ accepted: number; rejected: number; triggeredAlerts: number }> {
  const ids = [...new Set(input.ids)];
  const result = await deps.audit.write(context, async (tx, record, at) => {
    const rows = await tx.select().from(feedHeldRows).where(inArray(feedHeldRows.id, ids)).for("update");
    if (rows.length !== ids.length) throw notFound("Some of these held rows do not exist");
    const decided = rows.find((row) => row.status !== "held");
    if (decided) {
      throw refuse(409, `${decided.medicationName} ${decided.dosage} is no longer held (${decided.status})`);
    }
    let triggeredAlerts = 0;
    if (input.decision === "accept") {
      const catalogue = await tx
        .select({ id: medications.id, name: medications.name, dosages: medications.dosages })
        .from(medications);
      const match = medicationMatcher(catalogue);
      const changes: PriceChange[] = rows.map((row) => {
        const medication =
          catalogue.find((entry) => entry.id === row.medicationId) ?? match(row.medicationName);
        if (!medication?.dosages.includes(row.dosage)) {
          throw refuse(
            409,
            `${row.medicationName} ${row.dosage} is not in the catalogue yet: add the medication or dosage first, or reject the row`,
          );
        }
        return {
          medicationId: medication.id,
          pharmacyId: row.pharmacyId,
          dosage: row.dosage,
          price: row.newPrice,
          ...(row.inStock === null ? {} : { inStock: row.inStock }),
          ...(row.newLink === null ? {} : { link: row.newLink }),
          // A held row carries the feed's introductory price when it sent one (decision 057).
          ...(row.newIntroductoryPrice === null || row.newIntroductoryTerms === null
            ? {}
            : {
                introductory: {
                  price: row.newIntroductoryPrice,
                  terms: row.newIntroductoryTerms as IntroductoryTerms,
                },
              }),
        };
      });
      triggeredAlerts = (await deps.prices.write(tx, changes, at, "feed")).triggeredAlerts.length;
    }
    await tx
      .update(feedHeldRows)
      .set({
        status: input.decision === "accept" ? "accepted" : "rejected",
        decidedAt: at,
        decidedBy: adminId,
      })
      .where(inArray(feedHeldRows.id, ids));
    await record({
      action: input.decision === "accept" ? "import" : "update",
      entityType: "price",
      entityId: null,
      changes: {
        feedReview: input.decision,
        rows: rows.map((row) => ({
          pharmacy: row.pharmacyId,
          medication: row.medicationName,
          dosage: row.dosage,
          from: row.oldPrice,
          to: row.newPrice,
        })),
      },
    });
    return {
      accepted: input.decision === "accept" ? rows.length : 0,
      rejected: input.decision === "reject" ? rows.length : 0,
      triggeredAlerts,
    };
  });
  if (result.triggeredAlerts > 0) deps.outbox.wake();
  return result;
}
