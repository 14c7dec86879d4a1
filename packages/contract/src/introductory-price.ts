import type { COMPARISON_VIEWS } from "./comparison-choices.ts";
import { type DeliveryTerms, deliveryPence } from "./delivery-terms.ts";
import { formatPounds, isWholePence, toPence } from "./format.ts";
import type { INTRODUCTORY_TERMS } from "./ids.ts";

/**
 * First-order and ongoing prices told apart (issue 44, decision 057): a price row's `price` is the
 * ongoing price; an introductory price, with its terms, is paid once. The rules here are the one
 * place both tiers, the forms, sheets and feeds read: what an order costs in each comparison view,
 * in whole pence, the wording of the two prices, and what makes a pair of prices valid.
 */

/** A comparison view's name (the zod enum is comparison.ts's `ComparisonView`). */
type ComparisonView = (typeof COMPARISON_VIEWS)[number];
export type IntroductoryTerms = (typeof INTRODUCTORY_TERMS)[number];

/**
 * Orders in "the first three months": one pack of the compared dosage is counted as one month's
 * supply, so three months are three orders, the first at the introductory price (decision 057).
 * The course cost, which follows a medication's own course plan, counts its own orders.
 */
export const ORDERS_IN_THREE_MONTHS = 3;

/** The two prices of a row as the rules read them. */
export interface TwoPrices {
  price: number;
  introductoryPrice?: number | null | undefined;
  introductoryTerms?: IntroductoryTerms | null | undefined;
}

/** The introductory price in pence when the row has a valid one (set, with terms, below the price). */
function introPence(row: TwoPrices): number | null {
  const { introductoryPrice, introductoryTerms } = row;
  if (introductoryPrice == null || introductoryTerms == null) return null;
  const intro = toPence(introductoryPrice);
  return intro > 0 && intro < toPence(row.price) ? intro : null;
}

/** Whether the row has an introductory price the comparison shows. */
export function hasIntroductoryPrice(row: TwoPrices): boolean {
  return introPence(row) !== null;
}

/**
 * The packs of one order, in pence: the first order with a pharmacy pays the introductory price
 * for one pack (its terms, first order or first month, both mean that first pack when a pack is a
 * month's supply) and the ongoing price for the rest; every later order pays the ongoing price.
 */
export function orderGoodsPence(row: TwoPrices, packs: number, firstOrder: boolean): number {
  const ongoing = toPence(row.price);
  const intro = firstOrder ? introPence(row) : null;
  return intro === null ? ongoing * packs : intro + ongoing * (packs - 1);
}

/** What one order of a single pack costs with its fees, in pence; `total` null below the minimum order. */
export interface OrderPence {
  goods: number;
  delivery: number;
  consultation: number;
  /** Null when the pack alone is below the pharmacy's minimum order. */
  total: number | null;
  /** The minimum order, in pence, when the pack is below it; else null. */
  minimum: number | null;
}

/**
 * One order of one pack at a pharmacy, in pence (decision 042's total rule): delivery on the pack
 * (or on the minimum order when the pack is below it), the consultation fee on every order, and a
 * one-off fee only on the first.
 */
export function singleOrderPence(goods: number, terms: DeliveryTerms, firstOrder: boolean): OrderPence {
  const minimum = toPence(terms.minOrderValue);
  const delivery = deliveryPence(Math.max(goods, minimum), terms);
  const fee = toPence(terms.consultationFee ?? 0);
  const consultation = terms.consultationFeeBasis === "one-off" && !firstOrder ? 0 : fee;
  const alone = goods >= minimum;
  return {
    goods,
    delivery,
    consultation,
    total: alone ? goods + delivery + consultation : null,
    minimum: alone ? null : minimum,
  };
}

/**
 * What a row costs in a comparison view, in pence: `first-order` is one first order (the
 * introductory price, every fee of a first order), `ongoing` one repeat order (the ongoing price,
 * no one-off fee), `three-months` the first order and then two repeat orders
 * ({@link ORDERS_IN_THREE_MONTHS}). Without terms (the web's saved file) only the goods are known.
 */
export function viewCostPence(
  row: TwoPrices,
  view: ComparisonView,
  terms: DeliveryTerms | undefined,
): { goods: number; fees: Omit<OrderPence, "goods"> | null } {
  const orders =
    view === "three-months"
      ? Array.from({ length: ORDERS_IN_THREE_MONTHS }, (_, index) => index === 0)
      : [view === "first-order"];
  const goodsEach = orders.map((first) => orderGoodsPence(row, 1, first));
  const goods = goodsEach.reduce((sum, each) => sum + each, 0);
  if (!terms) return { goods, fees: null };
  const each = orders.map((first, index) => singleOrderPence(goodsEach[index] ?? 0, terms, first));
  const below = each.find((order) => order.total === null);
  return {
    goods,
    fees: {
      delivery: each.reduce((sum, order) => sum + order.delivery, 0),
      consultation: each.reduce((sum, order) => sum + order.consultation, 0),
      total: below ? null : each.reduce((sum, order) => sum + (order.total ?? 0), 0),
      minimum: below ? below.minimum : null,
    },
  };
}

/** How the terms read after an introductory price: "first month", "first order". */
export const INTRODUCTORY_TERMS_WORDS: Record<IntroductoryTerms, string> = {
  "first-month": "first month",
  "first-order": "first order",
};

/**
 * Both prices in words (decision 040: "introductory price", never an offer or a saving):
 * "£99.00 first month, then £199.00 a month", "£99.00 first order, then £199.00". Null without an
 * introductory price.
 */
export function introductoryPriceWords(row: TwoPrices): string | null {
  if (introPence(row) === null || row.introductoryPrice == null || row.introductoryTerms == null) return null;
  const then = row.introductoryTerms === "first-month" ? " a month" : "";
  return `${formatPounds(row.introductoryPrice)} ${INTRODUCTORY_TERMS_WORDS[row.introductoryTerms]}, then ${formatPounds(row.price)}${then}`;
}

/** The field a problem with a pair of prices belongs to, and what is wrong. */
export interface IntroductoryProblem {
  field: "introductoryPrice" | "introductoryTerms";
  message: string;
}

/**
 * What is wrong with a row's introductory price, or null (the database's CHECKs are the backstop;
 * this is the rule every writer tells staff first): both or neither, whole pence above £0, below
 * the ongoing price.
 */
export function introductoryProblem(row: {
  price: number;
  introductoryPrice: number | null;
  introductoryTerms: string | null;
}): IntroductoryProblem | null {
  const { price, introductoryPrice: intro, introductoryTerms: terms } = row;
  if (intro === null && terms === null) return null;
  if (intro === null) {
    return { field: "introductoryPrice", message: "is required when introductory terms are given" };
  }
  if (terms === null) {
    return {
      field: "introductoryTerms",
      message: "is required with an introductory price: first-order or first-month",
    };
  }
  if (terms !== "first-order" && terms !== "first-month") {
    return { field: "introductoryTerms", message: "must be first-order or first-month" };
  }
  if (!(intro > 0) || !isWholePence(intro)) {
    return {
      field: "introductoryPrice",
      message: "must be a price in pounds above 0, with at most 2 decimals",
    };
  }
  if (toPence(intro) >= toPence(price)) {
    return {
      field: "introductoryPrice",
      message: `must be below the ongoing price (${formatPounds(price)})`,
    };
  }
  return null;
}
