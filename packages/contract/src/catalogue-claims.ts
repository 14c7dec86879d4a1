import type { CatalogueFigures } from "./claims.ts";
import { confirmedSharePercent } from "./price-freshness.ts";

/*
 * The saving's percentile and its note live here, not beside the figures' schema in claims.ts:
 * the home page shows the note, and importing claims.ts brought zod into its JavaScript (page budget).
 */
/** Which percentile of the packs' savings the home page's "Up to" states: 0.9, one pack in ten. */
export const SAVING_PERCENTILE = 0.9;

/** How the saving is worked out, in the words the home page shows beside it. */
export const SAVING_NOTE =
  "Savings compare the cheapest and the dearest in-stock price of the same pack (medication and dosage) " +
  "across the pharmacies listing it; the figure shown is reached on at least one pack in ten we compare.";

/** The specification's claims (public site: home and About), shown only where the catalogue bears them out. */
export const SPECIFIED_CLAIMS = { pharmacies: 30, medications: 500, savingPercent: 70 } as const;

export interface CatalogueClaims {
  /** "30+", or null when there is nothing to claim. */
  pharmacies: string | null;
  medications: string | null;
  /** "Up to 70%", or null. */
  saving: string | null;
  /** "Daily" while the set share of listed prices was confirmed in the last day, else null. */
  updates: string | null;
  /**
   * The honest figure when "Daily" cannot be claimed: "72%" (of prices confirmed in the last 24
   * hours); null while "Daily" holds or nothing is listed.
   */
  confirmedShare: string | null;
}

/** 34 → 30, 7 → 7: a round figure that never exceeds the count. */
function roundDown(count: number): number {
  if (count < 10) return count;
  const step = count < 100 ? 10 : count < 1000 ? 50 : 100;
  return Math.floor(count / step) * step;
}

/**
 * What the site may claim (decision 014, CAP Code 3.7: a claim must be one we can prove): the
 * specification's figure where the live catalogue reaches it, else the live figure rounded down —
 * never more than a visitor can find. A count of 0 (or a saving under 1%) claims nothing, and
 * "Daily" price updates are claimed only while at least the API's set share of listed prices was
 * confirmed in the last 24 hours (decision 048); otherwise the real share is given instead.
 */
export function catalogueClaims(figures: CatalogueFigures): CatalogueClaims {
  const count = (live: number, specified: number) => {
    if (live >= specified) return `${specified}+`;
    if (live === 0) return null;
    const shown = roundDown(live);
    return shown === live ? `${live}` : `${shown}+`;
  };
  const saving =
    figures.largestSavingPercent >= SPECIFIED_CLAIMS.savingPercent
      ? SPECIFIED_CLAIMS.savingPercent
      : figures.largestSavingPercent >= 10
        ? Math.floor(figures.largestSavingPercent / 5) * 5
        : figures.largestSavingPercent;
  const share = confirmedSharePercent(figures.pricesListed, figures.pricesConfirmedLastDay);
  // Compared on the counts, not the rounded percent, so 89.6% never passes a 90% bar.
  const daily =
    figures.pricesListed > 0 &&
    figures.pricesConfirmedLastDay >= figures.pricesListed * figures.dailyClaimShare - 1e-9;
  return {
    pharmacies: count(figures.pharmacies, SPECIFIED_CLAIMS.pharmacies),
    medications: count(figures.medications, SPECIFIED_CLAIMS.medications),
    saving: saving >= 1 ? `Up to ${saving}%` : null,
    updates: daily ? "Daily" : null,
    confirmedShare: daily || figures.pricesListed === 0 ? null : `${share}%`,
  };
}
