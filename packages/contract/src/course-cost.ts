import { z } from "zod";
import { COURSE_PLAN_LIMITS, horizonWeeks } from "./course-horizons.ts";
import { type DeliveryTerms, deliveryPence, termsOf } from "./delivery-terms.ts";
import { type Price, PricePharmacy, Slug } from "./entities.ts";
import { fromPence, toPence } from "./format.ts";
import { orderGoodsPence } from "./introductory-price.ts";

/**
 * The cost of a course (issue 30, decision 042): a medication taken at a rising dose, step after
 * step, priced at each pharmacy for a horizon of months, with every pack, every delivery and every
 * consultation fee in it, and the cheapest mix across pharmacies. One function, {@link courseCost},
 * for both tiers; all sums in whole pence.
 */

/** One step of a plan: `packs` packs of `dosage` last `weeks` weeks. */
export const CourseStep = z.object({
  dosage: z.string().min(1),
  packs: z.number().int().min(1).max(COURSE_PLAN_LIMITS.packs),
  weeks: z.number().int().min(1).max(COURSE_PLAN_LIMITS.weeks),
});
export type CourseStep = z.infer<typeof CourseStep>;

/**
 * A course plan: its steps in order. The last step repeats (the maintenance dose) until the horizon
 * ends; each step, and each repeat, is one order.
 */
export const CoursePlan = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  steps: z.array(CourseStep).min(1).max(COURSE_PLAN_LIMITS.steps),
});
export type CoursePlan = z.infer<typeof CoursePlan>;

/** One order of the schedule: what is bought at once and how long it lasts. */
export const CourseOrder = z.object({
  dosage: z.string(),
  packs: z.number().int().positive(),
  weeks: z.number().int().positive(),
});
export type CourseOrder = z.infer<typeof CourseOrder>;

/** A dosage of the plan a pharmacy cannot sell now: no price for it, or out of stock. */
export const CourseGap = z.object({
  dosage: z.string(),
  reason: z.enum(["not-sold", "out-of-stock"]),
});
export type CourseGap = z.infer<typeof CourseGap>;

const pounds = z.number().nonnegative();

/** One pharmacy's whole course: its parts and total, or null with the reason (gaps, minimum order). */
export const PharmacyCourseCost = z.object({
  pharmacyId: Slug,
  pharmacy: PricePharmacy,
  /** The packs, the deliveries and the consultation fees over the course; null when `total` is. */
  packs: pounds.nullable(),
  delivery: pounds.nullable(),
  consultation: pounds.nullable(),
  total: pounds.nullable(),
  /** Dosages of the plan it does not sell now: no total is invented for it then. */
  gaps: z.array(CourseGap),
  /** Its minimum order when one of the course's orders is below it (then no total), else null. */
  minimumOrder: pounds.nullable(),
  /** The lowest total of the course (ties share it). */
  isCheapest: z.boolean(),
});
export type PharmacyCourseCost = z.infer<typeof PharmacyCourseCost>;

/** One order of the cheapest mix: where it is bought and what it costs there with its fees. */
export const CourseMixOrder = CourseOrder.extend({
  pharmacyId: Slug,
  pharmacyName: z.string(),
  cost: pounds,
  /** A consultation is paid with this order (the first at a pharmacy, a switch, or every order). */
  consultation: pounds,
});
export type CourseMixOrder = z.infer<typeof CourseMixOrder>;

export const CourseMix = z.object({
  total: pounds,
  /** How often the mix changes pharmacy; each change pays that pharmacy's consultation again. */
  switches: z.number().int().nonnegative(),
  orders: z.array(CourseMixOrder),
});
export type CourseMix = z.infer<typeof CourseMix>;

export const CourseCost = z
  .object({
    plan: CoursePlan,
    horizonMonths: z.number().int().positive(),
    weeks: z.number().int().positive(),
    orders: z.array(CourseOrder),
    /** Lowest total first; pharmacies without a total follow by name. */
    pharmacies: z.array(PharmacyCourseCost),
    /** The cheapest way to buy every order across pharmacies; null when some order is sold nowhere. */
    mix: CourseMix.nullable(),
  })
  .describe(
    "A course plan priced for a horizon: its orders (each step once, the last repeated until the horizon " +
      "ends), each pharmacy's total with packs, delivery per order and consultation fees (per order, or " +
      "once), or its gaps, and the cheapest mix across pharmacies, paying a new consultation at each switch.",
  );
export type CourseCost = z.infer<typeof CourseCost>;

/** The orders a plan makes over `weeks`: a step cut short by the horizon buys only the packs it needs. */
export function courseOrders(steps: readonly CourseStep[], weeks: number): CourseOrder[] {
  const orders: CourseOrder[] = [];
  let remaining = weeks;
  for (let index = 0; remaining > 0 && steps.length > 0; index += 1) {
    const step = steps[Math.min(index, steps.length - 1)] as CourseStep;
    const lasts = Math.min(step.weeks, remaining);
    orders.push({ dosage: step.dosage, packs: Math.ceil((step.packs * lasts) / step.weeks), weeks: lasts });
    remaining -= lasts;
  }
  return orders;
}

interface Offer {
  price: Price;
  terms: DeliveryTerms;
}

/** What one order costs at one pharmacy, in pence, before any consultation; or why it cannot be bought. */
type OrderQuote = { goods: number; delivery: number } | { gap: CourseGap } | { minimum: number };

/**
 * `firstOrder`: the course's first order with this pharmacy, which pays a row's introductory price
 * for one pack (decision 057); every other order pays the ongoing price.
 */
function quote(order: CourseOrder, offers: ReadonlyMap<string, Offer>, firstOrder: boolean): OrderQuote {
  const offer = offers.get(order.dosage);
  if (!offer) return { gap: { dosage: order.dosage, reason: "not-sold" } };
  if (!offer.price.inStock) return { gap: { dosage: order.dosage, reason: "out-of-stock" } };
  const goods = orderGoodsPence(offer.price, order.packs, firstOrder);
  const minimum = toPence(offer.terms.minOrderValue);
  if (goods < minimum) return { minimum };
  return { goods, delivery: deliveryPence(goods, offer.terms) };
}

/** The consultation fee an order pays, in pence: every order, or the first at this pharmacy in a row. */
function consultationPence(terms: DeliveryTerms, continuing: boolean): number {
  const fee = toPence(terms.consultationFee ?? 0);
  return terms.consultationFeeBasis === "one-off" && continuing ? 0 : fee;
}

/**
 * A plan priced over a horizon at every pharmacy in `prices` (the medication's public prices, every
 * dosage) whose terms are known. A pharmacy missing a dosage, or out of stock of it, gets no total;
 * neither does one where an order is below its minimum. The mix picks, order by order, the cheapest
 * pharmacy counting a new consultation at each switch (a one-off fee is paid again on returning).
 * A row's introductory price is paid once, on the first order with that pharmacy, and its ongoing
 * price after (decision 057).
 */
export function courseCost(plan: CoursePlan, horizonMonths: number, prices: readonly Price[]): CourseCost {
  const weeks = horizonWeeks(horizonMonths);
  const orders = courseOrders(plan.steps, weeks);
  const byPharmacy = new Map<string, Map<string, Offer>>();
  for (const price of prices) {
    const terms = termsOf(price.pharmacy);
    if (!terms || !Number.isFinite(price.price) || price.price <= 0) continue;
    const offers = byPharmacy.get(price.pharmacyId) ?? new Map<string, Offer>();
    offers.set(price.dosage, { price, terms });
    byPharmacy.set(price.pharmacyId, offers);
  }
  const planDosages = new Set(orders.map((order) => order.dosage));
  const pharmacies = [...byPharmacy.values()]
    .filter((offers) => [...offers.keys()].some((dosage) => planDosages.has(dosage)))
    .map((offers) => pharmacyCourse(orders, offers));
  const lowest = Math.min(...pharmacies.map(totalPence));
  for (const entry of pharmacies) entry.isCheapest = entry.total !== null && toPence(entry.total) === lowest;
  pharmacies.sort(
    (a, b) =>
      totalPence(a) - totalPence(b) ||
      b.pharmacy.rating - a.pharmacy.rating ||
      byLowerName(a.pharmacy.name, b.pharmacy.name) ||
      byLowerName(a.pharmacyId, b.pharmacyId),
  );
  return { plan, horizonMonths, weeks, orders, pharmacies, mix: cheapestMix(orders, byPharmacy) };
}

/** A course total in pence; no total sorts last. */
function totalPence(entry: PharmacyCourseCost): number {
  return entry.total === null ? Number.POSITIVE_INFINITY : toPence(entry.total);
}

/** Byte order of lower-cased names, as the comparison orders names. */
function byLowerName(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

function pharmacyCourse(
  orders: readonly CourseOrder[],
  offers: ReadonlyMap<string, Offer>,
): PharmacyCourseCost {
  const first = offers.values().next().value as Offer;
  const gaps: CourseGap[] = [];
  let minimumOrder: number | null = null;
  let goods = 0;
  let delivery = 0;
  let consultation = 0;
  orders.forEach((order, index) => {
    const quoted = quote(order, offers, index === 0);
    if ("gap" in quoted) {
      if (!gaps.some((gap) => gap.dosage === quoted.gap.dosage)) gaps.push(quoted.gap);
    } else if ("minimum" in quoted) {
      minimumOrder = fromPence(quoted.minimum);
    } else {
      goods += quoted.goods;
      delivery += quoted.delivery;
      consultation += consultationPence(first.terms, index > 0);
    }
  });
  const priced = gaps.length === 0 && minimumOrder === null;
  return {
    pharmacyId: first.price.pharmacyId,
    pharmacy: first.price.pharmacy,
    packs: priced ? fromPence(goods) : null,
    delivery: priced ? fromPence(delivery) : null,
    consultation: priced ? fromPence(consultation) : null,
    total: priced ? fromPence(goods + delivery + consultation) : null,
    gaps,
    minimumOrder,
    isCheapest: false,
  };
}

/** One cell of the mix's table: the cheapest way to buy orders 0..k ending at one pharmacy. */
interface MixCell {
  cost: number;
  /** The pharmacy of order k-1 on that way (-1 for the first order). */
  previous: number;
  /** The consultation this order pays. */
  fee: number;
  /** This order's packs and delivery. */
  order: number;
}

/**
 * The cheapest pharmacy for each order, paying a consultation at the first order and at each
 * switch (and on every order where the pharmacy charges per order): a shortest path over orders ×
 * pharmacies, in pence. Ties keep the pharmacy of the previous order, so no switch is made for
 * nothing.
 */
function cheapestMix(
  orders: readonly CourseOrder[],
  byPharmacy: ReadonlyMap<string, ReadonlyMap<string, Offer>>,
): CourseMix | null {
  const pharmacies = [...byPharmacy.values()];
  const table: (MixCell | undefined)[][] = [];
  orders.forEach((order, k) => {
    table[k] = pharmacies.map((offers, p) => {
      // The mix counts an introductory price only on the course's first order: a pharmacy met
      // later may be one the visitor has ordered from before (decision 057), so no saving is assumed.
      const quoted = quote(order, offers, k === 0);
      if (!("goods" in quoted)) return undefined;
      const terms = (offers.get(order.dosage) as Offer).terms;
      const base = quoted.goods + quoted.delivery;
      if (k === 0) {
        const fee = consultationPence(terms, false);
        return { cost: base + fee, previous: -1, fee, order: base };
      }
      let cell: MixCell | undefined;
      (table[k - 1] ?? []).forEach((before, q) => {
        if (!before) return;
        const fee = consultationPence(terms, q === p);
        const cost = before.cost + base + fee;
        if (!cell || cost < cell.cost || (cost === cell.cost && q === p)) {
          cell = { cost, previous: q, fee, order: base };
        }
      });
      return cell;
    });
  });
  // A cell on the cheapest route always exists: the route is made only of priced cells.
  const cellAt = (k: number, p: number): MixCell => {
    const found = table[k]?.[p];
    if (!found) throw new Error(`course mix: order ${k} has no price at pharmacy ${p}`);
    return found;
  };
  const last = table[orders.length - 1] ?? [];
  let end = -1;
  last.forEach((cell, p) => {
    if (cell && (end === -1 || cell.cost < (last[end] as MixCell).cost)) end = p;
  });
  if (end === -1) return null;
  const route: number[] = [];
  for (let k = orders.length - 1, p = end; k >= 0; k -= 1) {
    route[k] = p;
    p = cellAt(k, p).previous;
  }
  const mixOrders = orders.map((order, k) => {
    const p = route[k] as number;
    const cell = cellAt(k, p);
    const offer = (pharmacies[p] as ReadonlyMap<string, Offer>).get(order.dosage) as Offer;
    return {
      ...order,
      pharmacyId: offer.price.pharmacyId,
      pharmacyName: offer.price.pharmacy.name,
      cost: fromPence(cell.order + cell.fee),
      consultation: fromPence(cell.fee),
    };
  });
  const switches = route.filter((p, k) => k > 0 && p !== route[k - 1]).length;
  return { total: fromPence((last[end] as MixCell).cost), switches, orders: mixOrders };
}
