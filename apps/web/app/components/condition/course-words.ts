import {
  type CourseGap,
  type CourseMix,
  type CourseOrder,
  formatPounds,
  type PharmacyCourseCost,
} from "@pharmacompare/contract";

/**
 * The course cost's words (issue 30, decision 042), zod-free for the page's first JavaScript
 * (decision 025): what each total holds, why a pharmacy has none, and the mix's line.
 */

/** "3 months", "12 months". */
export function horizonWords(months: number): string {
  return `${months} months`;
}

/** "£719.96 packs, £15.96 delivery on 4 orders and £15.00 consultation": every part of a total, named. */
export function courseParts(row: PharmacyCourseCost, orders: number): string | null {
  if (row.total === null || row.packs === null || row.delivery === null || row.consultation === null)
    return null;
  const delivery =
    row.delivery === 0
      ? `free delivery on ${ordersWord(orders)}`
      : `${formatPounds(row.delivery)} delivery on ${ordersWord(orders)}`;
  const consultation =
    row.consultation === 0 ? "no consultation fee" : `${formatPounds(row.consultation)} consultation`;
  return `${formatPounds(row.packs)} packs, ${delivery} and ${consultation}`;
}

function ordersWord(count: number): string {
  return count === 1 ? "1 order" : `${count} orders`;
}

function gapWords(gap: CourseGap): string {
  return gap.reason === "not-sold" ? `Does not stock ${gap.dosage}` : `${gap.dosage} out of stock`;
}

/** Why a pharmacy has no course total: the steps it cannot supply, or its minimum order. */
export function noTotalReason(row: PharmacyCourseCost): string {
  if (row.gaps.length > 0) return row.gaps.map(gapWords).join("; ");
  if (row.minimumOrder !== null) return `An order is below its ${formatPounds(row.minimumOrder)} minimum`;
  return "No total";
}

/** "Weeks 1–4: 1 pack of 2.5mg": one order of the schedule, counted from week 1. */
export function orderLines(orders: readonly CourseOrder[]): string[] {
  let week = 1;
  return orders.map((order) => {
    const last = week + order.weeks - 1;
    const weeks = order.weeks === 1 ? `Week ${week}` : `Weeks ${week}–${last}`;
    week = last + 1;
    return `${weeks}: ${order.packs} ${order.packs === 1 ? "pack" : "packs"} of ${order.dosage}`;
  });
}

/**
 * The mix's line: what buying each order where it is cheapest costs, switches and their
 * consultations counted; or that staying with one pharmacy is already the cheapest.
 */
export function mixSentence(mix: CourseMix, cheapestTotal: number | null): string {
  if (mix.switches === 0 || (cheapestTotal !== null && mix.total >= cheapestTotal)) {
    return "Buying every order from the cheapest pharmacy above is already the cheapest way: switching would cost more in consultations than it saves.";
  }
  const switches = mix.switches === 1 ? "1 switch" : `${mix.switches} switches`;
  return `Cheapest mix across pharmacies: ${formatPounds(mix.total)}, buying each order where it costs least, with ${switches} and a new consultation at each.`;
}
