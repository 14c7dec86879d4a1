import { expect, type Page, test } from "@playwright/test";
import { demoBlogPosts, demoPharmacies } from "../apps/api/src/demo-data/index.ts";
import { edgeCases } from "./fixtures/edge-cases.ts";
import { expectNoLayoutFaultsAtEveryWidth } from "./support/layout-check.ts";
import { fallbackOrigin } from "./support/stack.ts";

/**
 * Every public page kind, in the states a month of running produces, laid out at 375, 768, 1280
 * and 1920 px: no two pieces of text overlap, none is cut off, the page never scrolls sideways
 * (issue 41; e2e/support/layout-check.ts). The condition table with a stale row overlapped itself
 * at desktop widths until this journey looked. Pictures of each state are kept (test-results/layout).
 */
const { freshness, layout, unpricedMedication, emptyCondition } = edgeCases;
const article = demoBlogPosts[0];
const otherPharmacy = demoPharmacies[0];
if (!article || !otherPharmacy) throw new Error("the demo data has no blog post or pharmacy");

const conditionPage = (conditionId: string, medication: string, dosage: string) =>
  `/condition/${conditionId}?${new URLSearchParams({ medication, dosage })}`;

/** Each state: a name for its pictures, where it is, and what to wait for before looking. */
const states: { name: string; path: string; ready?: (page: Page) => Promise<void> }[] = [
  { name: "home", path: "/" },
  { name: "search", path: `/search?q=${encodeURIComponent("Hydroxy")}` },
  { name: "search-nothing-found", path: "/search?q=zzzzqqqq" },
  {
    name: "condition-stale-row",
    path: conditionPage(freshness.conditionId, freshness.medication.name, freshness.stale.dosage),
    ready: (page) => expect(page.getByText("Price may be out of date").first()).toBeVisible(),
  },
  {
    name: "condition-hidden-stale-row",
    path: conditionPage(freshness.conditionId, freshness.medication.name, freshness.hidden.dosage),
  },
  {
    name: "condition-twenty-long-names",
    path: conditionPage(layout.conditionId, layout.crowded.name, layout.crowded.dosage),
    ready: (page) => expect(page.getByText(layout.longPharmacy.name).first()).toBeVisible(),
  },
  {
    name: "condition-one-pharmacy",
    path: conditionPage(layout.conditionId, layout.single.name, layout.single.dosage),
  },
  {
    name: "condition-no-prices",
    path: conditionPage(unpricedMedication.subcategoryId, unpricedMedication.name, unpricedMedication.dosage),
    ready: (page) => expect(page.getByText("No Prices Available")).toBeVisible(),
  },
  { name: "condition-no-medications", path: `/condition/${emptyCondition.id}` },
  { name: "condition-not-found", path: "/condition/no-such-condition" },
  {
    name: "compare-stale",
    path: `/compare?medication=${freshness.medication.id}&a=${freshness.pharmacies[0].id}&b=${freshness.pharmacies[1].id}`,
  },
  {
    name: "compare-long-names",
    path: `/compare?medication=${layout.crowded.id}&a=${layout.longPharmacy.id}&b=${otherPharmacy.id}`,
  },
  { name: "pharmacy-long-name", path: `/pharmacies/${layout.longPharmacy.id}` },
  { name: "pharmacy", path: `/pharmacies/${otherPharmacy.id}` },
  { name: "blog", path: "/blog" },
  { name: "article", path: `/blog/${article.slug}` },
  { name: "about", path: "/about" },
  { name: "how-we-rank", path: "/how-we-rank" },
  { name: "contact", path: "/contact" },
  { name: "privacy", path: "/privacy" },
  { name: "cookies", path: "/cookies" },
  { name: "disclaimer", path: "/disclaimer" },
  { name: "subscribe", path: "/subscribe" },
  { name: "confirm-no-link", path: "/confirm" },
  { name: "unsubscribe-no-link", path: "/unsubscribe" },
  { name: "manage-emails-no-link", path: "/manage-emails" },
  { name: "not-found", path: "/no-such-page" },
  // The API down: the saved price file and its notice.
  { name: "condition-api-down", path: `${fallbackOrigin}/condition/erectile-dysfunction` },
];

for (const state of states) {
  test(`${state.name} lays out without overlap at every width`, async ({ page }) => {
    await page.goto(state.path);
    await page.waitForLoadState("networkidle");
    await state.ready?.(page);
    await expectNoLayoutFaultsAtEveryWidth(page, `public-${state.name}`);
  });
}

test("the contact form's error lays out without overlap at every width", async ({ page, context }) => {
  await page.goto("/contact");
  await page.getByLabel("Name", { exact: true }).fill("Robin Tester-Featherstonehaugh");
  await page.getByLabel("Email", { exact: true }).fill("robin.featherstonehaugh@example.co.uk");
  await page.getByLabel("Subject", { exact: true }).selectOption({ label: "Pricing Question" });
  await page.getByLabel("Message", { exact: true }).fill("Do the prices include delivery?");
  // Offline, as a visitor on a train: the form's error notice, the text kept.
  await context.setOffline(true);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await context.setOffline(false);
  await expectNoLayoutFaultsAtEveryWidth(page, "public-contact-error");
});

test.describe("before a cookie choice", () => {
  test.use({ storageState: { cookies: [], origins: [] } });
  test("the cookie banner over the home page lays out without overlap at every width", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Cookie consent" })).toBeVisible();
    await expectNoLayoutFaultsAtEveryWidth(page, "public-cookie-banner");
  });
});
