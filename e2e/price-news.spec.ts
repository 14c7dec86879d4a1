import { type AdminPrice, adminEndpoints, endpointUrl, subscriptionMessages } from "@pharmacompare/contract";
import { expect, test } from "@playwright/test";
import { adminHeaders, restorePrices } from "./support/admin-api.ts";
import { confirmFromEmail, newestEmailTo, sitePath } from "./support/mailbox.ts";
import { expectNoAxeViolations } from "./support/page-checks.ts";
import { API_URL, consentGiven } from "./support/stack.ts";

/**
 * Price news that reaches a subscriber (issue 28, decision 038): subscribe to one condition on the
 * subscribe page, confirm through the real email, lower a price in that condition through the admin API, run the
 * price-drop run as staff's "send now" does, read the email, and open its manage-my-emails link.
 * The prices are put back afterwards: the e2e database is shared by every spec of the worker.
 */
test.use({ storageState: consentGiven });

const MEDICATION = "regaine-for-men-extra-strength-foam";
const DOSAGE = "1 x 73ml (1 month)";
const address = `news${Date.now()}@example.co.uk`;
let changed: AdminPrice[] = [];

/** The newest email to this journey's address whose text matches `wanted`, decoded enough to read its links. */
async function emailTo(wanted: RegExp): Promise<string> {
  return (await newestEmailTo(address, (email) => wanted.test(email.raw), 20_000)).raw;
}

test.afterAll(async ({ request }) => {
  const headers = await adminHeaders(request);
  await restorePrices(request, headers, changed);
  const list = await request.get(
    `${API_URL}${endpointUrl(adminEndpoints.listSubscriptions, { query: { search: address, limit: 1000 } })}`,
    { headers },
  );
  const { subscriptions } = (await list.json()) as { subscriptions: { _id: string; email: string }[] };
  for (const subscription of subscriptions.filter((entry) => entry.email === address)) {
    await request.delete(
      `${API_URL}${endpointUrl(adminEndpoints.deleteSubscription, { params: { id: subscription._id } })}`,
      { headers },
    );
  }
});

test("a subscriber to one condition gets its price drop by email, and manages their emails from it", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Subscribe to hair loss only on the subscribe page, and confirm from the email.
  await page.goto("/subscribe");
  const form = page.getByRole("main").getByRole("form", { name: "Price updates by email" });
  await form.getByLabel("Email address").fill(address);
  await form.getByRole("checkbox", { name: "Hair Loss" }).check();
  await expectNoAxeViolations(page);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.getByRole("status")).toHaveText(subscriptionMessages.success);
  const confirmation = await emailTo(/\/confirm\?token=/);
  await confirmFromEmail(page, confirmation);
  await expect(page.getByRole("heading", { level: 1, name: "Email address confirmed" })).toBeVisible();

  // Staff lower the price in that condition through the admin API (the one price-write path).
  const headers = await adminHeaders(request);
  const listed = await request.get(
    `${API_URL}${endpointUrl(adminEndpoints.listAdminPricesForMedication, { params: { id: MEDICATION } })}`,
    { headers },
  );
  changed = ((await listed.json()) as { prices: AdminPrice[] }).prices.filter(
    (price) => price.dosage === DOSAGE,
  );
  expect(changed.length).toBeGreaterThan(0);
  const lowest = Math.min(...changed.map((price) => price.price));
  const lowered = Math.round(lowest * 50) / 100;
  for (const price of changed) {
    const updated = await request.put(
      `${API_URL}${endpointUrl(adminEndpoints.updatePrice, { params: { id: price._id } })}`,
      { headers, data: { price: lowered } },
    );
    expect(updated.ok()).toBe(true);
  }

  // "Send now": the day's price-drop run, then the outbox writes the email.
  const run = await request.post(
    `${API_URL}${endpointUrl(adminEndpoints.runJob, { params: { job: "priceDrops" } })}`,
    {
      headers,
    },
  );
  expect(run.ok()).toBe(true);
  expect(await run.json()).toMatchObject({ outcome: "succeeded" });
  const news = await emailTo(/^Subject: Price drops in Hair Loss$/m);
  expect(news).toContain("Regaine for Men Extra Strength Foam 1 x 73ml (1 month)");
  expect(news).toContain("because you subscribed to price drops for Hair Loss");
  expect(news).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);

  // The email's manage link: what the address follows and receives, without an account.
  await page.goto(sitePath(news, "manage-emails"));
  await expect(page.getByRole("heading", { level: 1, name: "Manage my emails" })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Price drops" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Only the conditions I tick below" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Hair Loss" })).toBeChecked();
  await expectNoAxeViolations(page);

  // Fewer emails apply at once.
  await page.getByRole("checkbox", { name: "Promotions" }).uncheck();
  await page.getByRole("button", { name: "Save my choices" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText("Your email choices are saved.");
  await expect(page.getByRole("checkbox", { name: "Promotions" })).not.toBeChecked();
});
