import { expect, type Page, test } from "@playwright/test";
import {
  alertConfirmationEmail,
  alertFiredEmail,
  contactAcknowledgementEmail,
  feedFailingEmail,
  jobFailedBlocks,
  operationsEmail,
  priceDropEmail,
  type RenderedEmail,
  subscriptionConfirmationEmail,
} from "../apps/api/src/email/templates.ts";
import { newsletterEmail } from "../apps/api/src/modules/newsletters/newsletter-template.ts";
import {
  newMedicationsEmail,
  subscriberPriceDropsEmail,
  weeklyDigestEmail,
} from "../apps/api/src/modules/subscriptions/price-news-templates.ts";
import { markdownHtml } from "../packages/safe-markdown/src/html.ts";
import { markdownText } from "../packages/safe-markdown/src/text.ts";
import { expectNoLayoutFaults } from "./support/layout-check.ts";
import { keepPicture } from "./support/page-checks.ts";

/**
 * Every email the product sends, as a mail client draws it (issue 41): each built by the real
 * template function from day-thirty data (long medication and pharmacy names, a digest of several
 * conditions with several changes each, a newsletter with headings, lists and links), put into
 * Chromium at 600 px (a desktop client's reading pane) and 375 px (a phone), and held to the
 * page journeys' layout check: no overlapping or clipped text, no sideways scroll. It needs no
 * stack: the HTML goes straight into the page.
 */

const SITE = "https://www.pharmacompare.example";
const token = "Zq4rT8vW2xY6aB1cD3eF5gH7jK9mN0pQ";
const unsubscribe = `${SITE}/unsubscribe?token=${token}`;
const manage = `${SITE}/manage-emails?token=${token}`;
const confirm = `${SITE}/confirm?token=${token}`;
const newsLinks = { unsubscribe, manage };
const ends = new Date("2027-01-12T09:00:00Z");

// Day thirty: the long names real catalogues and pharmacies have.
const LONG_PHARMACY = "The Saltmeadow & Wrenbeck Community Pharmacy (Online Dispensary)";
const LONG_MEDICATION = "Clindamycin Phosphate and Benzoyl Peroxide Gel";
const LONG_DOSAGE = "1%/5% 30g tube x 2 (two months' supply)";
const compare = `${SITE}/condition/acne?${new URLSearchParams({ medication: LONG_MEDICATION, dosage: LONG_DOSAGE })}`;

type Fall = Parameters<typeof subscriberPriceDropsEmail>[0][number];
const fall = (
  conditionId: string,
  conditionName: string,
  medicationName: string,
  dosage: string,
  legalCategory: Fall["legalCategory"],
  before: number,
  after: number,
): Fall => ({
  medicationId: `${medicationName}-${dosage}`.toLowerCase().replace(/\W+/g, "-"),
  medicationName,
  dosage,
  legalCategory,
  conditionId,
  conditionName,
  before,
  after,
});

const acne = ["acne", "Acne"] as const;
const hair = ["hair-loss", "Hair Loss"] as const;
const hay = ["hay-fever-and-allergies", "Hay Fever and Allergies"] as const;
const morning = ["morning-after-pill", "Morning After Pill (Emergency Contraception)"] as const;

const falls: Fall[] = [
  fall(...acne, "Acnecide Wash", "5% w/w 50g gel, pack of two", "P", 21.98, 15.49),
  fall(...acne, "Differin", "0.1% cream 45g", "POM", 24.5, 18.75),
  fall(...acne, "Epiduo", "0.1%/2.5% gel 45g", "POM", 39.99, 31.2),
  fall(...acne, LONG_MEDICATION, LONG_DOSAGE, "POM", 49.99, 38.5),
  fall(
    ...hair,
    "Regaine for Men Extra Strength Scalp Foam",
    "5% foam, 3 months' supply",
    "GSL",
    59.99,
    44.95,
  ),
  fall(...hair, "Finasteride", "1mg x 84 tablets", "POM", 36.0, 27.9),
  fall(...hay, "Cetirizine Hydrochloride", "10mg x 30 tablets", "GSL", 3.49, 2.19),
  fall(...hay, "Beconase Hayfever Relief Nasal Spray", "50 micrograms, 200 sprays", "P", 9.99, 7.49),
  fall(...morning, "Levonelle One Step", "1.5mg x 1 tablet", "P", 14.99, 11.95),
];
const newLows: Fall[] = [
  fall(...acne, "Acnecide Wash", "5% w/w 50g gel, pack of two", "P", 21.98, 15.49),
  fall(...acne, "Epiduo", "0.1%/2.5% gel 45g", "POM", 39.99, 31.2),
  fall(...acne, "Duac Once Daily", "10mg/g / 50mg/g gel 30g", "POM", 32.0, 26.4),
  fall(
    ...hair,
    "Regaine for Men Extra Strength Scalp Foam",
    "5% foam, 3 months' supply",
    "GSL",
    59.99,
    44.95,
  ),
  fall(...hay, "Cetirizine Hydrochloride", "10mg x 30 tablets", "GSL", 3.49, 2.19),
];
type Added = Parameters<typeof newMedicationsEmail>[0][number];
const added = (
  [conditionId, conditionName]: readonly [string, string],
  medicationName: string,
  legalCategory: Added["legalCategory"],
): Added => ({
  medicationId: medicationName.toLowerCase().replace(/\W+/g, "-"),
  medicationName,
  legalCategory,
  conditionId,
  conditionName,
});
const medications: Added[] = [
  added(acne, "Treclin", "POM"),
  added(acne, "Zineryt", "POM"),
  added(acne, "Lymecycline", "POM"),
  added(acne, "Quinoderm Cream", "P"),
  added(hair, "Propecia", "POM"),
  added(hair, "Alpecin Caffeine Liquid", "GSL"),
  added(hay, "Fexofenadine", "POM"),
  added(hay, "Dymista", "POM"),
  added(hay, "Piriton Allergy Tablets", "GSL"),
  added(morning, "ellaOne", "P"),
];
const articles = [
  {
    slug: "how-to-save-money-on-prescriptions-in-the-uk",
    title: "How to save money on prescriptions in the UK",
    category: "Savings",
  },
  { slug: null, title: null, category: "Weight Loss" },
  { slug: null, title: null, category: "Weight Loss" },
  {
    slug: "hay-fever-season-what-a-pharmacist-can-suggest",
    title: "Hay fever season: what a pharmacist can suggest without a prescription",
    category: "Allergies",
  },
];
const followed = {
  all: false as const,
  conditionNames: ["Acne", "Hair Loss", "Hay Fever and Allergies", morning[1]],
};

const NEWSLETTER = `## Winter savings on everyday treatments

Prices for **hay fever** and _allergy_ treatments usually fall after the season ends. This month we saw:

- Antihistamine tablets at a third of last winter's price at several pharmacies
- Nasal sprays in larger packs, often cheaper per dose
- Free delivery over £20 at more pharmacies than before

### How to compare well

1. Open the [hay fever comparison](/condition/hay-fever-and-allergies) and choose your dosage.
2. Check the delivery cost: the [total cost guide](https://www.pharmacompare.example/blog/how-to-save-money-on-prescriptions-in-the-uk) explains it.
3. Ask the pharmacist if you are unsure whether a treatment suits you.

> A pharmacist can help with most minor conditions without an appointment.

Thank you for reading, and see [our blog](/blog) for more.
`;

const emails: Record<string, RenderedEmail> = {
  "alert-confirmation": alertConfirmationEmail(
    {
      medicationName: LONG_MEDICATION,
      dosage: LONG_DOSAGE,
      kind: "target",
      targetPrice: 35,
      lowestPrice: 38.5,
      lowestPharmacyName: LONG_PHARMACY,
      expiresAt: ends,
    },
    { unsubscribe, confirm, manage },
  ),
  "alert-change-confirmation": alertConfirmationEmail(
    {
      medicationName: LONG_MEDICATION,
      dosage: LONG_DOSAGE,
      kind: "low-90-days",
      targetPrice: null,
      lowestPrice: 38.5,
      lowestPharmacyName: LONG_PHARMACY,
      expiresAt: ends,
    },
    { unsubscribe, confirm, manage },
    "change",
  ),
  "subscription-confirmation": subscriptionConfirmationEmail(
    { preferences: { priceDrops: true, newMedications: true, promotions: true, weeklyDigest: true } },
    { unsubscribe, confirm },
  ),
  "alert-target": priceDropEmail(
    {
      medicationName: LONG_MEDICATION,
      dosage: LONG_DOSAGE,
      targetPrice: 35,
      price: 33.75,
      pharmacyName: LONG_PHARMACY,
      before: 38.5,
      prescriptionOnly: true,
    },
    { unsubscribe, compare, manage },
  ),
  "alert-any-fall": alertFiredEmail(
    {
      kind: "any-fall",
      medicationName: LONG_MEDICATION,
      dosage: LONG_DOSAGE,
      price: 33.75,
      pharmacyName: LONG_PHARMACY,
      before: 38.5,
      expiresAt: ends,
      prescriptionOnly: true,
    },
    { unsubscribe, compare, manage },
  ),
  "alert-low-90-days": alertFiredEmail(
    {
      kind: "low-90-days",
      medicationName: LONG_MEDICATION,
      dosage: LONG_DOSAGE,
      price: 31.99,
      pharmacyName: LONG_PHARMACY,
      before: 33.75,
      expiresAt: ends,
    },
    { unsubscribe, compare, manage },
  ),
  "alert-back-in-stock": alertFiredEmail(
    {
      kind: "back-in-stock",
      medicationName: LONG_MEDICATION,
      dosage: LONG_DOSAGE,
      price: 36.4,
      pharmacyName: LONG_PHARMACY,
      before: null,
      expiresAt: ends,
      // Two staff supply notices (decision 060): the longest message and a long source address.
      supplyNotices: [
        {
          id: "n1",
          medicationId: "clindamycin",
          dosage: LONG_DOSAGE,
          message:
            `Supply of the two-month packs is limited while the manufacturer moves production to a new site; ${"some pharmacies may show them as out of stock for a few weeks, and the source page is updated as deliveries resume; ".repeat(3)}`.slice(
              0,
              400,
            ),
          sourceUrl:
            "https://www.gov.uk/drug-device-alerts/medicine-supply-notification-clindamycin-phosphate-and-benzoyl-peroxide-gel-1-percent-5-percent-30g",
          sourceDate: "2026-11-20",
          startsAt: "2026-11-21T09:00:00Z",
          endsAt: null,
        },
        {
          id: "n2",
          medicationId: "clindamycin",
          dosage: null,
          message: "The 30g tube is back at wholesalers this week.",
          sourceUrl: "https://www.example-manufacturer.co.uk/supply",
          sourceDate: "2026-11-27",
          startsAt: "2026-11-27T09:00:00Z",
          endsAt: null,
        },
      ],
    },
    { unsubscribe, compare, manage },
  ),
  "price-drops": subscriberPriceDropsEmail(falls, { siteUrl: SITE, followed, percent: 10 }, newsLinks),
  digest: weeklyDigestEmail(
    { falls, newLows, medications, articles },
    { siteUrl: SITE, followed },
    newsLinks,
  ),
  "new-medications": newMedicationsEmail(medications, { siteUrl: SITE, followed }, newsLinks),
  newsletter: newsletterEmail(
    {
      subject: "Winter savings on everyday treatments",
      html: markdownHtml(NEWSLETTER, { siteUrl: SITE }),
      text: markdownText(NEWSLETTER, { siteUrl: SITE }),
    },
    { followed: { all: true } },
    newsLinks,
  ),
  "contact-acknowledgement": contactAcknowledgementEmail(
    { subject: "pharmacy", receivedAt: new Date("2026-11-27T15:42:00Z") },
    { unsubscribe },
  ),
  "operations-alert": feedFailingEmail(
    {
      pharmacyName: LONG_PHARMACY,
      reason:
        "failed 3 times in a row (latest: the pharmacy's server answered 503 Service Unavailable at https://feeds.saltmeadow-wrenbeck.example/prices/export-full-catalogue.csv)",
    },
    { feeds: `${SITE}/admin/feeds` },
  ),
  // As the scheduler sends it after a run's last try (decision 066), with a long database error.
  "job-failed-alert": operationsEmail(
    "Scheduled job failed: weeklyDigest",
    jobFailedBlocks(
      {
        job: "weeklyDigest",
        scheduledFor: "30/11/2026, 08:00",
        attempts: 3,
        error:
          'insert or update on table "email_outbox" violates foreign key constraint "email_outbox_subscription_id_subscriptions_id_fk" while queueing the digest for 4,812 subscribers',
      },
      { dashboard: `${SITE}/admin` },
    ),
  ),
};

/** The lines a reader sees, each once: a line said twice is a line too many (the digest's was six). */
function repeatedLines(text: string): string[] {
  const seen = new Map<string, number>();
  for (const line of text.split("\n").map((each) => each.trim())) {
    if (line) seen.set(line, (seen.get(line) ?? 0) + 1);
  }
  return [...seen].filter(([, times]) => times > 1).map(([line, times]) => `${times}× ${line}`);
}

async function show(page: Page, html: string, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.setContent(html, { waitUntil: "load" });
}

for (const [kind, email] of Object.entries(emails)) {
  test.describe(`the ${kind} email`, () => {
    for (const width of [600, 375]) {
      test(`reads well at ${width} px`, async ({ page }) => {
        await show(page, email.html, width);
        await keepPicture(page, `email-${kind}-${width}.png`, { fullPage: true });
        await expectNoLayoutFaults(page, `the ${kind} email at ${width} px`);
        expect(repeatedLines(await page.locator("body").innerText()), "lines said twice").toEqual([]);
      });
    }

    test("has a plain-text part that reads as text", () => {
      expect(repeatedLines(email.text), "lines said twice").toEqual([]);
      expect(email.text).not.toMatch(/\*\*|__|^#{1,6} |\[[^\]]*\]\([^)]*\)/m);
    });
  });
}

test("the digest's sections are headings", async ({ page }) => {
  await show(page, (emails.digest as RenderedEmail).html, 600);
  await expect(page.getByRole("heading", { name: "Acne" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "New articles" })).toBeVisible();
});
