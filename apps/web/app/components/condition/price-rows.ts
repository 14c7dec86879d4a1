import {
  type ComparisonPrice,
  type ComparisonSort,
  type ComparisonView,
  formatLongDate,
  formatPounds,
  type Price,
  type PricePharmacy,
  type PublicAdminMessage,
} from "@pharmacompare/contract";

/**
 * What the comparison's rows read of one of the API's prices (issue 47). The loader sends this
 * rather than the whole price, so the page's hydration data carries only what the rows draw: the
 * medication, dosage and product address are the page's or stay on the server.
 */
export type TablePrice = Pick<
  ComparisonPrice,
  "_id" | "price" | "isBest" | "difference" | "delivery" | "consultation" | "total" | "inStock"
> &
  Partial<Pick<ComparisonPrice, "viewPrice" | "introductoryPrice" | "introductoryTerms">> & {
    pharmacy: Pick<
      PricePharmacy,
      "id" | "name" | "rating" | "deliveryTime" | "sponsored" | "startsAtConsultation" | "gphcNumber"
    >;
    /** Set only below the pharmacy's minimum order; absent is null. */
    minimumOrder?: number;
    /** When the price was last confirmed, else last changed: each row's "checked … ago". */
    checked: string;
    /** Set only when unconfirmed past the stale limit (decision 048); `checked` is then its confirmation. */
    mayBeOutOfDate?: true;
    /**
     * The pharmacy's own address, for a price from the saved file only: the API's prices go through
     * the counted click-out, made in the browser from `_id` (decision 044).
     */
    link?: string;
    /** Set only where "Visit pharmacy" has nowhere to go (no http(s) address). */
    noLink?: true;
  };

/**
 * One price as the comparison's rows read it: `clickOut` where "Visit pharmacy" goes through the
 * API's counted click-out (live prices), else the direct address is kept. Absent fields cost no
 * bytes in the hydration data, so the rare ones are set only when they say something: the view
 * price where it differs from the price, a minimum order, a pharmacy that is not sponsored (the
 * row says "sponsored" unless told otherwise) or whose visits start at a consultation.
 */
export function tablePrice(price: ComparisonPrice, clickOut: boolean): TablePrice {
  const { pharmacy } = price;
  const direct = pharmacyHref(price);
  return {
    _id: price._id,
    pharmacy: {
      id: pharmacy.id,
      name: pharmacy.name,
      rating: pharmacy.rating,
      deliveryTime: pharmacy.deliveryTime,
      ...(pharmacy.sponsored === false ? { sponsored: false } : {}),
      ...(pharmacy.startsAtConsultation ? { startsAtConsultation: true } : {}),
      ...(pharmacy.gphcNumber ? { gphcNumber: pharmacy.gphcNumber } : {}),
    },
    price: price.price,
    ...(price.viewPrice !== price.price ? { viewPrice: price.viewPrice } : {}),
    isBest: price.isBest,
    difference: price.difference,
    delivery: price.delivery,
    consultation: price.consultation,
    total: price.total,
    ...(price.minimumOrder !== null ? { minimumOrder: price.minimumOrder } : {}),
    inStock: price.inStock,
    checked: price.lastConfirmed ?? price.lastUpdated,
    ...(price.mayBeOutOfDate && price.lastConfirmed ? { mayBeOutOfDate: true } : {}),
    ...(price.introductoryPrice != null && price.introductoryTerms != null
      ? { introductoryPrice: price.introductoryPrice, introductoryTerms: price.introductoryTerms }
      : {}),
    ...(direct === undefined ? { noLink: true } : clickOut ? {} : { link: direct }),
  };
}

/** One line of the price table, ready to draw. */
export interface PriceRow {
  price: Omit<
    TablePrice,
    "viewPrice" | "isBest" | "difference" | "delivery" | "consultation" | "total" | "minimumOrder"
  >;
  /** What the comparison's view compares before fees (decision 057); the price when it has none. */
  viewPrice: number;
  /** The cheapest price (ties share the badge). */
  isBest: boolean;
  /** Pounds above the cheapest price; 0 for the best. */
  difference: number;
  /** The API's delivery for this pack (0 when free); null when the pharmacy's terms are unknown. */
  delivery: number | null;
  /** The pharmacy's consultation fee on this order (0 for none); null when its terms are unknown. */
  consultation: number | null;
  /** Price plus delivery plus consultation; null below the minimum order or with unknown terms. */
  total: number | null;
  /** The pharmacy's minimum order when this pack alone is below it. */
  minimumOrder: number | null;
  /** The pharmacy's own admin message, if any (the highest-priority one). */
  message: PublicAdminMessage | undefined;
}

/**
 * Highest priority first. The API sends equal priorities newest first and both callers keep that
 * order for ties (a stable sort; the first message seen wins).
 */
function byPriority(a: PublicAdminMessage, b: PublicAdminMessage): number {
  return b.priority - a.priority;
}

/** Messages without a pharmacy: shown as banners above the table, highest priority first. */
export function generalMessages(messages: readonly PublicAdminMessage[]): PublicAdminMessage[] {
  return messages.filter((message) => message.pharmacyId === null).sort(byPriority);
}

/** For each pharmacy, its highest-priority message (public site §2). */
export function messagesByPharmacy(messages: readonly PublicAdminMessage[]): Map<string, PublicAdminMessage> {
  const chosen = new Map<string, PublicAdminMessage>();
  for (const message of messages) {
    if (message.pharmacyId === null) continue;
    const current = chosen.get(message.pharmacyId);
    if (!current || byPriority(message, current) < 0) chosen.set(message.pharmacyId, message);
  }
  return chosen;
}

/**
 * The table's rows: the API's comparison (order, Best and differences are its rule, decision 012)
 * with each pharmacy's own admin message attached.
 */
export function buildPriceRows(
  prices: readonly TablePrice[],
  messages: readonly PublicAdminMessage[],
): PriceRow[] {
  const byPharmacy = messagesByPharmacy(messages);
  return prices.map(
    ({ isBest, difference, delivery, consultation, total, minimumOrder, viewPrice, ...price }) => ({
      price,
      viewPrice: viewPrice ?? price.price,
      isBest,
      difference,
      delivery,
      consultation,
      total,
      minimumOrder: minimumOrder ?? null,
      message: byPharmacy.get(price.pharmacy.id),
    }),
  );
}

/**
 * Whether the table can show delivery and totals: the API always knows the terms, the web's saved
 * file never does, and then the table says prices may not include delivery rather than guess.
 */
export function showsTotals(rows: readonly Pick<PriceRow, "delivery">[]): boolean {
  return rows.some((row) => row.delivery !== null);
}

/** "Free delivery" or "£2.95 delivery": the fee is always named with its amount. */
export function deliveryText(delivery: number): string {
  return delivery === 0 ? "Free delivery" : `${formatPounds(delivery)} delivery`;
}

/**
 * The line under a total, naming every fee it holds so none is left for the checkout to reveal
 * (DMCC Act 2024 on drip pricing, decision 042): "incl. £2.49 delivery and £15.00 consultation";
 * for a pack below the minimum order, why it has no total.
 */
export function totalNote(
  row: Pick<PriceRow, "delivery" | "consultation" | "minimumOrder">,
): string | undefined {
  if (row.minimumOrder !== null) return "Pack alone is below it";
  if (row.delivery === null) return undefined;
  const consultation = row.consultation ?? 0;
  if (consultation === 0) {
    return row.delivery === 0 ? "Free delivery" : `incl. ${formatPounds(row.delivery)} delivery`;
  }
  const fee = `${formatPounds(consultation)} consultation`;
  return row.delivery === 0
    ? `Free delivery, incl. ${fee}`
    : `incl. ${formatPounds(row.delivery)} delivery and ${fee}`;
}

/** How the rows are ordered, in words for the caption and the count line (and the view, decision 057). */
export function orderWords(sort: ComparisonSort, view: ComparisonView | null = null): string {
  const order = sort === "total" ? "lowest total with fees first" : "cheapest first";
  if (view === "three-months") return `${order} over the first 3 months`;
  if (view === "first-order") return `${order} on a first order`;
  if (view === "ongoing") return `${order} at the ongoing price`;
  return order;
}

/** A rating rounded to the nearest half star, within 0 to 5. */
export function halfStars(rating: number): number {
  if (!Number.isFinite(rating)) return 0;
  return Math.min(5, Math.max(0, Math.round(rating * 2) / 2));
}

/** Where "Visit pharmacy" goes: the price's link, else the pharmacy's website; only http(s) URLs. */
export function pharmacyHref(price: Price): string | undefined {
  for (const candidate of [price.link, price.pharmacy.website]) {
    if (candidate && /^https?:\/\/[^\s]+$/i.test(candidate.trim())) return candidate.trim();
  }
  return undefined;
}

/**
 * The "prices checked" line's words: one day when every listed price was last confirmed that day,
 * else the oldest and the newest, so a row confirmed 8 days ago is never covered by "checked today"
 * (issue 41). Days are UK days, as every date on the site.
 */
export function checkedWords(prices: readonly Pick<TablePrice, "checked">[]): string | undefined {
  const days = prices.map((price) => formatLongDate(price.checked));
  const times = prices.map((price) => Date.parse(price.checked));
  if (times.length === 0) return undefined;
  const oldest = days[times.indexOf(Math.min(...times))] as string;
  const newest = days[times.indexOf(Math.max(...times))] as string;
  return oldest === newest ? `prices checked ${newest}` : `prices checked between ${oldest} and ${newest}`;
}

const DAY = 24 * 60 * 60 * 1000;

/**
 * How fresh one price is, in whole days ("checked today", "checked 3 days ago"): coarse enough
 * that the server's render and the browser's agree, and honest about an old price.
 */
export function checkedAgo(lastUpdated: string, now: Date): string {
  const days = Math.max(0, Math.floor((now.getTime() - Date.parse(lastUpdated)) / DAY));
  if (days === 0) return "checked today";
  if (days === 1) return "checked yesterday";
  return `checked ${days} days ago`;
}

/**
 * The pharmacy a row is compared with on the compare page (decision 042): the Best one, or for a
 * Best row the next cheapest other pharmacy; none when the row is alone.
 */
export function comparePartner(rows: readonly PriceRow[], row: PriceRow): PriceRow | undefined {
  const others = rows.filter((other) => other.price.pharmacy.id !== row.price.pharmacy.id);
  return (
    others.find((other) => other.isBest) ??
    others.reduce<PriceRow | undefined>(
      (cheapest, other) => (!cheapest || other.difference < cheapest.difference ? other : cheapest),
      undefined,
    )
  );
}
