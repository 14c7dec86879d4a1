import type { DemoAdminMessage } from "./types.ts";

/**
 * Messages administrators have posted on medication pages. Pharmacy-specific messages name a
 * pharmacy that sells the medication: `buildDemoPrices` always lists the pharmacy of every
 * pharmacy-specific message here among the sellers of that medication.
 */
export const demoAdminMessages: DemoAdminMessage[] = [
  {
    medicationId: "wegovy",
    pharmacyId: null,
    category: "information",
    // Supply news is a supply notice now (decision 060, demo-data/supply-notices.ts), so this
    // message says something else rather than repeat it beside the notice.
    title: "One pen, four weekly doses",
    message:
      "Each Wegovy pen holds four weekly doses of one strength. The prices shown are for one pen of the strength you choose.",
    startOffsetDays: -7,
    endOffsetDays: 30,
    priority: 6,
    active: true,
  },
  {
    medicationId: "mounjaro",
    pharmacyId: null,
    category: "warning",
    title: "Check the pen strength before you buy",
    message:
      "Mounjaro KwikPens come in six strengths and prices differ between them. Make sure the strength you compare matches the one your prescriber has recommended.",
    startOffsetDays: -3,
    endOffsetDays: null,
    priority: 8,
    active: true,
  },
  {
    medicationId: "sildenafil",
    pharmacyId: "kestrel-lane-pharmacy",
    category: "information",
    title: "Same-day dispatch",
    message:
      "Kestrel Lane Pharmacy dispatches sildenafil orders its prescriber approves before 2pm on the same working day.",
    startOffsetDays: -2,
    endOffsetDays: 14,
    priority: 3,
    active: true,
  },
  {
    // A promotion only on a pharmacy medicine, never on a prescription-only one (decision 067).
    medicationId: "viagra-connect",
    pharmacyId: null,
    category: "promo",
    title: "First-order discounts",
    message:
      "Some pharmacies take 10% off a first order of Viagra Connect at their own checkout. The prices here are before any discount.",
    startOffsetDays: -2,
    endOffsetDays: 14,
    priority: 3,
    active: true,
  },
  {
    medicationId: "microgynon-30",
    pharmacyId: null,
    category: "information",
    title: "An online consultation is required",
    message:
      "Combined contraceptive pills are prescription-only medicines. Every pharmacy listed here will ask you to complete a consultation before your order is approved.",
    startOffsetDays: -10,
    endOffsetDays: null,
    priority: 2,
    active: true,
  },
  {
    medicationId: "levonelle-one-step",
    pharmacyId: null,
    category: "information",
    title: "Need it today?",
    message:
      "Delivery times are shown for each pharmacy. If you need emergency contraception quickly, a local pharmacy or sexual health clinic may be faster than delivery.",
    startOffsetDays: -14,
    endOffsetDays: null,
    priority: 9,
    active: true,
  },
  {
    medicationId: "finasteride",
    pharmacyId: "pebblecroft-pharmacy",
    category: "information",
    title: "Repeat orders",
    message:
      "Pebblecroft Pharmacy can send finasteride on a repeating three-month order, which you can stop at any time.",
    startOffsetDays: -30,
    endOffsetDays: 7,
    priority: 1,
    active: false,
  },
];
