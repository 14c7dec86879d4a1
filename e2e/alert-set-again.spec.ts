import {
  type AdminPrice,
  adminEndpoints,
  type ConditionPage,
  endpointUrl,
  formatPounds,
  manageAlertsMessages,
  publicEndpoints,
} from "@pharmacompare/contract";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { adminHeaders, restorePrices } from "./support/admin-api.ts";
import { confirmFromEmail, newestEmailTo, sitePath } from "./support/mailbox.ts";
import { keepPicture } from "./support/page-checks.ts";
import { API_URL, consentGiven, stack } from "./support/stack.ts";

/**
 * A finished alert on the manage page (issue 41): a target alert that fired offers "Set again",
 * not "Pause", and its target field starts below the lowest price, as the hint under it says. Set
 * again without JavaScript, fired again, then set again with it. Prices and the alert are put back
 * afterwards: the e2e database is shared by every spec of the worker.
 */
test.use({ storageState: consentGiven });

const CONDITION = "hair-loss";
const address = `again${Date.now()}@example.co.uk`;
let original: AdminPrice | null = null;

test.afterAll(async ({ request }) => {
  const headers = await adminHeaders(request);
  if (original) await restorePrices(request, headers, [original]);
  const list = await request.get(
    `${API_URL}${endpointUrl(adminEndpoints.listPriceAlerts, { query: { search: address } })}`,
    { headers },
  );
  const { alerts } = (await list.json()) as { alerts: { _id: string; email: string }[] };
  for (const alert of alerts.filter((entry) => entry.email === address)) {
    await request.delete(
      `${API_URL}${endpointUrl(adminEndpoints.deletePriceAlert, { params: { id: alert._id } })}`,
      { headers },
    );
  }
});

/** Staff set the cheapest in-stock price of the pair to `price` (the one price-write path). */
async function setCheapest(request: APIRequestContext, medicationId: string, dosage: string, price: number) {
  const headers = await adminHeaders(request);
  const listed = await request.get(
    `${API_URL}${endpointUrl(adminEndpoints.listAdminPricesForMedication, { params: { id: medicationId } })}`,
    { headers },
  );
  const offers = ((await listed.json()) as { prices: AdminPrice[] }).prices.filter(
    (row) => row.dosage === dosage && row.inStock,
  );
  const cheapest = offers.reduce((best, row) => (row.price < best.price ? row : best));
  original ??= cheapest;
  const updated = await request.put(
    `${API_URL}${endpointUrl(adminEndpoints.updatePrice, { params: { id: cheapest._id } })}`,
    { headers, data: { price } },
  );
  expect(updated.ok()).toBe(true);
}

/** An email's raw text with its quoted-printable UTF-8 sequences ("=C2=A3" for £) decoded, as alert-kinds.spec.ts does. */
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

/** The manage link of the newest "target met" email whose price is `price`. */
async function firedEmail(price: number): Promise<string> {
  const wanted = `is now ${formatPounds(price)} at`;
  const email = await newestEmailTo(address, (mail) => decoded(mail.raw).includes(wanted), 20_000);
  return sitePath(email.raw, "manage-emails");
}

/** The finished card: Set again and no Pause; the field's value is below the hint's lowest price. */
async function expectSetAgainOffered(card: Locator): Promise<number> {
  await expect(card).toContainText("Done: your target was reached");
  await expect(card.getByRole("button", { name: /^Pause/ })).toHaveCount(0);
  await expect(card.getByRole("button", { name: /^Set again/ })).toBeVisible();
  const field = card.getByLabel("Target price (£)");
  const hint = (await card.getByText(/^Below £[\d,.]+, the lowest price now\.$/).innerText()).trim();
  const lowest = Number(/£([\d.]+)/.exec(hint)?.[1]);
  const value = Number(await field.inputValue());
  expect(value).toBeGreaterThan(0);
  expect(value).toBeLessThan(lowest);
  return value;
}

async function hydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
}

test("a fired alert is set again from its manage link, without and with JavaScript", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const answer = await request.get(
    `${API_URL}${endpointUrl(publicEndpoints.conditionPage, { params: { subcategoryId: CONDITION } })}`,
  );
  const { comparison } = (await answer.json()) as ConditionPage;
  if (!comparison) throw new Error("the demo data has a comparison for hair loss");
  const { medication, dosage } = comparison;
  const lowest = Math.min(...comparison.prices.filter((row) => row.inStock).map((row) => row.price));
  const target = Math.floor(lowest * 90) / 100;

  const made = await request.post(`${API_URL}${endpointUrl(publicEndpoints.createPriceAlert)}`, {
    data: { email: address, medicationId: medication.id, dosage, targetPrice: target, consent: true },
  });
  expect(made.ok()).toBe(true);
  await confirmFromEmail(
    page,
    (await newestEmailTo(address, (mail) => /\/confirm\?token=/.test(mail.raw))).raw,
  );

  // The lowest price reaches the target: the alert fires and is done.
  await setCheapest(request, medication.id, dosage, target);
  const managePath = await firedEmail(target);

  // Without JavaScript: every control is a plain form.
  const noScript = await browser.newContext({
    baseURL: stack.webOrigin,
    storageState: consentGiven,
    javaScriptEnabled: false,
  });
  const manage = await noScript.newPage();
  await manage.goto(managePath);
  const section = manage.getByRole("region", { name: "My price alerts" });
  const card = section.getByRole("listitem");
  const prefilled = await expectSetAgainOffered(card);
  await keepPicture(card, "alert-set-again-fired.png");
  // A target at the lowest price is refused as a new alert's would be, beside the alert.
  await card.getByLabel("Target price (£)").fill(String(target));
  await card.getByRole("button", { name: /^Set again/ }).click();
  await expect(card.getByRole("alert")).toContainText(`less than current price (${formatPounds(target)})`);
  await card.getByLabel("Target price (£)").fill(String(prefilled));
  await card.getByRole("button", { name: /^Set again/ }).click();
  await expect(card.getByRole("status")).toHaveText(manageAlertsMessages.setAgain);
  await expect(card).toContainText("On");
  await expect(card).toContainText(`The lowest price reaching your target of ${formatPounds(prefilled)}`);
  await expect(card.getByRole("button", { name: /^Pause/ })).toBeVisible();
  await noScript.close();

  // Fired again, and set again with JavaScript: the page updates in place.
  await setCheapest(request, medication.id, dosage, prefilled);
  const again = await firedEmail(prefilled);
  const documents: string[] = [];
  page.on("request", (sent) => {
    if (sent.resourceType() === "document" && sent.method() === "POST") documents.push(sent.url());
  });
  await hydrated(page, again);
  const liveCard = page.getByRole("region", { name: "My price alerts" }).getByRole("listitem");
  const next = await expectSetAgainOffered(liveCard);
  await liveCard.getByRole("button", { name: /^Set again/ }).click();
  await expect(liveCard.getByRole("status")).toHaveText(manageAlertsMessages.setAgain);
  await expect(liveCard).toContainText(`The lowest price reaching your target of ${formatPounds(next)}`);
  expect(documents).toEqual([]);
});
