import {
  type AdminPrice,
  adminEndpoints,
  CONSENT_WORDING,
  endpointUrl,
  formatPounds,
  manageAlertsMessages,
  PRICE_ALERT_KIND_WORDS,
  priceAlertMessages,
} from "@pharmacompare/contract";
import { expect, test } from "@playwright/test";
import { adminHeaders, restorePrices } from "./support/admin-api.ts";
import { signedInForThisSpec } from "./support/admin-session.ts";
import { confirmFromEmail, newestEmailTo, sitePath } from "./support/mailbox.ts";
import { expectNoAxeViolations, gotoHydrated, keepPicture } from "./support/page-checks.ts";
import { API_URL, consentGiven, stack } from "./support/stack.ts";

/**
 * An alert that watches for any fall (issue 30, decision 043): chosen on the condition page's form,
 * confirmed through the real email, fired when staff lower a price through the admin API (the one
 * price-write path), read in its email, and managed from that email's link without JavaScript:
 * paused, then deleted. Axe at 375 and 1280 px. The prices are put back afterwards: the e2e
 * database is shared by every spec of the worker.
 */
// Signed in as staff once (the back-office's list is checked mid-journey); the public pages ignore it.
signedInForThisSpec();

const CONDITION = "/condition/erectile-dysfunction?medication=Levitra";
const address = `kinds${Date.now()}@example.co.uk`;
let changed: AdminPrice[] = [];

/**
 * An email's raw text with its quoted-printable UTF-8 sequences ("=C2=A3" for £) decoded: only
 * whole multi-byte sequences, since the mailbox has already turned "=3D" into "=" and a link's
 * token after "token=" may start with two hex digits.
 */
function decoded(raw: string): string {
  return raw.replace(/=[C-F][0-9A-F](?:=[89AB][0-9A-F])+/g, (sequence) =>
    Buffer.from(
      sequence
        .split("=")
        .slice(1)
        .map((hex) => Number.parseInt(hex, 16)),
    ).toString("utf8"),
  );
}

async function emailTo(wanted: RegExp): Promise<string> {
  return decoded((await newestEmailTo(address, (email) => wanted.test(decoded(email.raw)), 20_000)).raw);
}

test.afterAll(async ({ request }) => {
  const headers = await adminHeaders(request);
  await restorePrices(request, headers, changed);
  const list = await request.get(
    `${API_URL}${endpointUrl(adminEndpoints.listPriceAlerts, { query: { search: address } })}`,
    { headers },
  );
  const { alerts } = (await list.json()) as { alerts: { _id: string; email: string }[] };
  for (const alert of alerts.filter((entry) => entry.email === address)) {
    await request.delete(
      `${API_URL}${endpointUrl(adminEndpoints.deletePriceAlert, { params: { id: alert._id } })}`,
      {
        headers,
      },
    );
  }
});

test("an any-fall alert: set on the form, confirmed, fired by a price cut, then paused and deleted from its email", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // The form offers the kinds as a radio group; the target field is for the target kind only.
  await page.setViewportSize({ width: 375, height: 800 });
  await gotoHydrated(page, CONDITION);
  const form = page.getByRole("form", { name: "Set a price alert" });
  const kinds = form.getByRole("group", { name: "What should we email you about?" });
  await expect(kinds.getByRole("radio")).toHaveCount(4);
  await expect(kinds.getByRole("radio", { name: PRICE_ALERT_KIND_WORDS.target.choice })).toBeChecked();
  await expect(form.getByLabel("Target price (£)")).toBeVisible();
  await expectNoAxeViolations(page, { at: "375 px" });
  // Keyboard: arrows move the choice within the group.
  await kinds.getByRole("radio", { name: PRICE_ALERT_KIND_WORDS.target.choice }).focus();
  await page.keyboard.press("ArrowDown");
  const anyFall = kinds.getByRole("radio", { name: PRICE_ALERT_KIND_WORDS["any-fall"].choice });
  await expect(anyFall).toBeChecked();
  await expect(anyFall).toBeFocused();
  await expect(form.getByLabel("Target price (£)")).toBeHidden();
  await keepPicture(form, "alert-kinds-form-375.png");

  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page, { at: "1280 px" });
  await keepPicture(form, "alert-kinds-form-1280.png");
  const medicationId = await form.locator('input[name="medicationId"]').inputValue();
  const dosage = await form.locator('input[name="dosage"]').inputValue();
  await form.getByLabel("Email", { exact: true }).fill(address);
  await form.getByLabel(CONSENT_WORDING.priceAlert.text).check();
  await form.getByRole("button", { name: "Set Price Alert" }).click();
  await expect(form.getByRole("status")).toHaveText(priceAlertMessages.success);

  // Confirm from the real email, which says what the alert watches.
  const confirmation = await emailTo(/\/confirm\?token=/);
  expect(confirmation).toContain("Any fall in the lowest in-stock price");
  await confirmFromEmail(page, confirmation);
  await expect(page.getByText(PRICE_ALERT_KIND_WORDS["any-fall"].confirmed)).toBeVisible();

  // Staff cut the cheapest price of that dosage through the admin API.
  const headers = await adminHeaders(request);
  const listed = await request.get(
    `${API_URL}${endpointUrl(adminEndpoints.listAdminPricesForMedication, { params: { id: medicationId } })}`,
    { headers },
  );
  const offers = ((await listed.json()) as { prices: AdminPrice[] }).prices.filter(
    (price) => price.dosage === dosage && price.inStock,
  );
  const cheapest = offers.reduce((best, price) => (price.price < best.price ? price : best));
  changed = [cheapest];
  const lowered = Math.round(cheapest.price * 80) / 100;
  const updated = await request.put(
    `${API_URL}${endpointUrl(adminEndpoints.updatePrice, { params: { id: cheapest._id } })}`,
    { headers, data: { price: lowered } },
  );
  expect(updated.ok()).toBe(true);

  // The alert's email: what happened, what it watches, and the manage link.
  const fired = await emailTo(/Your alert stays on/);
  // The subject (encoded words) names the price, not the medication (decision 040).
  expect(fired).toMatch(/^Subject: =\?UTF-8\?Q\?Price_alert=3A_the_lowest_price_fell_to_/m);
  expect(fired).toContain(`Levitra ${dosage} is now ${formatPounds(lowered)}`);
  expect(fired).toContain("What this alert watches: Any fall in the lowest in-stock price");

  // The email's manage link: every alert of the address, without an account (axe needs the page's
  // JavaScript, so it runs in this page; the changes below are made in one without).
  const managePath = sitePath(fired, "manage-emails");
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(managePath);
  await expect(page.getByRole("heading", { level: 1, name: "Manage my emails" })).toBeVisible();
  const mine = page.getByRole("region", { name: "My price alerts" }).getByRole("listitem");
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText(`Levitra ${dosage}`);
  await expect(mine).toContainText("Any fall in the lowest in-stock price");
  await expectNoAxeViolations(page, { at: "manage page, 375 px" });
  await keepPicture(page, "alert-kinds-manage-375.png", { fullPage: true });

  // Pause it without JavaScript: every control is a plain form.
  const noScript = await browser.newContext({
    baseURL: stack.webOrigin,
    storageState: consentGiven,
    javaScriptEnabled: false,
  });
  const manage = await noScript.newPage();
  await manage.goto(managePath);
  const section = manage.getByRole("region", { name: "My price alerts" });
  const card = section.getByRole("listitem");
  await card.getByRole("button", { name: "Pause the alert for Levitra" }).click();
  await expect(section.getByRole("status")).toHaveText(manageAlertsMessages.paused);
  await expect(card).toContainText("Paused");
  await expect(card.getByRole("button", { name: "Resume the alert for Levitra" })).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(mine).toContainText("Paused");
  await expectNoAxeViolations(page, { at: "manage page, 1280 px" });
  await keepPicture(page, "alert-kinds-manage-1280.png", { fullPage: true });

  // The back-office's list and dialog say what it watches, and that its visitor paused it.
  await page.goto("/admin/price-alerts");
  // The back-office draws in the browser (decision 008): its heading says the screen is ready.
  await expect(page.getByRole("heading", { name: "Price Alerts", level: 1 })).toBeVisible();
  await page.getByLabel("Search").fill(address);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/search=/);
  const staffRow = page.getByRole("row").filter({ hasText: address });
  await expect(staffRow).toHaveCount(1);
  await expect(staffRow).toContainText(PRICE_ALERT_KIND_WORDS["any-fall"].choice);
  await expect(staffRow).toContainText("No target");
  await expect(staffRow.getByText("paused", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, { at: "back-office list, 1280 px" });
  await keepPicture(page, "alert-kinds-admin-1280.png");
  await staffRow.getByRole("button", { name: /^View/ }).click();
  const dialog = page.getByRole("dialog", { name: "Price alert" });
  await expect(dialog.getByRole("term").filter({ hasText: /^What it watches$/ })).toBeVisible();
  await expect(
    dialog.getByRole("definition").filter({ hasText: "Any fall in the lowest in-stock price" }),
  ).toBeVisible();
  await expect(dialog.getByRole("term").filter({ hasText: /^Target price$/ })).toHaveCount(0);
  await expect(dialog.getByRole("term").filter({ hasText: /^Paused by its visitor$/ })).toBeVisible();
  await expect(dialog.getByRole("term").filter({ hasText: /^Last fired$/ })).toBeVisible();
  await keepPicture(dialog, "alert-kinds-admin-dialog-1280.png");
  await page.keyboard.press("Escape");

  await card.getByRole("button", { name: "Delete the alert for Levitra" }).click();
  await expect(section.getByRole("status")).toHaveText(manageAlertsMessages.deleted);
  await expect(section).toContainText("This address has no price alerts.");
  await noScript.close();
});
