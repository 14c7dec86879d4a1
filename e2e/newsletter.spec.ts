import { adminEndpoints, endpointUrl, publicEndpoints } from "@pharmacompare/contract";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { adminHeaders } from "./support/admin-api.ts";
import { ADMIN, signedInForThisSpec } from "./support/admin-session.ts";
import { newestEmailTo } from "./support/mailbox.ts";
import { expectNoAxeViolations, keepPicture } from "./support/page-checks.ts";
import { API_URL } from "./support/stack.ts";

/**
 * A staff newsletter from writing to the recipient's inbox (issue 28, decision 041): a subscriber
 * to acne confirms through the real email; staff write a newsletter on /admin/newsletters, preview
 * it, see how many will receive it, send a test to themselves, send it now after a confirmation,
 * and the subscriber reads it; another, scheduled for later, is cancelled. Axe on the screens at
 * 375 and 1280 px. The subscription is deleted afterwards (the e2e database is the worker's).
 */
signedInForThisSpec();

const stamp = Date.now();
const address = `letters${stamp}@example.co.uk`;
const subject = `Acne treatments for less ${stamp}`;

test.afterAll(async ({ request }) => {
  const headers = await adminHeaders(request);
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

/** Subscribes `address` to acne through the API and confirms it from the real email. */
async function confirmedSubscriber(request: APIRequestContext) {
  const subscribed = await request.post(`${API_URL}${endpointUrl(publicEndpoints.subscribe)}`, {
    data: { email: address, source: "footer", conditions: ["acne"] },
  });
  expect(subscribed.status()).toBe(201);
  const confirmation = await newestEmailTo(address, (email) => /\/confirm\?token=/.test(email.raw), 20_000);
  const token = /\/confirm\?token=([A-Za-z0-9_-]+)/.exec(confirmation.raw)?.[1] ?? "";
  const confirmed = await request.post(
    `${API_URL}${endpointUrl(publicEndpoints.confirmEmail, { query: { token } })}`,
  );
  expect(confirmed.ok()).toBe(true);
}

async function axeAtBothWidths(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, { at: `${width} px` });
    await keepPicture(page, `${name}-${width}.png`);
  }
}

test("a newsletter goes from the writer to the subscriber's inbox; a scheduled one is cancelled", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await confirmedSubscriber(request);

  await page.goto("/admin/newsletters");
  await expect(page.getByRole("heading", { level: 1, name: "Newsletters" })).toBeVisible();
  await axeAtBothWidths(page, "newsletters");

  // Write it: subject, markdown with preview, the audience and how many it reaches.
  await page.getByRole("link", { name: "New newsletter" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New newsletter" })).toBeVisible();
  await page.getByLabel("Subject").fill(subject);
  await page
    .getByLabel("Message (markdown)")
    .fill("## Spring prices\n\nAcne treatments are **cheaper** this month. [Compare them](/condition/acne).");
  await page.getByRole("checkbox", { name: "Acne" }).check();
  await expect(page.getByText(/\d+ subscribers? will receive it/)).toBeVisible();
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: "Preview of the message" });
  await expect(preview.getByRole("heading", { name: "Spring prices" })).toBeVisible();
  await expect(preview.getByRole("link", { name: "Compare them" })).toHaveAttribute(
    "href",
    "/condition/acne",
  );
  await axeAtBothWidths(page, "newsletter-writer");
  await page.getByRole("button", { name: "Edit" }).click();

  // A test to oneself saves it first, then reaches the staff member's own inbox.
  await page.getByRole("button", { name: "Send a test to me" }).click();
  await expect(page).toHaveURL(/\/admin\/newsletters\/[0-9a-f-]{36}$/);
  const testEmail = await newestEmailTo(
    ADMIN.email,
    (email) => email.subject === `[Test] ${subject}`,
    20_000,
  );
  // The text part reads as text, the markdown rendered (issue 41, decision 055); the HTML part bolds.
  expect(testEmail.raw).toContain("Acne treatments are cheaper this month.");
  expect(testEmail.raw).not.toContain("**cheaper**");

  // Send now, after saying yes.
  await page.getByRole("button", { name: "Send now" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Send this newsletter now" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Send now" }).click();
  await expect(page.getByRole("heading", { name: "Progress" })).toBeVisible();

  const received = await newestEmailTo(address, (email) => email.subject === subject, 30_000);
  expect(received.raw).toContain("Acne treatments are cheaper this month.");
  expect(received.raw).not.toContain("**cheaper**");
  expect(received.raw).toContain("because you subscribed to promotions for Acne");
  expect(received.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByText("Sent", { exact: true }).first()).toBeVisible();
  await axeAtBothWidths(page, "newsletter-progress");

  // Another, scheduled for tomorrow, then cancelled.
  await page.goto("/admin/newsletters/new");
  await page.getByLabel("Subject").fill(`${subject} (later)`);
  await page.getByLabel("Message (markdown)").fill("Later news.");
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const local = new Date(tomorrow.getTime() - tomorrow.getTimezoneOffset() * 60_000)
    .toISOString()
    .slice(0, 16);
  await page.getByLabel("Send at (UK time)").fill(local);
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(page.getByRole("button", { name: "Cancel sending" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel sending" }).click();
  const cancel = page.getByRole("alertdialog", { name: "Cancel this newsletter" });
  await cancel.getByRole("button", { name: "Cancel sending" }).click();
  await expect(page.getByText("Cancelled", { exact: true }).first()).toBeVisible();

  // Both in the list, with their status and progress.
  await page.getByRole("link", { name: "Back to newsletters" }).click();
  const rows = page.getByRole("table", { name: "Newsletters, newest first" });
  await expect(rows.getByRole("rowheader", { name: subject, exact: true })).toBeVisible();
  await expect(rows.getByRole("rowheader", { name: `${subject} (later)` })).toBeVisible();
  await axeAtBothWidths(page, "newsletters-listed");
});

test("a word close to a prescription-only medicine's name is saved once confirmed; a disguised name is refused (issue 42)", async ({
  page,
}) => {
  await page.goto("/admin/newsletters/new");
  await page.getByLabel("Subject").fill(`Half price m0unjaro ${stamp}`);
  await page.getByLabel("Message (markdown)").fill("Prices fell this week.");
  await page.getByRole("button", { name: "Save draft" }).click();
  // The API names the word and the medicine; the writer asks for an explicit, labelled confirmation.
  await expect(page.getByText(/“m0unjaro” \(Mounjaro\)/)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/newsletters\/new$/);
  const confirm = page.getByRole("checkbox", { name: /I confirm these words are meant as written/ });
  await confirm.check();
  await axeAtBothWidths(page, "newsletter-close-match");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/\/admin\/newsletters\/[0-9a-f-]{36}$/);

  // A name hidden by markdown is read as the email shows it, and refused outright.
  await page.getByLabel("Message (markdown)").fill("Half price Mounj**aro** this week.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText(/The body names Mounjaro/)).toBeVisible();
});
