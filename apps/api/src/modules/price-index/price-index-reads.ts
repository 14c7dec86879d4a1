import {
  addDays,
  addMonths,
  chainedIndex,
  type DailyLowest,
  type DailyLowestRow,
  dailyLowestFrom,
  daysOfMonth,
  indexChange,
  monthStart,
  PRICE_INDEX_ATTRIBUTION,
  PRICE_INDEX_LICENCE,
  PRICE_INDEX_LICENCE_URL,
  type PriceIndexArchive,
  type PriceIndexConditionAnswer,
  type PriceIndexDailyLowest,
  type PriceIndexMonthAnswer,
  type PriceIndexRow,
  type PriceObservation,
} from "@pharmacompare/contract";
import { and, asc, count, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  medications,
  pharmacies,
  priceHistory,
  priceIndexMonths,
  prices,
  subcategories,
} from "../../db/schema.ts";
import { medicationIsPublic, priceIsPublic } from "../../domain/public-filters.ts";

/*
 * The price index's reads (issue 45, decision 061): the daily lowest prices it is computed from,
 * and the months the job stored. The downloads and the index pages read these same functions, and
 * so should the open API (`/api/open/`), so every copy of a figure is the same figure.
 */

const LICENCE = {
  licence: PRICE_INDEX_LICENCE,
  licenceUrl: PRICE_INDEX_LICENCE_URL,
  attribution: PRICE_INDEX_ATTRIBUTION,
} as const;

/** A medication and dosage whose daily lowest prices were read. */
interface DailyLowestSeries {
  medicationId: string;
  medicationName: string;
  subcategoryId: string;
  dosage: string;
  daily: DailyLowest[];
}

const keyOf = (medicationId: string, dosage: string) => JSON.stringify([medicationId, dosage]);

/**
 * Each day's lowest in-stock price, `from` to `to` (UK days, both included), of every medication
 * and dosage a visitor can compare now (or only the one asked for), from `price_history`. As on the
 * price history chart (modules/prices/price-history-service.ts): only the pharmacies that list the
 * dose now take part, each price carried forward from when it was recorded; a day with none in
 * stock is left out. Series with no day at all are left out.
 */
export async function dailyLowestSeries(
  db: Database,
  range: { from: string; to: string; medicationId?: string; dosage?: string },
): Promise<DailyLowestSeries[]> {
  const listedWhere = [priceIsPublic];
  if (range.medicationId) listedWhere.push(eq(prices.medicationId, range.medicationId));
  if (range.dosage) listedWhere.push(eq(prices.dosage, range.dosage));
  const listed = await db
    .select({
      medicationId: prices.medicationId,
      medicationName: medications.name,
      subcategoryId: medications.subcategoryId,
      dosage: prices.dosage,
      pharmacyId: prices.pharmacyId,
    })
    .from(prices)
    .innerJoin(medications, eq(medications.id, prices.medicationId))
    .innerJoin(pharmacies, eq(pharmacies.id, prices.pharmacyId))
    .where(and(...listedWhere));
  if (listed.length === 0) return [];

  const series = new Map<string, DailyLowestSeries & { pharmacies: Set<string> }>();
  for (const row of listed) {
    const key = keyOf(row.medicationId, row.dosage);
    const entry = series.get(key) ?? {
      medicationId: row.medicationId,
      medicationName: row.medicationName,
      subcategoryId: row.subcategoryId,
      dosage: row.dosage,
      daily: [],
      pharmacies: new Set<string>(),
    };
    entry.pharmacies.add(row.pharmacyId);
    series.set(key, entry);
  }

  // London's midnight is at most an hour before UTC's: two hours early is safely before `from`;
  // rows recorded after `to` ends (up to a day late in UTC) are read but never reach a day.
  const cutoff = new Date(Date.parse(`${range.from}T00:00:00Z`) - 2 * 3_600_000);
  const end = new Date(Date.parse(`${addDays(range.to, 1)}T00:00:00Z`));
  const medicationIds = [...new Set(listed.map((row) => row.medicationId))];
  const historyWhere = (extra: ReturnType<typeof and>) =>
    and(
      inArray(priceHistory.medicationId, medicationIds),
      range.dosage ? eq(priceHistory.dosage, range.dosage) : undefined,
      extra,
    );
  const columns = {
    medicationId: priceHistory.medicationId,
    dosage: priceHistory.dosage,
    pharmacyId: priceHistory.pharmacyId,
    price: priceHistory.price,
    inStock: priceHistory.inStock,
    at: priceHistory.recordedAt,
  };
  const [inRange, before] = await Promise.all([
    db
      .select(columns)
      .from(priceHistory)
      .where(historyWhere(and(gte(priceHistory.recordedAt, cutoff), lt(priceHistory.recordedAt, end)))),
    // Before the range only each pharmacy's last price matters (it carries into the range).
    db
      .selectDistinctOn([priceHistory.medicationId, priceHistory.dosage, priceHistory.pharmacyId], columns)
      .from(priceHistory)
      .where(historyWhere(lt(priceHistory.recordedAt, cutoff)))
      .orderBy(
        priceHistory.medicationId,
        priceHistory.dosage,
        priceHistory.pharmacyId,
        desc(priceHistory.recordedAt),
      ),
  ]);
  const observed = new Map<string, PriceObservation[]>();
  for (const row of [...before, ...inRange]) {
    const entry = series.get(keyOf(row.medicationId, row.dosage));
    if (!entry?.pharmacies.has(row.pharmacyId)) continue;
    const list = observed.get(keyOf(row.medicationId, row.dosage)) ?? [];
    list.push({ pharmacyId: row.pharmacyId, price: row.price, inStock: row.inStock, at: row.at });
    observed.set(keyOf(row.medicationId, row.dosage), list);
  }
  const days: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) days.push(day);
  const result: DailyLowestSeries[] = [];
  for (const [key, entry] of series) {
    const daily = dailyLowestFrom(observed.get(key) ?? [], days);
    if (daily.length === 0) continue;
    const { pharmacies: _listed, ...rest } = entry;
    result.push({ ...rest, daily });
  }
  return result.sort(
    (a, b) => a.medicationId.localeCompare(b.medicationId) || a.dosage.localeCompare(b.dosage),
  );
}

/**
 * The daily lowest prices as open-data rows (the download, and what `/api/open/` should serve):
 * one row per medication, dosage and day, `from` to `to`.
 */
export async function readDailyLowest(
  db: Database,
  range: { from: string; to: string; medicationId?: string; dosage?: string },
): Promise<DailyLowestRow[]> {
  const series = await dailyLowestSeries(db, range);
  return series.flatMap((entry) =>
    entry.daily.map((day) => ({
      date: day.date,
      medicationId: entry.medicationId,
      dosage: entry.dosage,
      lowest: day.lowest,
      pharmacies: day.pharmacies,
    })),
  );
}

/** The months the job has computed, newest first, with how many rows each holds. */
export async function readIndexMonths(db: Database): Promise<PriceIndexArchive> {
  const rows = await db
    .select({ month: priceIndexMonths.month, rows: count() })
    .from(priceIndexMonths)
    .groupBy(priceIndexMonths.month)
    .orderBy(desc(priceIndexMonths.month));
  return { months: rows.map((row) => ({ month: row.month.slice(0, 7), rows: row.rows })) };
}

/** The stored rows of some months, with names, keyed by month then medication and dosage. */
async function storedRows(db: Database, months: string[], subcategoryId?: string) {
  const rows = await db
    .select({
      month: priceIndexMonths.month,
      medicationId: priceIndexMonths.medicationId,
      medicationName: medications.name,
      dosage: priceIndexMonths.dosage,
      subcategoryId: priceIndexMonths.subcategoryId,
      medianLowest: priceIndexMonths.medianLowest,
      days: priceIndexMonths.days,
      pharmacies: priceIndexMonths.pharmacies,
      computedAt: priceIndexMonths.computedAt,
    })
    .from(priceIndexMonths)
    .innerJoin(medications, eq(medications.id, priceIndexMonths.medicationId))
    .where(
      and(
        inArray(priceIndexMonths.month, months.map(monthStart)),
        // A medication staff have hidden since leaves the pages and files with it.
        medicationIsPublic,
        subcategoryId ? eq(priceIndexMonths.subcategoryId, subcategoryId) : undefined,
      ),
    );
  return rows.map((row) => ({ ...row, month: row.month.slice(0, 7) }));
}

/** Condition names, by id. */
async function conditionNames(db: Database, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: subcategories.id, name: subcategories.name })
    .from(subcategories)
    .where(inArray(subcategories.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * One computed month of the index with its changes on the previous month and the same month a
 * year earlier, ordered by condition name, medication name and dosage; null when the job has not
 * computed it (or it holds no rows).
 */
export async function readIndexMonth(db: Database, month: string): Promise<PriceIndexMonthAnswer | null> {
  const previous = addMonths(month, -1);
  const lastYear = addMonths(month, -12);
  const rows = await storedRows(db, [month, previous, lastYear]);
  const current = rows.filter((row) => row.month === month);
  if (current.length === 0) return null;
  const earlier = new Map(
    rows.map((row) => [`${row.month}|${keyOf(row.medicationId, row.dosage)}`, row.medianLowest]),
  );
  const names = await conditionNames(db, [...new Set(current.map((row) => row.subcategoryId))]);
  const nameOf = (id: string) => names.get(id) ?? id;
  const indexRows: PriceIndexRow[] = current
    .map((row) => {
      const key = keyOf(row.medicationId, row.dosage);
      return {
        medicationId: row.medicationId,
        medicationName: row.medicationName,
        dosage: row.dosage,
        subcategoryId: row.subcategoryId,
        medianLowest: row.medianLowest,
        days: row.days,
        pharmacies: row.pharmacies,
        previousMonth: indexChange(row.medianLowest, earlier.get(`${previous}|${key}`)),
        lastYear: indexChange(row.medianLowest, earlier.get(`${lastYear}|${key}`)),
      };
    })
    .sort(
      (a, b) =>
        nameOf(a.subcategoryId).localeCompare(nameOf(b.subcategoryId)) ||
        a.medicationName.localeCompare(b.medicationName) ||
        a.dosage.localeCompare(b.dosage, "en-GB", { numeric: true }),
    );
  const perCondition = new Map<string, number>();
  for (const row of indexRows)
    perCondition.set(row.subcategoryId, (perCondition.get(row.subcategoryId) ?? 0) + 1);
  const computedAt = current.reduce(
    (latest, row) => (row.computedAt > latest ? row.computedAt : latest),
    current[0]?.computedAt as Date,
  );
  return {
    ...LICENCE,
    month,
    computedAt: computedAt.toISOString(),
    conditions: [...perCondition].map(([subcategoryId, rowCount]) => ({
      subcategoryId,
      name: nameOf(subcategoryId),
      rows: rowCount,
    })),
    rows: indexRows,
  };
}

/** A condition's rows of a computed month and its chained index up to that month; null when none. */
export async function readIndexCondition(
  db: Database,
  month: string,
  subcategoryId: string,
): Promise<PriceIndexConditionAnswer | null> {
  const whole = await readIndexMonth(db, month);
  const condition = whole?.conditions.find((entry) => entry.subcategoryId === subcategoryId);
  if (!whole || !condition) return null;
  const history = await db
    .select({
      month: priceIndexMonths.month,
      medicationId: priceIndexMonths.medicationId,
      dosage: priceIndexMonths.dosage,
      medianLowest: priceIndexMonths.medianLowest,
    })
    .from(priceIndexMonths)
    .where(
      and(
        eq(priceIndexMonths.subcategoryId, subcategoryId),
        sql`${priceIndexMonths.month} <= ${monthStart(month)}`,
      ),
    )
    .orderBy(asc(priceIndexMonths.month));
  const byMonth = new Map<string, { key: string; medianLowest: number }[]>();
  for (const row of history) {
    const list = byMonth.get(row.month.slice(0, 7)) ?? [];
    list.push({ key: keyOf(row.medicationId, row.dosage), medianLowest: row.medianLowest });
    byMonth.set(row.month.slice(0, 7), list);
  }
  return {
    ...LICENCE,
    month,
    condition: { subcategoryId, name: condition.name },
    rows: whole.rows.filter((row) => row.subcategoryId === subcategoryId),
    series: chainedIndex([...byMonth].map(([m, rows]) => ({ month: m, rows }))),
  };
}

/** A computed month's daily lowest prices as the download holds them; null when the month is not computed. */
export async function readIndexMonthDailyLowest(
  db: Database,
  month: string,
): Promise<PriceIndexDailyLowest | null> {
  const [stored] = await db
    .select({ month: priceIndexMonths.month })
    .from(priceIndexMonths)
    .where(eq(priceIndexMonths.month, monthStart(month)))
    .limit(1);
  if (!stored) return null;
  const days = daysOfMonth(month);
  const rows = await readDailyLowest(db, { from: days[0] as string, to: days.at(-1) as string });
  return { ...LICENCE, month, rows };
}

/** The index's pages for the sitemap: each computed month, its conditions, and when it was computed. */
export async function readIndexSitemap(
  db: Database,
): Promise<{ month: string; subcategoryIds: string[]; lastmod: string }[]> {
  const rows = await db
    .selectDistinct({
      month: priceIndexMonths.month,
      subcategoryId: priceIndexMonths.subcategoryId,
      computedAt: sql<string>`max(${priceIndexMonths.computedAt}) over (partition by ${priceIndexMonths.month})`,
    })
    .from(priceIndexMonths)
    .innerJoin(medications, eq(medications.id, priceIndexMonths.medicationId))
    .where(medicationIsPublic)
    .orderBy(desc(priceIndexMonths.month), asc(priceIndexMonths.subcategoryId));
  const months = new Map<string, { month: string; subcategoryIds: string[]; lastmod: string }>();
  for (const row of rows) {
    const month = row.month.slice(0, 7);
    const entry = months.get(month) ?? {
      month,
      subcategoryIds: [],
      lastmod: new Date(row.computedAt).toISOString(),
    };
    entry.subcategoryIds.push(row.subcategoryId);
    months.set(month, entry);
  }
  return [...months.values()];
}
