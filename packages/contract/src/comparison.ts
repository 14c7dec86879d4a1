import { z } from "zod";
import {
  COMPARISON_SORTS,
  COMPARISON_VIEWS,
  DEFAULT_COMPARISON_SORT,
  DEFAULT_COMPARISON_VIEW,
  selectDosage,
  selectMedication,
} from "./comparison-choices.ts";
import { CourseCost, CoursePlan, courseCost } from "./course-cost.ts";
import { COURSE_HORIZONS, type CourseHorizon, DEFAULT_COURSE_HORIZON } from "./course-horizons.ts";
import { type DeliveryTerms, deliveryPence, termsOf } from "./delivery-terms.ts";
import { Category, Medication, Price, PublicAdminMessage, Subcategory } from "./entities.ts";
import { fromPence, toPence } from "./format.ts";
import { hasIntroductoryPrice, viewCostPence } from "./introductory-price.ts";
import {
  type NhsChargesInForce,
  NhsCost,
  type NhsPeriodMonths,
  type NhsRoute,
  nhsCost,
} from "./nhs-route.ts";
import { ConditionPriceContext } from "./price-context.ts";
import { SupplyNotice } from "./supply.ts";
import { stockCount } from "./supply-words.ts";

/**
 * The price comparison's rules, in one place for both tiers (DESIGN "a rule lives in one tier"):
 * the API answers comparisons with {@link buildComparison}, and the web's fallback chain builds
 * the same shape from its static data with the same function. Decision 012 records the choices.
 */

/** The orders a visitor can choose ({@link COMPARISON_SORTS}). */
export const ComparisonSort = z.enum(COMPARISON_SORTS);
export type ComparisonSort = z.infer<typeof ComparisonSort>;

/** Which price the comparison compares where some row has an introductory one ({@link COMPARISON_VIEWS}). */
export const ComparisonView = z.enum(COMPARISON_VIEWS);
export type ComparisonView = z.infer<typeof ComparisonView>;

/**
 * A price row of a comparison: the price, whether it is the Best, how much dearer otherwise, and
 * what delivery and consultation add ({@link deliveryCost}; all null when the pharmacy's terms are unknown).
 */
export const ComparisonPrice = Price.extend({
  /**
   * The price the view compares, before fees (decision 057): the packs of the first three months,
   * the first order's pack, or the ongoing price. The row's `price` where the comparison has no view.
   */
  viewPrice: z.number().positive(),
  /** The cheapest shown view price, in stock or not (public site §2); ties share the badge. */
  isBest: z.boolean(),
  /** Pounds above the Best view price; 0 for a Best row. */
  difference: z.number().nonnegative(),
  /** Delivery in pounds on the smallest order holding this pack; 0 when free. */
  delivery: z.number().nonnegative().nullable(),
  /**
   * The pharmacy's consultation or prescribing fee on this order (a first order pays a one-off fee
   * too); 0 when it charges none (decision 042).
   */
  consultation: z.number().nonnegative().nullable(),
  /**
   * Pack price plus delivery plus consultation; null when the pack alone is below the pharmacy's
   * minimum order.
   */
  total: z.number().positive().nullable(),
  /** The pharmacy's minimum order when the pack alone is below it, else null. */
  minimumOrder: z.number().positive().nullable(),
});
export type ComparisonPrice = z.infer<typeof ComparisonPrice>;

export const MedicationComparison = z
  .object({
    medication: Medication,
    dosage: z.string(),
    /**
     * Every public price above £0 for the dosage, in the `sort` order: cheapest first (then better
     * rated, then by name), or lowest total first with rows that have no total last.
     */
    prices: z.array(ComparisonPrice),
    /** The order of `prices`. */
    sort: ComparisonSort,
    /**
     * The price compared (decision 057) when some row has an introductory price; null when none
     * has, and the comparison is of the one price each row has.
     */
    view: ComparisonView.nullable(),
    /** The cheapest in-stock price; null when nothing is in stock. */
    lowest: Price.nullable(),
    /** Dearest minus cheapest in-stock price, in pounds; 0 with fewer than two in-stock prices. */
    savings: z.number().nonnegative(),
  })
  .describe(
    "A medication and all public prices for one of its dosages, cheapest first (or lowest total with " +
      "delivery first when `sort` is `total`), the cheapest price marked `isBest` and every row carrying " +
      "its `difference` from it, its `delivery`, its `consultation` fee, its `total` (all three) and, when the pack alone is below the " +
      "pharmacy's minimum order, that `minimumOrder` (then `total` is null). `lowest` is the cheapest " +
      "in-stock price (null when none is in stock); `savings` is the dearest minus the cheapest in-stock price. " +
      "When some row has an introductory price, `view` says which price is compared (`three-months`, the " +
      "default: the first order and two repeat orders; `first-order`; `ongoing`): each row's `viewPrice`, " +
      "its fees and `total`, the order, Best and `difference` follow it (decision 057); else `view` is null.",
  );
export type MedicationComparison = z.infer<typeof MedicationComparison>;

/** Byte order of the lower-cased name, as the API's SQL sorts names (`lower(name) collate "C"`). */
function compareText(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Cheapest first; on a tie the better-rated pharmacy, then by name, then by id (stable everywhere). */
export function cheapestFirst(a: Price, b: Price): number {
  return (
    toPence(a.price) - toPence(b.price) ||
    b.pharmacy.rating - a.pharmacy.rating ||
    compareText(a.pharmacy.name, b.pharmacy.name) ||
    compareText(a.pharmacyId, b.pharmacyId)
  );
}

export type { DeliveryTerms } from "./delivery-terms.ts";

export type DeliveryCost = Pick<ComparisonPrice, "delivery" | "consultation" | "total" | "minimumOrder">;

/**
 * What one pack costs delivered from one pharmacy (issue 11), with its consultation fee (issue 30):
 * the headline total a visitor pays on a first order, every mandatory charge in it (DMCC Act 2024,
 * decision 042; a one-off fee is paid on that first order too). Delivery is free when the order
 * reaches a free-delivery threshold above 0, else it is the fee; the consultation fee counts
 * towards neither the threshold nor the minimum order, which are about the goods. A pack below
 * the minimum order cannot be bought alone: it has no total (we do not invent the rest of the
 * basket), its `minimumOrder` says why, and its delivery is the one on an order of exactly the
 * minimum. Counted in whole pence; unknown terms (the web's saved file) give nulls.
 */
export function deliveryCost(packPrice: number, terms: DeliveryTerms | undefined): DeliveryCost {
  if (!terms) return { delivery: null, consultation: null, total: null, minimumOrder: null };
  const pack = toPence(packPrice);
  const minimum = toPence(terms.minOrderValue);
  const delivery = deliveryPence(Math.max(pack, minimum), terms);
  const consultation = toPence(terms.consultationFee ?? 0);
  const alone = pack >= minimum;
  return {
    delivery: fromPence(delivery),
    consultation: fromPence(consultation),
    total: alone ? fromPence(pack + delivery + consultation) : null,
    minimumOrder: alone ? null : fromPence(minimum),
  };
}

/**
 * Lowest total first, ties as {@link cheapestFirst}; rows without a total (below the minimum order,
 * or terms unknown) follow, cheapest first, since no total can be compared with theirs.
 */
export function lowestTotalFirst(a: Price & DeliveryCost, b: Price & DeliveryCost): number {
  if (a.total === null || b.total === null) {
    return Number(a.total === null) - Number(b.total === null) || cheapestFirst(a, b);
  }
  return toPence(a.total) - toPence(b.total) || cheapestFirst(a, b);
}

/**
 * Lowest view price first, ties as {@link cheapestFirst} (which is the ongoing price): the "price"
 * order of a comparison with a view (decision 057).
 */
function lowestViewPriceFirst(a: ComparisonPrice, b: ComparisonPrice): number {
  return toPence(a.viewPrice) - toPence(b.viewPrice) || cheapestFirst(a, b);
}

/** Lowest total first as {@link lowestTotalFirst}, ties by view price. */
function lowestViewTotalFirst(a: ComparisonPrice, b: ComparisonPrice): number {
  if (a.total === null || b.total === null) {
    return Number(a.total === null) - Number(b.total === null) || lowestViewPriceFirst(a, b);
  }
  return toPence(a.total) - toPence(b.total) || lowestViewPriceFirst(a, b);
}

/** A row's cost in a view, as the comparison's fields (pounds); the totals follow `deliveryCost`'s rule. */
function inView(price: Price, view: NonNullable<MedicationComparison["view"]>) {
  const cost = viewCostPence(price, view, termsOf(price.pharmacy));
  const fees = cost.fees;
  return {
    viewPrice: fromPence(cost.goods),
    delivery: fees ? fromPence(fees.delivery) : null,
    consultation: fees ? fromPence(fees.consultation) : null,
    total: fees && fees.total !== null ? fromPence(fees.total) : null,
    minimumOrder: fees && fees.minimum !== null ? fromPence(fees.minimum) : null,
  };
}

/**
 * One dosage's comparison from any list of prices: prices of other medications or dosages, and of
 * £0 or less (public site §5), are dropped; the rest ordered by {@link cheapestFirst}, or by
 * {@link lowestTotalFirst} when `sort` is `total`. Best, differences, `lowest` and the saving are
 * about the price in either order. Where some row has an introductory price the comparison has a
 * `view` (decision 057; `three-months` unless asked): each row's view price, fees and total follow
 * it, and so do the order, Best and differences; `lowest` and `savings` stay about the ongoing
 * price, which alerts watch. Where none has, `view` is null and nothing else changes.
 */
export function buildComparison(
  medication: Medication,
  dosage: string,
  prices: readonly Price[],
  sort: ComparisonSort = DEFAULT_COMPARISON_SORT,
  view: NonNullable<MedicationComparison["view"]> = DEFAULT_COMPARISON_VIEW,
): MedicationComparison {
  const shown = prices
    .filter(
      (price) =>
        price.medicationId === medication.id &&
        price.dosage === dosage &&
        Number.isFinite(price.price) &&
        price.price > 0,
    )
    .sort(cheapestFirst);
  const inStock = shown.filter((price) => price.inStock);
  const lowest = inStock[0] ?? null;
  const dearest = inStock.at(-1);
  const savings = lowest && dearest ? fromPence(toPence(dearest.price) - toPence(lowest.price)) : 0;
  const chosen = shown.some(hasIntroductoryPrice) ? view : null;
  const costed = shown.map((price) =>
    chosen
      ? { ...price, ...inView(price, chosen) }
      : { ...price, viewPrice: price.price, ...deliveryCost(price.price, termsOf(price.pharmacy)) },
  );
  const best = Math.min(...costed.map((row) => toPence(row.viewPrice)));
  const rows: ComparisonPrice[] = costed.map((row) => ({
    ...row,
    isBest: toPence(row.viewPrice) === best,
    difference: fromPence(toPence(row.viewPrice) - best),
  }));
  const order = chosen
    ? sort === "total"
      ? lowestViewTotalFirst
      : lowestViewPriceFirst
    : sort === "total"
      ? lowestTotalFirst
      : undefined;
  return {
    medication,
    dosage,
    prices: order ? rows.sort(order) : rows,
    sort,
    view: chosen,
    lowest,
    savings,
  };
}

/**
 * How many medications a condition page lists at most, so its size and render time do not grow
 * with the catalogue (docs/performance.md); the rest are found through search.
 */
export const CONDITION_PAGE_MEDICATION_LIMIT = 100;

/**
 * Everything a condition page shows (public site §2, §4) in one answer: the condition's place in
 * the tree, its medications, the choice the query made and that choice's comparison.
 */
export const ConditionPage = z
  .object({
    category: Category,
    subcategory: Subcategory,
    /**
     * The condition's first medications by name (at most CONDITION_PAGE_MEDICATION_LIMIT), with
     * the chosen one added when it comes later.
     */
    medications: z.array(Medication),
    /** How many medications the condition has in all (more than listed when it has many). */
    medicationCount: z.number().int().nonnegative(),
    /** The chosen medication's id, or null when the condition has no medication. */
    medicationId: z.string().nullable(),
    /** The chosen dosage, or null when the medication lists none. */
    dosage: z.string().nullable(),
    /** The chosen medication and dosage's comparison; null without both. */
    comparison: MedicationComparison.nullable(),
    /** The chosen medication's admin messages showing now, highest priority first, then newest. */
    messages: z.array(PublicAdminMessage),
    /** The chosen medication's course plans, in order (decision 042). */
    coursePlans: z.array(CoursePlan.pick({ id: true, name: true })),
    /**
     * The chosen plan (the `plan` query, else the first) priced over the chosen horizon (the
     * `horizon` query, else 6 months) at every pharmacy; null without a plan or known terms.
     */
    course: CourseCost.nullable(),
    /**
     * The chosen medication's NHS route and what it costs there today (issue 44, decision 056),
     * with the course's period figure when `course` is priced; null where staff have not recorded it.
     */
    nhs: NhsCost.nullable(),
    /**
     * Today's lowest against the last 90 days and the events on the history (issue 45, decision
     * 059); null without a dosage, or where the page was made without history (the web's fallback).
     */
    priceContext: ConditionPriceContext.nullable(),
    /**
     * Supply (issue 45, decision 060): in stock at how many of the comparison's listed pharmacies;
     * null without a comparison or with no price listed.
     */
    stock: z
      .object({ inStock: z.number().int().nonnegative(), listed: z.number().int().positive() })
      .nullable(),
    /** The staff's supply notices active now for the chosen medication and dosage, newest first. */
    supplyNotices: z.array(SupplyNotice),
  })
  .describe(
    "A condition's medications with the chosen one's comparison: the choice follows the `medication` " +
      "query (exact name ignoring case, else the first name starting with it, else the first medication) " +
      "and the `dosage` query (else the medication's first dosage); the `sort` query orders the comparison, " +
      "and `view` chooses the price it compares where some row has an introductory price; " +
      "`plan` and `horizon` (3, 6 or 12 months) choose the course whose cost `course` holds.",
  );
export type ConditionPage = z.infer<typeof ConditionPage>;

/** Where a condition sits in a tree of categories, or undefined. */
export function findCondition(categories: readonly Category[], subcategoryId: string) {
  for (const category of categories) {
    const subcategory = category.subcategories.find((entry) => entry.id === subcategoryId);
    if (subcategory) return { category, subcategory };
  }
  return undefined;
}

/**
 * A condition page from its parts: the API passes the live rows, the web's fallback its snapshot.
 * `pricesFor` and `messagesFor` are asked only about the chosen medication (and dosage).
 */
export async function assembleConditionPage(parts: {
  category: Category;
  subcategory: Subcategory;
  medications: Medication[];
  /** How many the condition has in all, when `medications` is only its first ones. */
  medicationCount?: number;
  medicationQuery?: string | null;
  dosageQuery?: string | null;
  /** The order of the comparison's rows; by price when absent. */
  sort?: ComparisonSort | null;
  /** The price compared where some row has an introductory one; the first three months when absent. */
  view?: NonNullable<MedicationComparison["view"]> | null;
  pricesFor: (medication: Medication, dosage: string) => Promise<readonly Price[]> | readonly Price[];
  messagesFor: (medication: Medication) => Promise<PublicAdminMessage[]> | PublicAdminMessage[];
  /** The course plan and horizon asked for (decision 042); the first plan and 6 months otherwise. */
  planQuery?: string | null;
  horizonQuery?: string | number | null;
  /** The medication's plans and its prices at every dosage; without them the page has no course. */
  coursePlansFor?: (medication: Medication) => Promise<CoursePlan[]> | CoursePlan[];
  allPricesFor?: (medication: Medication) => Promise<readonly Price[]> | readonly Price[];
  /** The medication's NHS route and the charges in force today; without it the page has no NHS route. */
  nhsFor?: (
    medication: Medication,
  ) =>
    | Promise<{ route: NhsRoute; inForce: NhsChargesInForce } | null>
    | { route: NhsRoute; inForce: NhsChargesInForce }
    | null;
  /**
   * The chosen dosage's price context and events (decision 059), given the comparison's lowest
   * in-stock price (null when none is in stock); without it the page has none.
   */
  priceContextFor?: (
    medication: Medication,
    dosage: string,
    todayLowest: number | null,
  ) => Promise<ConditionPriceContext | null> | ConditionPriceContext | null;
  /** The supply notices active now for the medication and dosage (decision 060); none without it. */
  supplyNoticesFor?: (medication: Medication, dosage: string) => Promise<SupplyNotice[]> | SupplyNotice[];
}): Promise<ConditionPage> {
  const medication = selectMedication(parts.medications, parts.medicationQuery);
  const dosage = selectDosage(medication, parts.dosageQuery);
  const [prices, messages, plans, nhsRoute, supplyNotices] = await Promise.all([
    medication && dosage !== undefined ? parts.pricesFor(medication, dosage) : null,
    medication ? parts.messagesFor(medication) : [],
    medication && parts.coursePlansFor ? parts.coursePlansFor(medication) : [],
    medication && parts.nhsFor ? parts.nhsFor(medication) : null,
    medication && dosage !== undefined && parts.supplyNoticesFor
      ? parts.supplyNoticesFor(medication, dosage)
      : [],
  ]);
  const plan = plans.find((entry) => entry.id === parts.planQuery) ?? plans[0];
  const course =
    medication && plan && parts.allPricesFor
      ? courseCost(plan, chooseHorizon(parts.horizonQuery), await parts.allPricesFor(medication))
      : null;
  const comparison =
    medication && dosage !== undefined && prices
      ? buildComparison(
          medication,
          dosage,
          prices,
          parts.sort ?? DEFAULT_COMPARISON_SORT,
          parts.view ?? DEFAULT_COMPARISON_VIEW,
        )
      : null;
  // After the comparison: the context's today is the table's own lowest in-stock price.
  const priceContext =
    medication && dosage !== undefined && comparison && parts.priceContextFor
      ? await parts.priceContextFor(medication, dosage, comparison.lowest?.price ?? null)
      : null;
  return {
    category: parts.category,
    subcategory: parts.subcategory,
    medications: parts.medications,
    medicationCount: parts.medicationCount ?? parts.medications.length,
    medicationId: medication?.id ?? null,
    dosage: dosage ?? null,
    comparison,
    messages,
    coursePlans: plans.map(({ id, name }) => ({ id, name })),
    course,
    // Each order of the course is one prescription item on the NHS route (decision 056).
    nhs: nhsRoute
      ? nhsCost(
          nhsRoute.route,
          nhsRoute.inForce,
          course ? { months: course.horizonMonths as NhsPeriodMonths, items: course.orders.length } : null,
        )
      : null,
    priceContext: priceContext ?? null,
    stock: comparison ? stockCount(comparison.prices) : null,
    supplyNotices,
  };
}

/** The horizon a query asks for, or the default: an edited link is not a refusal. */
export function chooseHorizon(value: string | number | null | undefined): CourseHorizon {
  const months = Number(value);
  return COURSE_HORIZONS.find((horizon) => horizon === months) ?? DEFAULT_COURSE_HORIZON;
}
