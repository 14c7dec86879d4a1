import type { FeedRunCounts } from "@pharmacompare/contract";
import { FEED_MAX_ROWS, formatPounds, introductoryProblem } from "@pharmacompare/contract";
import { conditionMapper, type Workbook } from "@pharmacompare/price-sheets";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { feedHeldRows, medications, pharmacies, pharmacyFeeds, prices } from "../../db/schema.ts";
import { Refusal } from "../../domain/refusal.ts";
import type { JobContext } from "../../jobs/scheduler.ts";
import type { SecretBox } from "../auth/index.ts";
import type { CategoryService } from "../catalogue/index.ts";
import type { OutboxService } from "../outbox/index.ts";
import { medicationMatcher, PRICE_SHEET_READING, readPriceSheetFile } from "../price-sheets/index.ts";
import { introductoryOf, mergedIntroductory, type PriceChange, type PriceService } from "../prices/index.ts";
import { openFeedHeader } from "./feed-credentials.ts";
import { FeedFetchError, type FeedFetchPolicy, fetchFeed } from "./feed-fetch.ts";
import { type HoldLimits, holdReasons } from "./feed-holds.ts";
import { type FeedRefusal, type FeedRows, flatCsvRows, priceSheetRows } from "./feed-rows.ts";

/** Held rows per insert: 1,000 × 19 columns stays well inside one statement's 65,535 values. */
const HELD_ROWS_PER_STATEMENT = 1000;

/**
 * One run of a pharmacy's feed (decision 045): fetched by feed-fetch.ts, read by the
 * worker-isolated reader uploads use (decision 029), each row applied through the one price-write
 * path or held for staff (feed-holds.ts), all in one transaction per run.
 */

/** What a run needs; the feed service's factory passes its own wiring. */
export interface FeedRunDeps {
  db: Database;
  now: () => Date;
  secretBox: SecretBox;
  policy: FeedFetchPolicy;
  holdLimits: HoldLimits;
  prices: Pick<PriceService, "reconfirm" | "lowestByPair" | "write">;
  categories: Pick<CategoryService, "listPublic">;
  outbox: Pick<OutboxService, "wake">;
}

/** Refusals kept on a run's record: enough to see what is wrong, never the whole file. */
const MAX_REFUSALS_KEPT = 50;

/** Which file the reader is given: by the answer's content type (and the address for octet-stream). */
function feedFileName(format: string, contentType: string, url: string): string | null {
  const csv = ["text/csv", "text/plain", "application/csv", "text/comma-separated-values"].includes(
    contentType,
  );
  const xlsx = contentType === "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
  const path = new URL(url).pathname.toLowerCase();
  if (format === "flat-csv") {
    return csv || (contentType === "application/octet-stream" && path.endsWith(".csv")) ? "feed.csv" : null;
  }
  if (csv) return "feed.csv";
  if (xlsx) return "feed.xlsx";
  if (contentType === "application/octet-stream") {
    if (path.endsWith(".xlsx")) return "feed.xlsx";
    if (path.endsWith(".csv")) return "feed.csv";
  }
  return null;
}

/** The rows of a fetched file, read by the upload reader in its bounded worker. */
async function readFeedRows(
  deps: Pick<FeedRunDeps, "categories" | "now">,
  feed: { format: string },
  pharmacy: { name: string },
  answer: { bytes: Buffer; contentType: string; finalUrl: string },
): Promise<FeedRows> {
  const fileName = feedFileName(feed.format, answer.contentType, answer.finalUrl);
  if (!fileName) {
    throw new FeedFetchError(
      `The feed answered content type "${answer.contentType || "none"}", not ${feed.format === "flat-csv" ? "CSV" : "a workbook or CSV"}; it was not read`,
    );
  }
  let workbook: Workbook;
  try {
    workbook = await readPriceSheetFile(fileName, answer.bytes, PRICE_SHEET_READING, FEED_MAX_ROWS);
  } catch (error) {
    if (error instanceof Refusal)
      throw new FeedFetchError(`The feed file could not be read: ${error.message}`);
    throw error;
  }
  if (feed.format === "flat-csv") return flatCsvRows(workbook);
  const tree = await deps.categories.listPublic();
  const own = pharmacy.name.trim().toLowerCase().replace(/\s+/g, " ");
  return priceSheetRows(workbook, {
    mapCondition: conditionMapper(tree),
    now: deps.now(),
    isOwnPharmacy: (name) => name.trim().toLowerCase().replace(/\s+/g, " ") === own,
  });
}

/** One run of a pharmacy's feed: fetch, read, classify, apply in one transaction. */
export async function runFeed(
  deps: FeedRunDeps,
  pharmacyId: string,
  context: JobContext,
): Promise<FeedRunCounts> {
  const { db } = deps;
  const [feed] = await db.select().from(pharmacyFeeds).where(eq(pharmacyFeeds.pharmacyId, pharmacyId));
  const [pharmacy] = await db
    .select({ name: pharmacies.name, website: pharmacies.website })
    .from(pharmacies)
    .where(eq(pharmacies.id, pharmacyId));
  if (!feed || !pharmacy) throw new FeedFetchError("The pharmacy or its feed no longer exists");
  const header =
    feed.headerName && feed.headerValueSealed
      ? {
          name: feed.headerName,
          value: openFeedHeader(deps.secretBox, pharmacyId, feed.headerValueSealed),
        }
      : null;
  const answer = await fetchFeed(
    { url: feed.url, etag: feed.etag, lastModified: feed.lastModified, header },
    deps.policy,
  );
  const counts: FeedRunCounts = {
    read: 0,
    changed: 0,
    confirmed: 0,
    held: 0,
    refused: 0,
    refusals: [],
    notModified: false,
    triggeredAlerts: 0,
  };
  if (answer.status === "not-modified") {
    const at = deps.now();
    counts.notModified = true;
    counts.confirmed = await db.transaction((tx) => deps.prices.reconfirm(tx, pharmacyId, "feed", at));
    return counts;
  }
  const { rows, refused } = await readFeedRows(deps, feed, pharmacy, answer);
  if (!(await context.renew())) throw new Error("Another process took the run over");
  const refusals: FeedRefusal[] = [...refused];
  const at = deps.now();
  const result = await db.transaction(async (tx) => {
    const catalogue = await tx
      .select({ id: medications.id, name: medications.name, dosages: medications.dosages })
      .from(medications);
    const stored = await tx
      .select({
        medicationId: prices.medicationId,
        dosage: prices.dosage,
        price: prices.price,
        link: prices.link,
        introductoryPrice: prices.introductoryPrice,
        introductoryTerms: prices.introductoryTerms,
      })
      .from(prices)
      .where(eq(prices.pharmacyId, pharmacyId));
    const storedBy = new Map(stored.map((row) => [JSON.stringify([row.medicationId, row.dosage]), row]));
    const match = medicationMatcher(catalogue);
    // What a first price (no stored one to compare with) is held against: the lowest visitors see now.
    const firstPriced = rows.flatMap((row) => {
      const medication = match(row.medicationName);
      return medication && !storedBy.has(JSON.stringify([medication.id, row.dosage])) ? [medication.id] : [];
    });
    const lowestBy = await deps.prices.lowestByPair(tx, [...new Set(firstPriced)]);
    const seen = new Set<string>();
    const changes: PriceChange[] = [];
    const held: (typeof feedHeldRows.$inferInsert)[] = [];
    for (const row of rows) {
      const medication = match(row.medicationName);
      const key = JSON.stringify([medication?.id ?? row.medicationName.toLowerCase(), row.dosage]);
      if (seen.has(key)) {
        refusals.push({
          row: row.row,
          reason: `${row.medicationName} ${row.dosage} is named twice; the first was used`,
        });
        continue;
      }
      seen.add(key);
      const old = medication ? storedBy.get(JSON.stringify([medication.id, row.dosage])) : undefined;
      // Decision 057: the pair the row leaves must be both or neither, below the ongoing price; a
      // row that breaks it is refused by name (never a database refusal of the whole run).
      const pair = mergedIntroductory(old, row);
      const introProblem = introductoryProblem({ price: row.price, ...pair });
      if (introProblem) {
        const said = row.introductoryPrice !== undefined || row.introductoryTerms !== undefined;
        refusals.push({
          row: row.row,
          reason:
            !said && pair.introductoryPrice !== null
              ? `${row.medicationName} ${row.dosage}: the price ${formatPounds(row.price)} must be above the stored introductory price (${formatPounds(pair.introductoryPrice)}); send or clear the introductory price too`
              : `${row.medicationName} ${row.dosage}: the ${introProblem.field === "introductoryPrice" ? "introductory price" : "introductory terms"} ${introProblem.message}`,
        });
        continue;
      }
      const said = row.introductoryPrice !== undefined || row.introductoryTerms !== undefined;
      const lowest = medication ? lowestBy.get(JSON.stringify([medication.id, row.dosage])) : undefined;
      const reasons = holdReasons(row, medication, old, lowest, pharmacy.website, deps.holdLimits);
      if (reasons.length > 0) {
        held.push({
          pharmacyId,
          runId: context.runId,
          row: row.row,
          medicationId: medication?.id ?? null,
          medicationName: medication?.name ?? row.medicationName,
          dosage: row.dosage,
          oldPrice: old?.price ?? null,
          newPrice: row.price,
          oldLink: old?.link ?? null,
          newLink: row.link,
          inStock: row.inStock ?? null,
          // Null: the feed left the introductory price as stored, or cleared it (decision 057).
          newIntroductoryPrice: said ? pair.introductoryPrice : null,
          newIntroductoryTerms: said ? pair.introductoryTerms : null,
          reasons,
          heldAt: at,
        });
        continue;
      }
      if (!medication) continue;
      changes.push({
        medicationId: medication.id,
        pharmacyId,
        dosage: row.dosage,
        price: row.price,
        ...(row.inStock === undefined ? {} : { inStock: row.inStock }),
        // A feed without a link leaves the stored one as it is.
        ...(row.link === null ? {} : { link: row.link }),
        ...(said ? { introductory: introductoryOf(pair) } : {}),
      });
    }
    // The file is the pharmacy's whole word now: what an earlier run held and was not decided is superseded.
    await tx
      .update(feedHeldRows)
      .set({ status: "superseded", decidedAt: at })
      .where(and(eq(feedHeldRows.pharmacyId, pharmacyId), eq(feedHeldRows.status, "held")));
    // One statement may bind at most 65,535 values (PostgreSQL's protocol counts them in 16 bits),
    // and a held row has 19 columns: a feed holding thousands of rows inserts them in slices.
    for (let from = 0; from < held.length; from += HELD_ROWS_PER_STATEMENT) {
      await tx.insert(feedHeldRows).values(held.slice(from, from + HELD_ROWS_PER_STATEMENT));
    }
    const written =
      changes.length > 0
        ? await deps.prices.write(tx, changes, at, "feed")
        : { written: 0, confirmed: 0, triggeredAlerts: [] };
    // The validators move with what they describe: a run cut short fetches the file again.
    await tx
      .update(pharmacyFeeds)
      .set({ etag: answer.etag, lastModified: answer.lastModified })
      .where(eq(pharmacyFeeds.pharmacyId, pharmacyId));
    return { written, held: held.length };
  });
  if (result.written.triggeredAlerts.length > 0) deps.outbox.wake();
  return {
    ...counts,
    read: rows.length + refused.length,
    changed: result.written.written,
    confirmed: result.written.confirmed,
    held: result.held,
    refused: refusals.length,
    refusals: refusals.slice(0, MAX_REFUSALS_KEPT),
    triggeredAlerts: result.written.triggeredAlerts.length,
  };
}
