import { formatPounds } from "@pharmacompare/contract";
import { hostOf, onWebsite } from "../prices/index.ts";
import type { FeedRow } from "./feed-rows.ts";

/**
 * Which feed rows wait for staff in Feed review instead of being applied (decision 045): the
 * sentences returned are what the review queue shows beside each held row.
 */

/** How far a price may move in one run before it is held (FEED_HOLD_FALL_PERCENT, FEED_HOLD_RISE_PERCENT). */
export interface HoldLimits {
  holdFallPercent: number;
  holdRisePercent: number;
}

/** Why a row must wait for staff: none when it may be applied. */
export function holdReasons(
  row: Pick<FeedRow, "medicationName" | "dosage" | "price" | "link">,
  /** The catalogue's medication the row names, undefined when it names none. */
  medication: { id: string; name: string; dosages: readonly string[] } | undefined,
  /** The pharmacy's stored price for the pair, undefined when it has none yet. */
  old: { price: number; link: string | null } | undefined,
  /** The lowest price visitors see for the pair now, where this pharmacy has none yet. */
  lowest: number | undefined,
  /** The pharmacy's website, which a row's link must be on. */
  website: string,
  limits: HoldLimits,
): string[] {
  if (!medication) return [`"${row.medicationName}" is not a medication in the catalogue`];
  if (!medication.dosages.includes(row.dosage)) {
    return [`"${row.dosage}" is not one of ${medication.name}'s dosages`];
  }
  const reasons: string[] = [];
  const { holdFallPercent, holdRisePercent } = limits;
  if (old) {
    const change = ((row.price - old.price) / old.price) * 100;
    if (change < -holdFallPercent) {
      reasons.push(`the price falls by ${Math.round(-change)} % (more than ${holdFallPercent} %)`);
    } else if (change > holdRisePercent) {
      reasons.push(`the price rises by ${Math.round(change)} % (more than ${holdRisePercent} %)`);
    }
  } else if (lowest !== undefined) {
    // A first price cannot fall from a stored one, yet £0.01 would become the lowest and fire
    // every alert on the pair (issue 42): it is held against the lowest price visitors see.
    const below = ((lowest - row.price) / lowest) * 100;
    if (below > holdFallPercent) {
      reasons.push(
        `first price, far below the lowest: ${formatPounds(row.price)} is ${Math.round(below)} % below the lowest price listed now, ${formatPounds(lowest)} (more than ${holdFallPercent} %)`,
      );
    }
  }
  if (row.link !== null && row.link !== old?.link && !onWebsite(row.link, website)) {
    reasons.push(`the link goes to ${hostOf(row.link)}, not the pharmacy's website`);
  }
  return reasons;
}
