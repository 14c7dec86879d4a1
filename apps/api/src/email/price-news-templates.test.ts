import { describe, expect, it } from "vitest";
import { demoMedications } from "../demo-data/medications.ts";
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
    expect(email.text).toContain(`${regaine.name} ${regaine.dosage[0]}: £10.00, down from £20.00 (50% less)`);
    expect(email.text).toContain(
      `${SITE}/condition/${regaine.subcategory}?${new URLSearchParams({ medication: regaine.name })}`,
    );
    expect(email.text).toContain("because you subscribed to price drops for Hair Loss on PharmaCompare");
  });
});
