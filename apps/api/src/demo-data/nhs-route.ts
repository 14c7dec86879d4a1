import type { CourseStep, NhsChargeKind, NhsRoute } from "@pharmacompare/contract";
import { demoMedications } from "./medications.ts";

/**
 * The demo's NHS route (issue 44, decision 056): England's charges in force, with the day they
 * took effect and the government's page that confirms them, and a short factual route for the
 * demo's medications where one is well known. Seeded once with the catalogue (decision 053).
 */

/** The item charge and certificates rose on 1 May 2024 and were frozen for 2025/26 (the page below). */
const CHARGES_FROZEN =
  "https://www.gov.uk/government/news/cost-of-living-boost-for-millions-as-prescription-charges-frozen";
const HRT_PPC =
  "https://www.nhsbsa.nhs.uk/help-nhs-prescription-costs/hrt-prescription-prepayment-certificate-hrt-ppc";

export const DEMO_NHS_CHARGES: {
  kind: NhsChargeKind;
  amount: number;
  effectiveFrom: string;
  sourceUrl: string;
}[] = [
  { kind: "item", amount: 9.9, effectiveFrom: "2024-05-01", sourceUrl: CHARGES_FROZEN },
  { kind: "ppc-3-months", amount: 32.05, effectiveFrom: "2024-05-01", sourceUrl: CHARGES_FROZEN },
  { kind: "ppc-12-months", amount: 114.5, effectiveFrom: "2024-05-01", sourceUrl: CHARGES_FROZEN },
  { kind: "hrt-ppc", amount: 19.8, effectiveFrom: "2024-05-01", sourceUrl: HRT_PPC },
];

/** The day the demo's routes were checked against the NHS pages they link. */
const CHECKED_ON = "2026-11-28";

const CONTRACEPTION = new Set(["oral-contraceptives", "other-contraceptives", "morning-after-pill"]);

const route = (
  availability: NonNullable<NhsRoute["availability"]>,
  url: string,
  note = "",
  itemCharge = true,
): NhsRoute => ({ availability, note, url, itemCharge, checkedOn: CHECKED_ON });

const ED = "https://www.nhs.uk/conditions/erection-problems-erectile-dysfunction/";
const HAIR_LOSS = "https://www.nhs.uk/conditions/hair-loss/";
const OBESITY = "https://www.nhs.uk/conditions/obesity/treatment/";
const BRANDED_ED =
  "Branded tablets are prescribed on the NHS only for men who meet the Drug Tariff's criteria, such as diabetes, multiple sclerosis or prostate surgery.";
const WEIGHT_INJECTION =
  "Prescribed on the NHS only for people who meet NICE's criteria, through NHS specialist weight management services.";

const named: Record<string, NhsRoute> = {
  sildenafil: route("yes", "https://www.nhs.uk/medicines/sildenafil/"),
  tadalafil: route("yes", "https://www.nhs.uk/medicines/tadalafil/"),
  viagra: route("criteria", ED, BRANDED_ED),
  cialis: route("criteria", ED, BRANDED_ED),
  finasteride: route("no", HAIR_LOSS),
  propecia: route("no", HAIR_LOSS),
  wegovy: route("criteria", OBESITY, WEIGHT_INJECTION),
  mounjaro: route("criteria", OBESITY, WEIGHT_INJECTION),
  saxenda: route("criteria", OBESITY, WEIGHT_INJECTION),
};

/** Each demo medication's route by id: the named ones, and every contraceptive free on the NHS. */
export const demoNhsRoutes: Record<string, NhsRoute> = Object.fromEntries([
  ...demoMedications
    .filter((medication) => CONTRACEPTION.has(medication.subcategory))
    .map((medication) => [
      medication.id,
      route(
        "yes",
        medication.subcategory === "morning-after-pill"
          ? "https://www.nhs.uk/contraception/emergency-contraception/"
          : "https://www.nhs.uk/contraception/",
        "",
        false,
      ),
    ]),
  ...Object.entries(named),
]);

/**
 * A course plan for generic sildenafil, so the demo's course cost shows the NHS figure for the same
 * period beside the private totals (a medication available on the NHS with the item charge).
 */
export const DEMO_NHS_COURSE_PLANS: { medicationId: string; name: string; steps: CourseStep[] }[] = [
  {
    medicationId: "sildenafil",
    name: "8 tablets of 50mg a month",
    steps: [{ dosage: "50mg x 8 tablets", packs: 1, weeks: 4 }],
  },
];
