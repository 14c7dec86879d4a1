import { type PharmacyPair, publicEndpoints } from "@pharmacompare/contract";
import { expect, type Page, test } from "@playwright/test";
import { apiAddress } from "./support/admin-api.ts";
import { expectNoAxeViolations, keepPicture } from "./support/page-checks.ts";
import { consentGiven } from "./support/stack.ts";

/**
 * The compare page switches pharmacy (and medication) from the page itself (issue 41): labelled
 * pickers in a GET form, without JavaScript (a new page) and with it (the page updates in place).
 * Reads only.
 */
test.use({ storageState: consentGiven });

/** The pair the API answers for this address, to know what the pickers should offer. */
async function pairOf(
  page: Page,
  query: { medication: string; a: string; b: string },
): Promise<PharmacyPair> {
  const answer = await page.request.get(apiAddress(publicEndpoints.pharmacyPair, { query }));
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as PharmacyPair;
}

/** A pharmacy the pickers offer that is neither side of the pair. */
function third(pair: PharmacyPair) {
  const other = pair.choices.pharmacies.find((choice) => choice.id !== pair.a.id && choice.id !== pair.b.id);
  if (!other) throw new Error("the demo has a third pharmacy pricing this medication");
  return other;
}

async function firstPair(page: Page): Promise<PharmacyPair> {
  // The first comparison row's "Compare" link, as a visitor reaches the page.
  await page.goto("/condition/weight-loss-medications?medication=Mounjaro");
  await page
    .getByRole("table")
    .locator("tbody tr")
    .nth(1)
    .getByRole("link", { name: /^Compare with/ })
    .click();
  await expect(page).toHaveURL(/\/compare\?/);
  const url = new URL(page.url());
  return pairOf(page, {
    medication: url.searchParams.get("medication") ?? "",
    a: url.searchParams.get("a") ?? "",
    b: url.searchParams.get("b") ?? "",
  });
}

test("the compare page's pickers switch a pharmacy with JavaScript, in place", async ({ page }) => {
  const pair = await firstPair(page);
  const pickers = page.getByRole("form", { name: "Choose what to compare" });
  await expect(pickers.getByLabel("Pharmacy A")).toHaveValue(pair.a.id);
  await expect(pickers.getByLabel("Pharmacy B")).toHaveValue(pair.b.id);
  await expect(pickers.getByLabel("Medication")).toHaveValue(pair.medication.id);
  await expect(pickers.getByLabel("Pharmacy B").locator("option")).toHaveText(
    pair.choices.pharmacies.map((choice) => choice.name),
  );
  await expectNoAxeViolations(page, { at: "compare pickers, 1280 px" });

  const other = third(pair);
  // No document is loaded: React Router loads the new pair's data and draws it.
  const documents: string[] = [];
  page.on("request", (sent) => {
    if (sent.resourceType() === "document") documents.push(sent.url());
  });
  await pickers.getByLabel("Pharmacy B").selectOption(other.id);
  await pickers.getByRole("button", { name: "Compare" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]b=${other.id}(&|$)`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `${pair.medication.name}: ${pair.a.name} and ${other.name}`,
  );
  await expect(page.getByRole("table", { name: /prices at/ }).locator("thead")).toContainText(other.name);
  await expect(pickers.getByLabel("Pharmacy B")).toHaveValue(other.id);
  expect(documents).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  await keepPicture(page, "compare-pickers-375.png", { fullPage: true });
  await expectNoAxeViolations(page, { at: "compare pickers, 375 px" });
});

test("without JavaScript the pickers are a plain GET form to the new pair", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, storageState: consentGiven });
  const page = await context.newPage();
  const pair = await firstPair(page);
  const other = third(pair);
  const pickers = page.getByRole("form", { name: "Choose what to compare" });
  await pickers.getByLabel("Pharmacy A").selectOption(other.id);
  await pickers.getByRole("button", { name: "Compare" }).click();
  const wanted = new URLSearchParams({ medication: pair.medication.id, a: other.id, b: pair.b.id });
  await expect(page).toHaveURL((url) => url.pathname === "/compare" && url.search === `?${wanted}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `${pair.medication.name}: ${other.name} and ${pair.b.name}`,
  );
  await expect(pickers.getByLabel("Pharmacy A")).toHaveValue(other.id);
  await context.close();
});
