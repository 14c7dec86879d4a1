import {
  findNamedMedicine,
  type Medication,
  type Pharmacy,
  prescriptionOnlyNames,
  SUBSCRIPTION_POPUP,
  subscriptionMessages,
} from "@pharmacompare/contract";
import { expect, type Page, test } from "@playwright/test";
import { openBackOffice, signedInForThisSpec } from "./support/admin-session.ts";
import { newestEmailTo } from "./support/mailbox.ts";
import { API_URL } from "./support/stack.ts";

/*
 * Issue 32: surfaces that promote rather than compare never name a prescription-only medicine
 * (HMR 2012 reg. 284, CAP Code 12.12; decision 040, docs/compliance.md). This walks each of them —
 * the home page with its metadata and structured data, the subscription pop-up, the subscription's
 * email, an alert's email subject — against the names of every POM in the catalogue the stack
 * serves, and proves the walk can fail by putting a POM's name on the home page.
 */

signedInForThisSpec();

let names: string[] = [];

test.beforeAll(async ({ request }) => {
  const catalogue = (await (
    await request.get(`${API_URL}/api/medications?limit=1000`)
  ).json()) as Medication[];
  names = prescriptionOnlyNames(catalogue);
  // The walk means something only if the catalogue has POMs the surfaces could name.
  expect(names).toEqual(expect.arrayContaining(["Wegovy", "Mounjaro", "Viagra"]));
});

/**
 * Everything a promoting page says to a person or to a machine reading it: its text (hidden menus
 * included), every attribute that carries words, the title, every meta tag and the structured data.
 */
function wordsOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement;
    for (const code of body.querySelectorAll("script:not([type='application/ld+json']), style"))
      code.remove();
    const attributes = [
      ...document.querySelectorAll("[alt], [title], [aria-label], [placeholder], [content]"),
    ]
      .flatMap((element) =>
        ["alt", "title", "aria-label", "placeholder", "content"].map((name) => element.getAttribute(name)),
      )
      .filter(Boolean);
    return [document.title, body.textContent, ...attributes].join("\n");
  });
}

const popup = (page: Page) => page.getByRole("dialog", { name: subscriptionMessages.heading });

for (const width of [375, 1280]) {
  test(`at ${width} px the home page, its metadata and the subscription pop-up name no prescription-only medicine`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.clock.install();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const words = await wordsOf(page);
    expect(findNamedMedicine(words, names), "the home page").toBeUndefined();
    // The wording CAP and the 2025 enforcement notice single out for weight-loss medicines.
    expect(words).not.toMatch(/\bjabs?\b|\bskinny\b|before[- ]and[- ]after/i);

    // The pop-up's timer starts once the page has hydrated: let the clock run until it is due.
    await expect(async () => {
      await page.clock.runFor(SUBSCRIPTION_POPUP.delayMs);
      await expect(popup(page)).toBeVisible({ timeout: 1_000 });
    }).toPass();
    expect(findNamedMedicine(await popup(page).innerText(), names), "the pop-up").toBeUndefined();
  });
}

test("price-update and price-alert emails name no prescription-only medicine in a subject", async ({
  page,
}) => {
  const subscriber = `promoting-${Date.now()}@example.co.uk`;
  await page.goto("/subscribe");
  await page.getByRole("main").getByLabel("Email address").fill(subscriber);
  await page.getByRole("main").getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("main").getByRole("status")).not.toBeEmpty();
  const confirmation = await newestEmailTo(subscriber);
  expect(findNamedMedicine(confirmation.raw, names), "the whole subscription email").toBeUndefined();

  // An alert's email names the medicine it was set on, for the person who set it; its subject,
  // which anyone near their phone can read, does not (decision 040).
  const alerter = `promoting-alert-${Date.now()}@example.co.uk`;
  await page.goto("/condition/weight-loss-medications?medication=Wegovy");
  await expect(page.locator("form[data-hydrated]")).toBeAttached();
  const alert = page.getByRole("form", { name: "Set a price alert" });
  await alert.getByLabel("Email", { exact: true }).fill(alerter);
  await alert.getByRole("checkbox").check();
  await alert.getByRole("button", { name: "Set Price Alert" }).click();
  await expect(alert.getByRole("status")).not.toBeEmpty();
  const alertEmail = await newestEmailTo(alerter);
  expect(alertEmail.subject).toBe("Confirm your price alert");
  expect(alertEmail.raw).toContain("Wegovy");
});

test("the walk finds a prescription-only medicine's name put on the home page", async ({ page, request }) => {
  const [first] = (await (await request.get(`${API_URL}/api/pharmacies`)).json()) as Pharmacy[];
  if (!first) throw new Error("the demo catalogue lists no pharmacy");
  const rename = (name: string) =>
    page.evaluate(
      async ({ url, name }) => {
        const response = await fetch(url, {
          method: "PUT",
          credentials: "include",
          headers: { "Content-Type": "application/json", "X-PharmaCompare-Request": "1" },
          body: JSON.stringify({ name }),
        });
        if (!response.ok) throw new Error(`rename answered ${response.status}`);
      },
      { url: `${API_URL}/api/admin/pharmacies/${first.id}`, name },
    );

  await openBackOffice(page);
  await rename(`${first.name} Mounjaro Clinic`);
  try {
    await page.goto("/");
    await expect(page.getByText(`${first.name} Mounjaro Clinic`).first()).toBeAttached();
    expect(findNamedMedicine(await wordsOf(page), names)).toBe("Mounjaro");
  } finally {
    await rename(first.name);
  }
});
