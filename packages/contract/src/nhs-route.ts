import { z } from "zod";
import { isWholePence, toPence } from "./format.ts";
import { NHS_AVAILABILITIES, NHS_CHARGE_KINDS } from "./ids.ts";
import { text } from "./text.ts";
import { webAddressProblem } from "./web-address.ts";

/**
 * The NHS route beside the private prices (issue 44, decision 056): whether a medication is
 * available on an NHS prescription for its condition, England's charges with the day each takes
 * effect, and ONE function, {@link nhsCost}, that says what the same supply costs on that route,
 * in whole pence. Facts only: nothing here says which route or certificate anyone should choose.
 */

export const NHS_ROUTE_LIMITS = { noteMax: 240, urlMax: 500, amountMax: 10_000 } as const;

export const NhsAvailability = z.enum(NHS_AVAILABILITIES, { error: "must be yes, criteria or no" });
export type NhsAvailability = z.infer<typeof NhsAvailability>;
export const NhsChargeKind = z.enum(NHS_CHARGE_KINDS, {
  error: `must be one of: ${NHS_CHARGE_KINDS.join(", ")}`,
});
export type NhsChargeKind = z.infer<typeof NhsChargeKind>;

/** How staff and visitors read each kind. */
export const NHS_CHARGE_LABELS: Record<NhsChargeKind, string> = {
  item: "Prescription item (England)",
  "ppc-3-months": "3-month prepayment certificate",
  "ppc-12-months": "12-month prepayment certificate",
  "hrt-ppc": "HRT prepayment certificate (12 months)",
};

/**
 * The hosts an NHS link may point at: the NHS's own sites (nhs.uk and its subdomains, such as
 * www.nhsbsa.nhs.uk) and the government's (gov.uk). A visitor reads the link as "the NHS says so",
 * so it must be the NHS's or the government's own page, never a pharmacy's or a blog's.
 */
export const NHS_LINK_HOSTS = ["nhs.uk", "gov.uk"] as const;
export const NHS_LINK_RULE = "must be an https:// address on nhs.uk or gov.uk";

/** Whether `value` is an https address on an nhs.uk or gov.uk host. */
export function isNhsLink(value: string): boolean {
  if (webAddressProblem(value)) return false;
  const url = new URL(value);
  const host = url.hostname.toLowerCase();
  return (
    url.protocol === "https:" &&
    NHS_LINK_HOSTS.some((allowed) => host === allowed || host.endsWith(`.${allowed}`))
  );
}

/** An NHS link field: trimmed; "" (none) when optional; stored as the parser's `href`. */
function nhsLink(optional: boolean) {
  return text({ error: optional ? "must be text" : "is required" })
    .trim()
    .max(NHS_ROUTE_LIMITS.urlMax, { error: `must be at most ${NHS_ROUTE_LIMITS.urlMax} characters` })
    .transform((value, context) => {
      if (value === "") {
        if (!optional) context.addIssue({ code: "custom", message: "is required" });
        return value;
      }
      if (!isNhsLink(value)) {
        context.addIssue({ code: "custom", message: NHS_LINK_RULE });
        return z.NEVER;
      }
      return new URL(value).href;
    });
}

/** A calendar day, "YYYY-MM-DD" (UK day; compared as text). */
export const NhsDay = z.iso.date({ error: "must be a date as YYYY-MM-DD" });

/** A medication's NHS route as the back-office and the condition page read it. */
export const NhsRoute = z.object({
  /** Null where staff have not recorded it: then the page shows no NHS route. */
  availability: NhsAvailability.nullable(),
  /** A short factual sentence: who can get it under criteria, or why not. */
  note: z.string(),
  /** The NHS page that says so; "" when none. */
  url: z.string(),
  /** False where no item charge applies (contraception is free on the NHS). */
  itemCharge: z.boolean(),
  /** The day staff last checked these facts. */
  checkedOn: NhsDay.nullable(),
});
export type NhsRoute = z.infer<typeof NhsRoute>;

/**
 * The medication form's five NHS fields (flat, beside the others). A "criteria" route needs its
 * sentence, since "only under criteria" alone tells a visitor nothing.
 */
export const nhsRouteFields = {
  nhsAvailability: NhsAvailability.nullable().or(z.literal("").transform(() => null)),
  nhsNote: text({ error: "must be text" })
    .trim()
    .max(NHS_ROUTE_LIMITS.noteMax, { error: `must be at most ${NHS_ROUTE_LIMITS.noteMax} characters` }),
  nhsUrl: nhsLink(true),
  nhsItemCharge: z.boolean({ error: "must be true or false" }),
  nhsCheckedOn: NhsDay.nullable().or(z.literal("").transform(() => null)),
};

/** The five fields as the back-office reads them back. */
export const NhsRouteFields = z.object({
  nhsAvailability: NhsAvailability.nullable(),
  nhsNote: z.string(),
  nhsUrl: z.string(),
  nhsItemCharge: z.boolean(),
  nhsCheckedOn: NhsDay.nullable(),
});
export type NhsRouteFields = z.infer<typeof NhsRouteFields>;

/** A criteria route without its sentence, as a refusal message keyed `nhsNote`; else null. */
export function nhsRouteProblem(fields: {
  nhsAvailability?: string | null;
  nhsNote?: string;
}): string | null {
  return fields.nhsAvailability === "criteria" && !fields.nhsNote?.trim()
    ? "must say the criteria when the NHS route is only under criteria"
    : null;
}

/** An NHS charge with the day it takes effect and the page it was taken from. */
export const NhsCharge = z.object({
  id: z.string(),
  kind: NhsChargeKind,
  /** Pounds, two decimals. */
  amount: z.number().nonnegative(),
  effectiveFrom: NhsDay,
  sourceUrl: z.string(),
});
export type NhsCharge = z.infer<typeof NhsCharge>;

const AMOUNT_RULE = "must be an amount in pounds, 0 or more, with at most 2 decimals";

/** A charge as the back-office form sends it. The source must be the NHS's or the government's page. */
export const NhsChargeInput = z.object({
  kind: NhsChargeKind,
  amount: z
    .union([z.number({ error: AMOUNT_RULE }), text({ error: AMOUNT_RULE })], { error: AMOUNT_RULE })
    .transform((value, context) => {
      const parsed = typeof value === "number" ? value : value.trim() === "" ? Number.NaN : Number(value);
      if (!Number.isFinite(parsed) || parsed < 0 || !isWholePence(parsed)) {
        context.addIssue({ code: "custom", message: AMOUNT_RULE });
        return z.NEVER;
      }
      if (parsed > NHS_ROUTE_LIMITS.amountMax) {
        context.addIssue({ code: "custom", message: `must be at most ${NHS_ROUTE_LIMITS.amountMax}` });
        return z.NEVER;
      }
      return parsed;
    }),
  effectiveFrom: NhsDay,
  sourceUrl: nhsLink(false),
});
export type NhsChargeInput = z.input<typeof NhsChargeInput>;

/** The charge of each kind in force on `today` ("YYYY-MM-DD", the UK day): the latest not after it. */
export type NhsChargesInForce = Partial<Record<NhsChargeKind, NhsCharge>>;

export function chargesInForce(charges: readonly NhsCharge[], today: string): NhsChargesInForce {
  const inForce: NhsChargesInForce = {};
  for (const charge of charges) {
    if (charge.effectiveFrom > today) continue;
    const held = inForce[charge.kind];
    if (!held || charge.effectiveFrom > held.effectiveFrom) inForce[charge.kind] = charge;
  }
  return inForce;
}

/** The course periods the NHS figure is given for (the course cost's horizons, decision 042). */
export type NhsPeriodMonths = 3 | 6 | 12;

/**
 * The same supply on the NHS route, in whole pence, for someone in England who pays. Each
 * certificate is also given per month (its price over its months, to the nearest penny). A
 * figure is null when staff have no charge of that kind in force.
 */
export const NhsEnglandCost = z.object({
  itemPence: z.number().int().nullable(),
  ppc3Pence: z.number().int().nullable(),
  ppc3MonthlyPence: z.number().int().nullable(),
  ppc12Pence: z.number().int().nullable(),
  ppc12MonthlyPence: z.number().int().nullable(),
  hrtPpcPence: z.number().int().nullable(),
});
export type NhsEnglandCost = z.infer<typeof NhsEnglandCost>;

/**
 * The NHS figure for a course period: `items` prescription items at the item charge, beside the
 * certificates that cover the period (3-month certificates, one per 3 months; 12-month ones, one
 * per 12 months started). Arithmetic only: which to buy is not ours to say.
 */
export const NhsPeriodCost = z.object({
  months: z.number().int().positive(),
  items: z.number().int().nonnegative(),
  itemsPence: z.number().int().nullable(),
  ppc3Count: z.number().int().positive(),
  ppc3TotalPence: z.number().int().nullable(),
  ppc12Count: z.number().int().positive(),
  ppc12TotalPence: z.number().int().nullable(),
});
export type NhsPeriodCost = z.infer<typeof NhsPeriodCost>;

/** The sources of the charges in force (the pages they were taken from), each once. */
const Sources = z.array(z.object({ url: z.string(), effectiveFrom: NhsDay }));

/**
 * What the NHS route costs for one medication: nothing to show (not recorded), not available,
 * only under criteria (the staff sentence and link), free everywhere (no item charge applies), or
 * available with England's figures; `period` is the course period's figure where asked for.
 */
export const NhsCost = z.discriminatedUnion("status", [
  z.object({ status: z.literal("not-available"), route: NhsRoute }),
  z.object({ status: z.literal("criteria"), route: NhsRoute }),
  z.object({ status: z.literal("free"), route: NhsRoute }),
  z.object({
    status: z.literal("charged"),
    route: NhsRoute,
    england: NhsEnglandCost,
    period: NhsPeriodCost.nullable(),
    sources: Sources,
  }),
]);
export type NhsCost = z.infer<typeof NhsCost>;

const pence = (charge: NhsCharge | undefined): number | null => (charge ? toPence(charge.amount) : null);
const monthly = (total: number | null, months: number): number | null =>
  total === null ? null : Math.round(total / months);
const times = (count: number, each: number | null): number | null => (each === null ? null : count * each);

/**
 * The one NHS figure (decision 056): what the same supply costs on the NHS route, in whole pence.
 * `period`, when given, asks for a course period's figure: `items` items over `months` months.
 * Null when staff have not recorded the route. Scotland, Wales and Northern Ireland, exempt groups
 * and a route without the item charge cost nothing: said as words by the page, not as figures.
 */
export function nhsCost(
  route: NhsRoute,
  inForce: NhsChargesInForce,
  period?: { months: NhsPeriodMonths; items: number } | null,
): NhsCost | null {
  if (route.availability === null) return null;
  if (route.availability === "no") return { status: "not-available", route };
  if (route.availability === "criteria") return { status: "criteria", route };
  if (!route.itemCharge) return { status: "free", route };
  const item = pence(inForce.item);
  const ppc3 = pence(inForce["ppc-3-months"]);
  const ppc12 = pence(inForce["ppc-12-months"]);
  const england: NhsEnglandCost = {
    itemPence: item,
    ppc3Pence: ppc3,
    ppc3MonthlyPence: monthly(ppc3, 3),
    ppc12Pence: ppc12,
    ppc12MonthlyPence: monthly(ppc12, 12),
    hrtPpcPence: pence(inForce["hrt-ppc"]),
  };
  const sources = new Map<string, string>();
  // Only the charges the figures use: the HRT certificate is kept but not shown (decision 056).
  for (const charge of [inForce.item, inForce["ppc-3-months"], inForce["ppc-12-months"]]) {
    if (!charge) continue;
    const held = sources.get(charge.sourceUrl);
    if (!held || charge.effectiveFrom > held) sources.set(charge.sourceUrl, charge.effectiveFrom);
  }
  return {
    status: "charged",
    route,
    england,
    period: period ? periodCost(period.months, period.items, england) : null,
    sources: [...sources].map(([url, effectiveFrom]) => ({ url, effectiveFrom })),
  };
}

function periodCost(months: number, items: number, england: NhsEnglandCost): NhsPeriodCost {
  const ppc3Count = Math.ceil(months / 3);
  const ppc12Count = Math.ceil(months / 12);
  return {
    months,
    items,
    itemsPence: times(items, england.itemPence),
    ppc3Count,
    ppc3TotalPence: times(ppc3Count, england.ppc3Pence),
    ppc12Count,
    ppc12TotalPence: times(ppc12Count, england.ppc12Pence),
  };
}
