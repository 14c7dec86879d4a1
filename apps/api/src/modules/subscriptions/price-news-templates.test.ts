import { describe, expect, it } from "vitest";
import { demoMedications } from "../../demo-data/medications.ts";
import {
  type NewMedication,
  newMedicationsEmail,
  type PriceFall,
  subscriberPriceDropsEmail,
  weeklyDigestEmail,
} from "./price-news-templates.ts";

/**
 * No price-news email names a prescription-only medicine, in its subject, text or HTML, or in a
 * link (reg. 284 of the Human Medicines Regulations 2012; decision 038): every POM of the demo
 * catalogue is put through every template as a fall, a new lowest price and a new medication.
 */
const SITE = "https://www.pharmacompare.example";
const links = { unsubscribe: `${SITE}/unsubscribe?token=abc`, manage: `${SITE}/manage-emails?token=abc` };
const followed = { all: true as const };

const prescriptionOnly = demoMedications.filter((medication) => medication.legalCategory === "POM");
const fallOf = (medication: (typeof demoMedications)[number]): PriceFall => ({
  medicationId: medication.id,
  medicationName: medication.name,
  dosage: medication.dosage[0] as string,
  legalCategory: medication.legalCategory,
  conditionId: medication.subcategory,
  conditionName: medication.subcategory,
  before: 20,
  after: 10,
});
const addedOf = (medication: (typeof demoMedications)[number]): NewMedication => ({
  medicationId: medication.id,
  medicationName: medication.name,
  legalCategory: medication.legalCategory,
  conditionId: medication.subcategory,
  conditionName: medication.subcategory,
});

function expectNoName(name: string, email: { subject: string; text: string; html: string }) {
  for (const part of [email.subject, email.text, email.html]) {
    expect(part.toLowerCase(), name).not.toContain(name.toLowerCase());
    expect(part, name).not.toContain(encodeURIComponent(name));
    expect(part, name).not.toContain(new URLSearchParams({ medication: name }).toString());
  }
}

describe("price news never names a prescription-only medicine", () => {
  it.each(prescriptionOnly.map((medication) => [medication.name, medication] as const))(
    "%s",
    (name, medication) => {
      const fall = fallOf(medication);
      expectNoName(name, subscriberPriceDropsEmail([fall], { siteUrl: SITE, followed, percent: 10 }, links));
      expectNoName(
        name,
        weeklyDigestEmail(
          { falls: [fall], newLows: [fall], medications: [addedOf(medication)], articles: [] },
          { siteUrl: SITE, followed },
          links,
        ),
      );
      expectNoName(name, newMedicationsEmail([addedOf(medication)], { siteUrl: SITE, followed }, links));
    },
  );

  it("names a pharmacy or general-sale medicine with its prices and links to it in its comparison", () => {
    const regaine = demoMedications.find((medication) => medication.legalCategory === "GSL");
    if (!regaine) throw new Error("no GSL medicine in the demo catalogue");
    const email = subscriberPriceDropsEmail(
      [{ ...fallOf(regaine), conditionName: "Hair Loss" }],
      { siteUrl: SITE, followed: { all: false, conditionNames: ["Hair Loss"] }, percent: 10 },
      links,
    );
    expect(email.subject).toBe("Price drops in Hair Loss");
    // By how much and to what (issue 41).
    expect(email.text).toContain(
      `${regaine.name} ${regaine.dosage[0]}: £10.00, down £10.00 (50%) from £20.00`,
    );
    // The only news: its link opens that medicine and that dosage.
    expect(email.text).toContain(
      `${SITE}/condition/${regaine.subcategory}?${new URLSearchParams({ medication: regaine.name, dosage: regaine.dosage[0] as string })}`,
    );
    expect(email.text).toContain("because you subscribed to price drops for Hair Loss on PharmaCompare");
  });
});

/** The lines of a text part that say the same thing twice. */
function repeated(text: string): string[] {
  const lines = text.split("\n").filter((line) => line.trim() && line !== "--");
  return lines.filter((line, index) => lines.indexOf(line) !== index);
}

describe("the weekly digest groups what is new by condition (issue 41)", () => {
  const acne = { conditionId: "acne", conditionName: "Acne" };
  const hay = { conditionId: "hay-fever", conditionName: "Hay Fever" };
  const change = (
    where: typeof acne,
    medicationName: string,
    legalCategory: PriceFall["legalCategory"],
    before: number,
    after: number,
  ): PriceFall => ({
    ...where,
    medicationId: medicationName.toLowerCase(),
    medicationName,
    dosage: "30g",
    legalCategory,
    before,
    after,
  });
  const newOne = (where: typeof acne, medicationName: string, legalCategory: PriceFall["legalCategory"]) => ({
    ...where,
    medicationId: medicationName.toLowerCase(),
    medicationName,
    legalCategory,
  });
  const digest = {
    falls: [
      change(acne, "Acnecide", "P", 12, 9),
      change(acne, "Differin", "POM", 20, 15),
      change(acne, "Epiduo", "POM", 30, 24),
      change(hay, "Cetirizine", "GSL", 3.49, 2.19),
    ],
    newLows: [change(acne, "Acnecide", "P", 12, 9), change(acne, "Epiduo", "POM", 30, 24)],
    medications: [
      newOne(acne, "Treclin", "POM"),
      newOne(acne, "Zineryt", "POM"),
      newOne(acne, "Quinoderm", "P"),
      newOne(hay, "Fexofenadine", "POM"),
      newOne(hay, "Dymista", "POM"),
    ],
    articles: [
      { slug: null, title: null, category: "Weight Loss" },
      { slug: null, title: null, category: "Weight Loss" },
      { slug: "hay-fever-tips", title: "Hay fever tips", category: "Allergies" },
    ],
  };
  const email = weeklyDigestEmail(digest, { siteUrl: SITE, followed }, links);

  it("says each condition once, as a heading, with one line of what is new and one link", () => {
    expect(email.html.match(/<h2[^>]*>Acne<\/h2>/g)).toHaveLength(1);
    expect(email.html.match(/<h2[^>]*>Hay Fever<\/h2>/g)).toHaveLength(1);
    expect(email.html).toMatch(/<h2[^>]*>New articles<\/h2>/);
    expect(email.text).toContain("3 new treatments for Acne, among them Quinoderm.");
    expect(email.text).toContain("2 new treatments for Hay Fever.");
    expect(email.text.match(/new treatments for Acne/g)).toHaveLength(1);
    expect(email.text.split(`${SITE}/condition/acne\n`)).toHaveLength(2);
    expect(email.text).toContain(`2 new articles in Weight Loss:\n${SITE}/blog\n`);
  });

  it("says a fall that is also a new low in one line, and repeats no line", () => {
    expect(email.text).toContain(
      "Acnecide 30g: £9.00, down £3.00 (25%) from £12.00, the lowest we have recorded",
    );
    expect(email.text.match(/^Acnecide 30g/gm)).toHaveLength(1);
    expect(email.text).toContain(
      "The lowest prices of 2 prescription-only treatments for Acne fell, 1 of them to the lowest we have recorded.",
    );
    expect(repeated(email.text)).toEqual([]);
    expect(
      repeated(newMedicationsEmail(digest.medications, { siteUrl: SITE, followed }, links).text),
    ).toEqual([]);
  });

  it("keeps prescription-only medicines unnamed and unpriced (decision 038)", () => {
    for (const name of [
      "Differin",
      "Epiduo",
      "Treclin",
      "Zineryt",
      "Fexofenadine",
      "Dymista",
      "£24.00",
      "£15.00",
    ]) {
      expect(email.text).not.toContain(name);
      expect(email.html).not.toContain(name);
    }
  });
});
