import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import {
  adminEndpoints,
  type ConditionPage,
  type ContactPage,
  contactMessages,
  endpointUrl,
  formatPounds,
  type PriceAlertPage,
  publicEndpoints,
  type SubscriptionList,
} from "@pharmacompare/contract";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { adminHeaders } from "./support/admin-api.ts";
import { signedInForThisSpec } from "./support/admin-session.ts";
import { keepPicture } from "./support/page-checks.ts";
import { API_URL, stack } from "./support/stack.ts";

/**
 * The back-office inbox (issue 10): Contact Messages, Price Alerts and Email Subscriptions. Every
 * message, alert and subscription is made here through the public form or API, as a visitor makes
 * them, and deleted again: the e2e database is shared by all specs. Eight public writes in all, far
 * under the e2e server's write limit (WRITE_RATE_LIMIT, 30 a minute).
 */
signedInForThisSpec();
/** Where the e2e API writes its emails as .eml files (no SMTP_URL): DATA_DIR/mail. */
const mailDirectory = path.resolve(stack.dataDir, "mail");
/** Marks everything this file makes, so cleaning up finds exactly that. */
const STAMP = `inbox${Date.now()}`;
const XSS = "<img src=x onerror=window.__xss=1>";

declare global {
  interface Window {
    __xss?: number;
  }
}

/** A screenshot for people to look at; a whole page, or what is on screen while a dialog is open. */
async function shot(page: Page, name: string) {
  await keepPicture(page, `${name}.png`, { fullPage: !name.includes("dialog") });
}

/** Deletes whatever this file made (a journey that failed half-way leaves things behind). */
test.afterAll(async ({ request }) => {
  const headers = await adminHeaders(request);
  const contacts = await request.get(
    `${API_URL}${endpointUrl(adminEndpoints.listContacts, { query: { search: STAMP, limit: 100 } })}`,
    { headers },
  );
  for (const contact of ((await contacts.json()) as ContactPage).contacts) {
    await request.delete(
      `${API_URL}${endpointUrl(adminEndpoints.deleteContact, { params: { id: contact._id } })}`,
      { headers },
    );
  }
  const alerts = await request.get(
    `${API_URL}${endpointUrl(adminEndpoints.listPriceAlerts, { query: { search: STAMP, limit: 100 } })}`,
    { headers },
  );
  for (const alert of ((await alerts.json()) as PriceAlertPage).alerts) {
    await request.delete(
      `${API_URL}${endpointUrl(adminEndpoints.deletePriceAlert, { params: { id: alert._id } })}`,
      { headers },
    );
  }
  const subscriptions = await request.get(
    `${API_URL}${endpointUrl(adminEndpoints.listSubscriptions, { query: { search: STAMP, limit: 1000 } })}`,
    {
      headers,
    },
  );
  for (const subscription of ((await subscriptions.json()) as SubscriptionList).subscriptions) {
    if (!subscription.email.includes(STAMP)) continue;
    await request.delete(
      `${API_URL}${endpointUrl(adminEndpoints.deleteSubscription, { params: { id: subscription._id } })}`,
      { headers },
    );
  }
});

/** The public contact form, as a visitor sends it. */
async function sendContact(page: Page, fields: { name: string; email: string; message: string }) {
  // Before React runs the form posts to the server's action, after it from the browser: either sends.
  await page.goto("/contact");
  await page.getByLabel("Name", { exact: true }).fill(fields.name);
  await page.getByLabel("Email", { exact: true }).fill(fields.email);
  await page.getByLabel("Subject", { exact: true }).selectOption({ label: "Pricing Question" });
  await page.getByLabel("Message", { exact: true }).fill(fields.message);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText(contactMessages.success)).toBeVisible();
}

function row(page: Page, text: string): Locator {
  return page.getByRole("row").filter({ hasText: text });
}

async function search(page: Page, term: string) {
  await page.getByLabel("Search").fill(term);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`search=${term}`));
}

// ---------------------------------------------------------------- Contact Messages

test("a contact from the public form is listed as new, read once opened, and resolved for good", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const name = `Robin ${STAMP}`;
  const email = `robin.${STAMP}@example.co.uk`;
  const message = "Do the prices include delivery? I could not tell from the comparison table at all.";
  await sendContact(page, { name, email, message });

  await page.goto("/admin/contacts");
  await expect(page.getByRole("heading", { name: "Contact Messages", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Search")).toHaveAttribute(
    "placeholder",
    "Search by name, email, or message...",
  );
  await expect(page.getByLabel("Status").locator("option")).toHaveText([
    "All",
    "new",
    "read",
    "replied",
    "resolved",
  ]);
  // The search goes to the server (it matches the message's words too).
  await search(page, STAMP);
  const listed = row(page, name);
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(email);
  await expect(listed).toContainText("Pricing Question");
  await expect(listed).toContainText("Do the prices include delivery?");
  await expect(listed.getByText("new", { exact: true })).toBeVisible();
  await expect(page.getByText("Page 1 of 1")).toBeVisible();

  // Opening it shows every field and marks it read.
  await listed.getByRole("button", { name: /^View/ }).click();
  const dialog = page.getByRole("dialog", { name: `Message from ${name}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("link", { name: email })).toHaveAttribute("href", `mailto:${email}`);
  await expect(dialog.getByText("Pricing Question")).toBeVisible();
  await expect(dialog.getByText(message)).toBeVisible();
  await expect(dialog.getByText(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/)).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Delete" })).toBeVisible();
  await expect(dialog.getByLabel("Status")).toHaveValue("read");
  await expect(listed.getByText("read", { exact: true })).toBeVisible();
  await shot(page, "contacts-dialog-1280");
  // The footer's Close (the header's × is named Close too).
  await dialog.getByRole("button", { name: "Close" }).last().click();
  await expect(dialog).toBeHidden();
  await expect(listed.getByRole("button", { name: /^View/ })).toBeFocused();
  await page.reload();
  await expect(row(page, name).getByText("read", { exact: true })).toBeVisible();
  await shot(page, "contacts-1280");

  // Choosing a status saves it, closes the dialog and reloads the list.
  await row(page, name).getByRole("button", { name: /^View/ }).click();
  await dialog.getByLabel("Status").selectOption("resolved");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Status set to resolved" })).toBeVisible();
  await expect(row(page, name).getByText("resolved", { exact: true })).toBeVisible();
  await page.reload();
  await expect(row(page, name).getByText("resolved", { exact: true })).toBeVisible();

  // The status filter goes to the server too.
  await page.getByLabel("Status").selectOption("resolved");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/status=resolved/);
  await expect(row(page, name)).toHaveCount(1);
  await page.getByLabel("Status").selectOption("new");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("No contacts found", { exact: true })).toBeVisible();

  // At 375 px the list is cards, and the dialog opens from a card too.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.getByLabel("Status").selectOption("");
  await page.getByRole("button", { name: "Apply filters" }).click();
  const card = page
    .getByRole("list", { name: "Contact messages" })
    .getByRole("listitem")
    .filter({ hasText: name });
  await expect(card).toBeVisible();
  await shot(page, "contacts-375");
  await card.getByRole("button", { name: /^View/ }).click();
  await expect(dialog).toBeVisible();
  await shot(page, "contacts-dialog-375");

  // Delete from the dialog asks first; Cancel keeps it, Delete removes it.
  await dialog.getByRole("button", { name: "Delete" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete contact" });
  await expect(confirm).toContainText("Are you sure you want to delete this contact?");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Contact deleted" })).toBeVisible();
  await expect(page.getByText("No contacts found", { exact: true })).toBeVisible();
});

test("a contact whose fields hold markup is shown as text and runs nothing", async ({ page }) => {
  test.setTimeout(60_000);
  const name = `${XSS} ${STAMP}`;
  await sendContact(page, {
    name,
    email: `markup.${STAMP}@example.co.uk`,
    message: `${XSS} is what I typed into the message box.`,
  });

  await page.goto(`/admin/contacts?search=${STAMP}`);
  const listed = row(page, STAMP);
  await expect(listed).toHaveCount(1);
  await expect(listed.getByText(name, { exact: true })).toBeVisible();
  await expect(listed).toContainText(`${XSS} is what I typed`);
  await listed.getByRole("button", { name: /^View/ }).click();
  const dialog = page.getByRole("dialog", { name: `Message from ${name}` });
  await expect(
    dialog.getByText(`${XSS} is what I typed into the message box.`, { exact: true }),
  ).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => window.__xss)).toBeUndefined();

  await dialog.getByRole("button", { name: "Delete" }).click();
  await page
    .getByRole("alertdialog", { name: "Delete contact" })
    .getByRole("button", { name: "Delete", exact: true })
    .click();
  await expect(page.getByText("No contacts found", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => window.__xss)).toBeUndefined();
});

// ---------------------------------------------------------------- Price Alerts

/** A medication and dosage of the demo catalogue with an in-stock price, as a visitor's alert names it. */
async function alertTarget(request: APIRequestContext) {
  const answer = await request.get(
    `${API_URL}${endpointUrl(publicEndpoints.conditionPage, { params: { subcategoryId: "erectile-dysfunction" } })}`,
  );
  expect(answer.ok()).toBe(true);
  const page = (await answer.json()) as ConditionPage;
  const comparison = page.comparison;
  if (!comparison?.lowest) throw new Error("the demo data has no in-stock price for erectile dysfunction");
  return { medication: comparison.medication, dosage: comparison.dosage, lowest: comparison.lowest.price };
}

test("a visitor's price alert is listed, counted, shown in full, changed and deleted", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = `alert.${STAMP}@example.co.uk`;
  const target = await alertTarget(request);
  const targetPrice = Math.max(0.01, Math.floor(target.lowest * 50) / 100);
  const created = await request.post(`${API_URL}${endpointUrl(publicEndpoints.createPriceAlert)}`, {
    data: {
      email,
      medicationId: target.medication.id,
      medicationName: target.medication.name,
      dosage: target.dosage,
      targetPrice,
      consent: true,
    },
  });
  expect(created.status()).toBe(201);

  await page.goto("/admin/price-alerts");
  await expect(page.getByRole("heading", { name: "Price Alerts", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Search")).toHaveAttribute("placeholder", "Search by email, medication...");
  // The counters: this page's and every alert's, each labelled.
  const active = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Active", level: 3 }) });
  await expect(active.getByText("On this page")).toBeVisible();
  await expect(active.getByText("All alerts")).toBeVisible();
  const totalActive = Number(await active.locator("dd").nth(1).textContent());
  expect(totalActive).toBeGreaterThanOrEqual(1);

  await search(page, STAMP);
  const listed = row(page, email);
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText(target.medication.name);
  await expect(listed).toContainText(target.dosage);
  await expect(listed).toContainText(formatPounds(targetPrice));
  await expect(listed).toContainText(`Now ${formatPounds(target.lowest)}`);
  await expect(listed.getByText("active", { exact: true })).toBeVisible();
  // Not confirmed from its email yet: it cannot fire.
  await expect(listed.getByText("unconfirmed", { exact: true })).toBeVisible();
  // Over this one-alert page: one active.
  await expect(active.locator("dd").first()).toHaveText("1");
  await shot(page, "price-alerts-1280");

  await listed.getByRole("button", { name: /^View/ }).click();
  const dialog = page.getByRole("dialog", { name: "Price alert" });
  await expect(dialog).toBeVisible();
  for (const [term, value] of [
    ["Email", email],
    ["Medication", target.medication.name],
    ["Dosage", target.dosage],
    ["Medication id", target.medication.id],
    ["Target price", formatPounds(targetPrice)],
    ["Current price", formatPounds(target.lowest)],
  ] as const) {
    await expect(dialog.getByRole("definition").filter({ hasText: value }).first()).toBeVisible();
    await expect(dialog.getByRole("term").filter({ hasText: new RegExp(`^${term}$`) })).toBeVisible();
  }
  await expect(dialog.getByRole("term").filter({ hasText: /^Lowest pharmacy$/ })).toBeVisible();
  await expect(dialog.getByRole("term").filter({ hasText: /^Created$/ })).toBeVisible();
  await expect(dialog.getByRole("term").filter({ hasText: /^Expires$/ })).toBeVisible();
  await expect(dialog.getByRole("term").filter({ hasText: /^Triggered$/ })).toHaveCount(0);
  await expect(dialog.getByLabel("Status")).toHaveValue("active");
  await shot(page, "price-alerts-dialog-1280");

  await dialog.getByLabel("Status").selectOption("cancelled");
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Status set to cancelled" })).toBeVisible();
  await expect(row(page, email).getByText("cancelled", { exact: true })).toBeVisible();
  const cancelled = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: "Cancelled", level: 3 }) });
  await expect(cancelled.locator("dd").first()).toHaveText("1");
  await page.reload();
  await expect(row(page, email).getByText("cancelled", { exact: true })).toBeVisible();

  await page.setViewportSize({ width: 375, height: 800 });
  const card = page
    .getByRole("list", { name: "Price alerts" })
    .getByRole("listitem")
    .filter({ hasText: email });
  await expect(card).toBeVisible();
  await shot(page, "price-alerts-375");
  await card.getByRole("button", { name: /^View/ }).click();
  await expect(dialog).toBeVisible();
  await shot(page, "price-alerts-dialog-375");
  // The footer's Close (the header's × is named Close too).
  await dialog.getByRole("button", { name: "Close" }).last().click();

  await card.getByRole("button", { name: /^Delete/ }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete price alert" });
  await expect(confirm).toContainText("Are you sure you want to delete this price alert?");
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Price alert deleted" })).toBeVisible();
  await expect(page.getByText("No price alerts found", { exact: true })).toBeVisible();
});

// ---------------------------------------------------------------- Email Subscriptions

/** A link's token (confirm or unsubscribe) in the newest email to `address`, once the outbox has written it. */
async function linkToken(address: string, link: "confirm" | "unsubscribe"): Promise<string> {
  let token = "";
  await expect
    .poll(
      async () => {
        const files = (await readdir(mailDirectory).catch(() => [] as string[])).filter((name) =>
          name.endsWith(".eml"),
        );
        for (const file of files.sort().reverse()) {
          // Quoted-printable: join soft line breaks and decode "=3D" before reading links.
          const raw = (await readFile(path.join(mailDirectory, file), "utf8"))
            .replace(/=\r?\n/g, "")
            .replace(/=3D/gi, "=");
          if (!raw.split(/\r?\n/).some((line) => line.startsWith("To: ") && line.includes(address))) continue;
          token = new RegExp(`/${link}\\?token=([A-Za-z0-9_-]+)`).exec(raw)?.[1] ?? "";
          return token !== "";
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return token;
}

/** Subscribes as a visitor does, then follows its email's confirm or unsubscribe link (or none). */
async function subscribe(
  request: APIRequestContext,
  email: string,
  source: string,
  then: "confirm" | "unsubscribe" | "nothing",
) {
  const answer = await request.post(`${API_URL}${endpointUrl(publicEndpoints.subscribe)}`, {
    data: { email, source },
  });
  expect(answer.status()).toBe(201);
  if (then === "nothing") return;
  const token = await linkToken(email, then);
  const endpoint = then === "confirm" ? publicEndpoints.confirmEmail : publicEndpoints.unsubscribe;
  const followed = await request.post(`${API_URL}${endpointUrl(endpoint, { query: { token } })}`);
  expect(followed.ok()).toBe(true);
}

/** RFC 4180 read back: fields split on commas outside quotes, doubled quotes undone. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      fields.push(field);
      field = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      fields.push(field);
      rows.push(fields);
      fields = [];
      field = "";
      i += 1;
    } else field += char;
  }
  return rows;
}

test("subscriptions: stats, filters, a formula-safe CSV of the active confirmed ones, and delete", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const plain = `plain.${STAMP}@example.co.uk`;
  // A spreadsheet would read this address as a formula ("=" is not a valid first character).
  const formula = `-2+3.${STAMP}@example.co.uk`;
  const waiting = `waiting.${STAMP}@example.co.uk`;
  const gone = `gone.${STAMP}@example.co.uk`;
  await subscribe(request, plain, "footer", "confirm");
  await subscribe(request, formula, "popup", "confirm");
  await subscribe(request, waiting, "footer", "nothing");
  await subscribe(request, gone, "footer", "unsubscribe");

  await page.goto("/admin/subscriptions");
  await expect(page.getByRole("heading", { name: "Email Subscriptions", level: 1 })).toBeVisible();
  const stats = page.getByRole("region", { name: "Subscriptions by status" });
  for (const label of ["Total", "Active", "Unsubscribed", "Bounced"]) {
    await expect(stats.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(stats.getByText(/^\d+ not confirmed yet$/)).toBeVisible();
  const recent = page.getByRole("region", { name: "Recent subscriptions" });
  await expect(recent.getByText(waiting)).toBeVisible();
  await expect(recent.getByRole("listitem").filter({ hasText: waiting })).toContainText(/ · footer$/);
  await expect(page.getByRole("region", { name: "By source" }).getByText("footer")).toBeVisible();
  await shot(page, "subscriptions-1280");

  // The search, status and source go to the API (decision 037).
  await search(page, STAMP);
  await expect(page.getByText("Showing 1–4 of 4 subscriptions", { exact: true })).toBeVisible();
  const listed = row(page, plain);
  await expect(listed).toContainText("All updates");
  await expect(listed).toContainText("footer");
  await expect(listed.getByRole("listitem")).toHaveText(["Price drops", "New medications", "Promotions"]);
  // Its confirmation email counts as sent.
  await expect(listed).toContainText("Last sent now");
  await expect(row(page, waiting).getByText("unconfirmed", { exact: true })).toBeVisible();
  await expect(row(page, gone).getByText("unsubscribed", { exact: true })).toBeVisible();
  await expect(row(page, gone)).toContainText("Unsubscribed now");
  await page.getByLabel("Source", { exact: true }).selectOption("popup");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/source=popup/);
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(row(page, formula)).toHaveCount(1);
  await page.getByLabel("Source", { exact: true }).selectOption("");
  await page.getByLabel("Status", { exact: true }).selectOption("bounced");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("No subscriptions match these filters.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Export CSV" })).toBeDisabled();
  await page.getByLabel("Status", { exact: true }).selectOption("");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("Showing 1–4 of 4 subscriptions", { exact: true })).toBeVisible();

  // Export: a file of the active, confirmed subscriptions the filters match, named by today's date.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const file = await download;
  await expect(page.getByRole("status").filter({ hasText: "Exported 2 subscriptions" })).toBeVisible();
  expect(file.suggestedFilename()).toMatch(/^subscriptions_\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await file.path(), "utf8");
  const rows = parseCsv(text);
  expect(rows[0]).toEqual([
    "Email",
    "Status",
    "Source",
    "Subscribed Date",
    "Price Drops",
    "New Medications",
    "Promotions",
    "Weekly Digest",
  ]);
  const body = rows.slice(1).sort((a, b) => (a[0] ?? "").localeCompare(b[0] ?? ""));
  expect(body).toEqual([
    [
      `'${formula}`,
      "active",
      "popup",
      expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
      "Yes",
      "Yes",
      "Yes",
      "No",
    ],
    [plain, "active", "footer", expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/), "Yes", "Yes", "Yes", "No"],
  ]);
  // Neither the unconfirmed nor the unsubscribed address is exported.
  expect(text).not.toContain(waiting);
  expect(text).not.toContain(gone);

  await page.setViewportSize({ width: 375, height: 800 });
  const card = page
    .getByRole("list", { name: "Email subscriptions" })
    .getByRole("listitem")
    .filter({ hasText: waiting });
  await expect(card).toBeVisible();
  await shot(page, "subscriptions-375");

  // Delete asks first; the subscription is gone from the list and the counts.
  await card.getByRole("button", { name: /^Delete/ }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete subscription" });
  await expect(confirm).toContainText("Are you sure you want to permanently delete this subscription?");
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Subscription deleted" })).toBeVisible();
  await expect(page.getByText("Showing 1–3 of 3 subscriptions", { exact: true })).toBeVisible();
  await expect(page.getByText(waiting)).toHaveCount(0);

  // A failed delete says the specification's sentence and keeps the subscription.
  const subscriptionsPath = endpointUrl(adminEndpoints.listSubscriptions);
  await page.route(
    (url) => url.pathname.startsWith(`${subscriptionsPath}/`),
    (route) =>
      route.request().method() === "DELETE"
        ? route.fulfill({ status: 500, json: { error: "Internal server error" } })
        : route.fallback(),
  );
  await page
    .getByRole("list", { name: "Email subscriptions" })
    .getByRole("listitem")
    .filter({ hasText: plain })
    .getByRole("button", { name: /^Delete/ })
    .click();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(confirm.getByText("Error deleting subscription. Please try again.")).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByText("Showing 1–3 of 3 subscriptions", { exact: true })).toBeVisible();
});

test("failed status changes and loads leave the contact list as it was and say so", async ({
  page,
  request,
}) => {
  const name = `Failing ${STAMP}`;
  const sent = await request.post(`${API_URL}${endpointUrl(publicEndpoints.sendContactMessage)}`, {
    data: {
      name,
      email: `failing.${STAMP}@example.co.uk`,
      subject: "other",
      message: "Its status will not change.",
    },
  });
  expect(sent.status()).toBe(201);
  await page.goto(`/admin/contacts?search=${STAMP}`);
  await expect(row(page, name)).toHaveCount(1);

  const contactsPath = endpointUrl(adminEndpoints.listContacts);
  await page.route(
    (url) => url.pathname.startsWith(`${contactsPath}/`) && url.pathname.endsWith("/status"),
    (route) => route.fulfill({ status: 500, json: { error: "Internal server error" } }),
  );
  await row(page, name).getByRole("button", { name: /^View/ }).click();
  const dialog = page.getByRole("dialog", { name: `Message from ${name}` });
  // Marking it read failed: it is still new, and a notice says so.
  await expect(page.getByText("The message could not be marked as read.")).toBeVisible();
  await expect(dialog.getByLabel("Status")).toHaveValue("new");
  await dialog.getByLabel("Status").selectOption("replied");
  await expect(dialog).toBeHidden();
  await expect(page.getByText("The status could not be changed. Please try again.")).toBeVisible();
  await expect(row(page, name).getByText("new", { exact: true })).toBeVisible();

  // A list that cannot be loaded keeps the one shown.
  await page.route(
    (url) => url.pathname === contactsPath,
    (route) => route.fulfill({ status: 500, json: { error: "Internal server error" } }),
  );
  await page.getByLabel("Status").selectOption("resolved");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("The list could not be refreshed: Internal server error")).toBeVisible();
  await expect(row(page, name)).toHaveCount(1);
});
