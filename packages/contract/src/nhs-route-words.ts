import { formatDay, formatPounds, fromPence } from "./format.ts";
import type { NhsCost, NhsEnglandCost, NhsPeriodCost } from "./nhs-route.ts";

/**
 * The NHS route's words and facts (issue 44, decision 056), without zod: the condition page renders
 * them in the page's first JavaScript (decision 025), like `course-horizons.ts`. The figures come
 * from `nhsCost` in `nhs-route.ts`.
 */

/**
 * The facts that are not settings, with where they were read and when (docs/compliance.md):
 * prescriptions are free in Scotland, Wales and Northern Ireland; contraception is free on the
 * NHS; some people in England do not pay (the NHS page says who).
 */
export const NHS_FACTS = {
  freeNations: ["Scotland", "Wales", "Northern Ireland"],
  checkedOn: "2026-11-28",
  /** NHS England's page saying who does not pay for prescriptions. */
  exemptUrl: "https://www.nhs.uk/nhs-services/prescriptions/who-can-get-free-prescriptions/",
  contraceptionUrl: "https://www.nhs.uk/contraception/",
} as const;

const money = (value: number) => formatPounds(fromPence(value));

/**
 * The panel's sentences, neutral and without advice (decision 056): what the route is, and for a
 * charged route the figures for someone in England who pays. The page adds the links.
 */
export function nhsSentences(cost: NhsCost, names: { medication: string; condition: string }): string[] {
  switch (cost.status) {
    case "not-available":
      return [
        `${names.medication} is not available on an NHS prescription for ${names.condition.toLowerCase()}.`,
      ];
    case "criteria":
      return [
        `${names.medication} is available on an NHS prescription only under criteria.`,
        ...(cost.route.note ? [cost.route.note] : []),
      ];
    case "free":
      return ["Contraception is free on the NHS."];
    case "charged": {
      const { itemPence, ppc3Pence, ppc3MonthlyPence, ppc12Pence, ppc12MonthlyPence } = cost.england;
      const parts: string[] = [];
      if (itemPence !== null) parts.push(`in England ${money(itemPence)} an item`);
      if (ppc3Pence !== null && ppc3MonthlyPence !== null) {
        parts.push(
          `${money(ppc3MonthlyPence)} a month on a 3-month prepayment certificate (${money(ppc3Pence)})`,
        );
      }
      if (ppc12Pence !== null && ppc12MonthlyPence !== null) {
        parts.push(
          `${money(ppc12MonthlyPence)} a month on a 12-month prepayment certificate (${money(ppc12Pence)})`,
        );
      }
      const figures = parts.length > 0 ? `: ${joinOr(parts)}` : "";
      return [
        `Available on an NHS prescription${figures}.`,
        "Free in Scotland, Wales and Northern Ireland, and for people who do not pay for prescriptions.",
      ];
    }
  }
}

/** "a, b or c": the first part, then the rest joined by commas and a final "or". */
function joinOr(parts: string[]): string {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")}, or ${parts.at(-1)}`;
}

/** The course period's arithmetic as plain sentences: items at the item charge, and the certificates. */
export function nhsPeriodSentences(period: NhsPeriodCost, england: NhsEnglandCost): string[] {
  const lines: string[] = [];
  if (period.itemsPence !== null && england.itemPence !== null) {
    const items = `${period.items} prescription ${period.items === 1 ? "item" : "items"}`;
    lines.push(`${items} at ${money(england.itemPence)} each: ${money(period.itemsPence)}.`);
  }
  if (period.ppc3TotalPence !== null && england.ppc3Pence !== null) {
    lines.push(
      `3-month prepayment certificates for ${period.months} months (${period.ppc3Count} × ${money(england.ppc3Pence)}): ${money(period.ppc3TotalPence)}.`,
    );
  }
  if (period.ppc12TotalPence !== null && england.ppc12Pence !== null) {
    lines.push(
      `12-month prepayment certificate (${period.ppc12Count} × ${money(england.ppc12Pence)}): ${money(period.ppc12TotalPence)}.`,
    );
  }
  return lines;
}

/** "Checked 28 November 2026.": the day staff last checked a medication's NHS route. */
export function nhsCheckedLine(day: string): string {
  return `Checked ${formatDay(day)}.`;
}
