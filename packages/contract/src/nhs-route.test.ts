import { describe, expect, it } from "vitest";
import {
  chargesInForce,
  isNhsLink,
  type NhsCharge,
  NhsChargeInput,
  type NhsRoute,
  nhsCost,
  nhsRouteFields,
} from "./nhs-route.ts";
import { nhsPeriodSentences, nhsSentences } from "./nhs-route-words.ts";

/*
 * The NHS route (issue 44, decision 056): the charge in force by the UK day, and what the same
 * supply costs on the NHS route in whole pence, per nation and per kind of route.
 */

const source =
  "https://www.gov.uk/government/news/cost-of-living-boost-for-millions-as-prescription-charges-frozen";
const charge = (kind: NhsCharge["kind"], amount: number, effectiveFrom: string): NhsCharge => ({
  id: `${kind}-${effectiveFrom}`,
  kind,
  amount,
  effectiveFrom,
  sourceUrl: source,
});
const charges: NhsCharge[] = [
  charge("item", 9.65, "2023-04-01"),
  charge("item", 9.9, "2024-05-01"),
  charge("item", 10.2, "2027-04-01"),
  charge("ppc-3-months", 32.05, "2024-05-01"),
  charge("ppc-12-months", 114.5, "2024-05-01"),
  charge("hrt-ppc", 19.8, "2024-05-01"),
];
const route = (overrides: Partial<NhsRoute> = {}): NhsRoute => ({
  availability: "yes",
  note: "",
  url: "https://www.nhs.uk/conditions/erection-problems-erectile-dysfunction/",
  itemCharge: true,
  checkedOn: "2026-11-28",
  ...overrides,
});

describe("chargesInForce", () => {
  it("takes, per kind, the latest charge whose day has come", () => {
    const today = chargesInForce(charges, "2026-11-29");
    expect(today.item?.amount).toBe(9.9);
    expect(today["ppc-12-months"]?.amount).toBe(114.5);
  });

  it("takes a future charge from its own day, not the day before", () => {
    expect(chargesInForce(charges, "2027-03-31").item?.amount).toBe(9.9);
    expect(chargesInForce(charges, "2027-04-01").item?.amount).toBe(10.2);
  });

  it("has no charge of a kind before its first takes effect", () => {
    expect(chargesInForce(charges, "2023-03-31")).toEqual({});
  });
});

describe("nhsCost", () => {
  const today = chargesInForce(charges, "2026-11-29");

  it("says nothing where staff have not recorded the route", () => {
    expect(nhsCost(route({ availability: null }), today)).toBeNull();
  });

  it("charges England's item and certificates, per month in whole pence", () => {
    const cost = nhsCost(route(), today);
    expect(cost?.status).toBe("charged");
    if (cost?.status !== "charged") return;
    expect(cost.england).toEqual({
      itemPence: 990,
      ppc3Pence: 3205,
      ppc3MonthlyPence: 1068, // 3205 / 3 = 1068.33
      ppc12Pence: 11450,
      ppc12MonthlyPence: 954, // 11450 / 12 = 954.17
      hrtPpcPence: 1980,
    });
    expect(cost.sources).toEqual([{ url: source, effectiveFrom: "2024-05-01" }]);
  });

  it("gives a course period's items against the certificates that cover it", () => {
    const three = nhsCost(route(), today, { months: 3, items: 3 });
    const six = nhsCost(route(), today, { months: 6, items: 6 });
    const twelve = nhsCost(route(), today, { months: 12, items: 13 });
    expect(three?.status === "charged" && three.period).toEqual({
      months: 3,
      items: 3,
      itemsPence: 2970,
      ppc3Count: 1,
      ppc3TotalPence: 3205,
      ppc12Count: 1,
      ppc12TotalPence: 11450,
    });
    expect(six?.status === "charged" && six.period).toMatchObject({ itemsPence: 5940, ppc3TotalPence: 6410 });
    expect(twelve?.status === "charged" && twelve.period).toMatchObject({
      itemsPence: 12870,
      ppc3Count: 4,
      ppc3TotalPence: 12820,
      ppc12TotalPence: 11450,
    });
  });

  it("leaves a figure out when no charge of its kind is in force", () => {
    const cost = nhsCost(route(), chargesInForce(charges, "2023-06-01"), { months: 3, items: 3 });
    expect(cost?.status === "charged" && cost.england.itemPence).toBe(965);
    expect(cost?.status === "charged" && cost.england.ppc3Pence).toBeNull();
    expect(cost?.status === "charged" && cost.period?.ppc3TotalPence).toBeNull();
  });

  it("is free where the item charge does not apply, as for contraception", () => {
    expect(nhsCost(route({ itemCharge: false }), today)?.status).toBe("free");
  });

  it("tells criteria and not available apart, whatever the charges", () => {
    expect(
      nhsCost(route({ availability: "criteria", note: "Specialist weight services only." }), today)?.status,
    ).toBe("criteria");
    expect(nhsCost(route({ availability: "no" }), today)?.status).toBe("not-available");
  });
});

describe("nhsSentences", () => {
  const today = chargesInForce(charges, "2026-11-29");
  const names = { medication: "Sildenafil", condition: "Erectile Dysfunction" };

  it("gives England's figures and the three free nations for a charged route", () => {
    const cost = nhsCost(route(), today);
    if (!cost) throw new Error("no cost");
    expect(nhsSentences(cost, names)).toEqual([
      "Available on an NHS prescription: in England £9.90 an item, £10.68 a month on a 3-month prepayment certificate (£32.05), or £9.54 a month on a 12-month prepayment certificate (£114.50).",
      "Free in Scotland, Wales and Northern Ireland, and for people who do not pay for prescriptions.",
    ]);
  });

  it("says a medication is not available for its condition", () => {
    const cost = nhsCost(route({ availability: "no" }), today);
    if (!cost) throw new Error("no cost");
    expect(nhsSentences(cost, { medication: "Finasteride", condition: "Hair Loss" })).toEqual([
      "Finasteride is not available on an NHS prescription for hair loss.",
    ]);
  });

  it("says contraception is free, and gives the staff sentence under criteria", () => {
    const free = nhsCost(route({ itemCharge: false }), today);
    const criteria = nhsCost(
      route({ availability: "criteria", note: "Through NHS specialist weight services." }),
      today,
    );
    if (!free || !criteria) throw new Error("no cost");
    expect(nhsSentences(free, names)).toEqual(["Contraception is free on the NHS."]);
    expect(nhsSentences(criteria, names)).toEqual([
      "Sildenafil is available on an NHS prescription only under criteria.",
      "Through NHS specialist weight services.",
    ]);
  });

  it("states a period's arithmetic without saying which to buy", () => {
    const cost = nhsCost(route(), today, { months: 6, items: 6 });
    if (cost?.status !== "charged" || !cost.period) throw new Error("no period");
    expect(nhsPeriodSentences(cost.period, cost.england)).toEqual([
      "6 prescription items at £9.90 each: £59.40.",
      "3-month prepayment certificates for 6 months (2 × £32.05): £64.10.",
      "12-month prepayment certificate (1 × £114.50): £114.50.",
    ]);
  });
});

describe("NHS links and charge input", () => {
  it("accepts https pages on nhs.uk and gov.uk hosts only", () => {
    expect(isNhsLink("https://www.nhs.uk/conditions/hair-loss/")).toBe(true);
    expect(isNhsLink("https://www.nhsbsa.nhs.uk/help-nhs-prescription-costs")).toBe(true);
    expect(isNhsLink("https://www.gov.uk/government/news/x")).toBe(true);
    expect(isNhsLink("http://www.nhs.uk/conditions/hair-loss/")).toBe(false);
    expect(isNhsLink("https://nhs.uk.example.com/")).toBe(false);
    expect(isNhsLink("https://fakenhs.uk/")).toBe(false);
    expect(nhsRouteFields.nhsUrl.safeParse("https://pharmacy.example/nhs").success).toBe(false);
    expect(nhsRouteFields.nhsUrl.parse("")).toBe("");
  });

  it("reads a form's amount in pounds and refuses a third decimal or a negative", () => {
    const base = { kind: "item", effectiveFrom: "2027-04-01", sourceUrl: source };
    expect(NhsChargeInput.parse({ ...base, amount: "10.20" }).amount).toBe(10.2);
    expect(NhsChargeInput.safeParse({ ...base, amount: 10.205 }).success).toBe(false);
    expect(NhsChargeInput.safeParse({ ...base, amount: -1 }).success).toBe(false);
    expect(NhsChargeInput.safeParse({ ...base, amount: 1, kind: "dental" }).success).toBe(false);
    expect(NhsChargeInput.safeParse({ ...base, amount: 1, effectiveFrom: "1/4/2027" }).success).toBe(false);
  });
});
