import { adminEndpoints, type ConditionPage, endpointUrl, publicEndpoints } from "@pharmacompare/contract";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { adminHeaders } from "./support/admin-api.ts";
import { signedInForThisSpec } from "./support/admin-session.ts";
import { comparisonRow } from "./support/comparison.ts";
import { API_URL } from "./support/stack.ts";

/**
 * The Admin Messages screen (back-office §2): a message written here shows in its pharmacy's row on
 * the public condition page while it is active, and staff text is only ever text. The journeys share
 * the e2e database with the condition page's, so every message made here is deleted again.
 */
signedInForThisSpec();
const CONDITION = "erectile-dysfunction";
const PREFIX = "E2E message";
const PHARMACY_MEDICINE = "Viagra Connect";

async function openScreen(page: Page) {
  await page.goto("/admin/messages");
  await expect(page.getByRole("heading", { name: "Admin Messages", level: 1 })).toBeVisible();
}

/**
 * A medication of the condition page with a priced pharmacy that has no message of its own yet: a
 * pharmacy medicine, since a promotion is never posted for a prescription-only one (decision 067).
 */
async function pricedPair(request: APIRequestContext) {
  const answer = await request.get(
    `${API_URL}${endpointUrl(publicEndpoints.conditionPage, {
      params: { subcategoryId: CONDITION },
      query: { medication: PHARMACY_MEDICINE },
    })}`,
  );
  expect(answer.ok()).toBe(true);
  const page = (await answer.json()) as ConditionPage;
  const taken = new Set(page.messages.map((message) => message.pharmacyId));
  const price = page.comparison?.prices.find((entry) => !taken.has(entry.pharmacyId));
  if (!page.comparison || !price) throw new Error("the demo data has no priced pharmacy without a message");
  return {
    medicationId: page.comparison.medication.id,
    medicationName: page.comparison.medication.name,
    pharmacyId: price.pharmacyId,
    pharmacyName: price.pharmacy.name,
  };
}

/** Deletes what a journey left behind (a failure half-way), through the API. */
async function deleteOurMessages(request: APIRequestContext) {
  const headers = await adminHeaders(request);
  const messages: { _id: string; title: string }[] = [];
  for (const search of [PREFIX, "onerror"]) {
    const list = await request.get(
      `${API_URL}${endpointUrl(adminEndpoints.listAdminMessages, { query: { search, limit: 100 } })}`,
      { headers },
    );
    messages.push(...((await list.json()) as { messages: { _id: string; title: string }[] }).messages);
  }
  for (const message of messages) {
    if (message.title.startsWith(PREFIX) || message.title.includes("onerror")) {
      await request.delete(
        `${API_URL}${endpointUrl(adminEndpoints.deleteAdminMessage, { params: { id: message._id } })}`,
        { headers },
      );
    }
  }
}

test.afterAll(async ({ request }) => {
  await deleteOurMessages(request);
});

function item(page: Page, title: string): Locator {
  return page.getByRole("article", { name: title, exact: true });
}

async function fillMessage(
  dialog: Locator,
  fields: { medicationId: string; pharmacyId: string; title: string; message: string; priority?: string },
) {
  await dialog.getByLabel("Medication", { exact: true }).selectOption(fields.medicationId);
  await dialog.getByLabel("Pharmacy", { exact: true }).selectOption(fields.pharmacyId);
  await dialog.getByLabel("Category", { exact: true }).selectOption("promo");
  await dialog.getByLabel("Title", { exact: true }).fill(fields.title);
  await dialog.getByLabel("Message", { exact: true }).fill(fields.message);
  if (fields.priority) await dialog.getByLabel("Priority", { exact: true }).fill(fields.priority);
}

test("a message for one pharmacy shows in its row until switched off; it can be edited and deleted", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const pair = await pricedPair(request);
  const title = `${PREFIX}: 10% off this week`;
  const publicPage = `/condition/${CONDITION}?medication=${encodeURIComponent(pair.medicationName)}`;

  await openScreen(page);
  await page.getByRole("button", { name: "Add Message" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Message" });
  await expect(dialog).toBeVisible();
  // Focus starts inside the dialog; a new message starts now, is active and has priority 0.
  await expect(dialog.getByLabel("Medication", { exact: true })).toBeFocused();
  await expect(dialog.getByLabel("Active", { exact: true })).toBeChecked();
  await expect(dialog.getByLabel("Priority", { exact: true })).toHaveValue("0");
  await expect(dialog.getByLabel("Start date", { exact: true })).not.toHaveValue("");
  await fillMessage(dialog, {
    ...pair,
    title,
    message: "Use code E2E10 at checkout.",
    priority: "10",
  });
  await dialog.getByRole("button", { name: "Create Message" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Message saved" })).toBeVisible();
  // Focus is back on the button that opened the dialog.
  await expect(page.getByRole("button", { name: "Add Message" })).toBeFocused();

  const created = item(page, title);
  await expect(created).toBeVisible();
  await expect(created.getByText("Promo", { exact: true })).toBeVisible();
  await expect(created.getByText("Priority 10", { exact: true })).toBeVisible();
  await expect(created.getByText("Inactive", { exact: true })).toHaveCount(0);
  await expect(created.getByText(pair.pharmacyName, { exact: true })).toBeVisible();
  await expect(created.getByText(pair.medicationName, { exact: true })).toBeVisible();
  await expect(created.getByText("No end date")).toBeVisible();
  await expect(created.getByText(/^Created by .+ · now$/)).toBeVisible();

  // The search finds it by title, case-insensitively, and the category filter keeps it.
  await page.getByLabel("Search").fill(title.toUpperCase());
  await page.getByLabel("Category").selectOption("promo");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/search=.+&category=promo/);
  await expect(page.getByRole("article")).toHaveCount(1);
  await expect(created).toBeVisible();
  await page.getByLabel("Category").selectOption("warning");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("No messages match these filters.")).toBeVisible();
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(created).toBeVisible();

  // The public page shows it in that pharmacy's row.
  await page.goto(publicPage);
  await expect(comparisonRow(page, pair.pharmacyName)).toHaveCount(1);
  await expect(comparisonRow(page, pair.pharmacyName).getByText(title)).toBeVisible();

  // Switched off, it is marked Inactive here and gone from the public page.
  await page.goto("/admin/messages");
  await created.getByRole("button", { name: /^Deactivate/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Message deactivated" })).toBeVisible();
  await expect(created.getByText("Inactive", { exact: true })).toBeVisible();
  await expect(created.getByRole("button", { name: /^Activate/ })).toBeVisible();
  await page.goto(publicPage);
  await expect(comparisonRow(page, pair.pharmacyName)).toHaveCount(1);
  await expect(page.getByText(title)).toHaveCount(0);

  // Edit: the dialog starts from the message; the list shows the change.
  await page.goto("/admin/messages");
  await created.getByRole("button", { name: /^Edit/ }).click();
  const editDialog = page.getByRole("dialog", { name: "Edit Message" });
  await expect(editDialog.getByLabel("Title", { exact: true })).toHaveValue(title);
  await expect(editDialog.getByLabel("Pharmacy", { exact: true })).toHaveValue(pair.pharmacyId);
  await expect(editDialog.getByLabel("Active", { exact: true })).not.toBeChecked();
  const edited = `${PREFIX}: 15% off this week`;
  await editDialog.getByLabel("Title", { exact: true }).fill(edited);
  await editDialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(editDialog).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Message saved" })).toBeVisible();
  await expect(item(page, edited)).toBeVisible();
  await expect(item(page, title)).toHaveCount(0);

  // Delete asks first; Cancel keeps it, Delete removes it.
  await item(page, edited)
    .getByRole("button", { name: /^Delete/ })
    .click();
  const confirm = page.getByRole("alertdialog", { name: "Delete message" });
  await expect(confirm).toContainText("Are you sure you want to delete this message?");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(item(page, edited)).toBeVisible();
  await item(page, edited)
    .getByRole("button", { name: /^Delete/ })
    .click();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Message deleted" })).toBeVisible();
  await expect(item(page, edited)).toHaveCount(0);
});

test("a refusal shows beside its field and the dialog keeps what was typed", async ({ page, request }) => {
  const pair = await pricedPair(request);
  await openScreen(page);
  await page.getByRole("button", { name: "Add Message" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Message" });
  const title = `${PREFIX}: ends too early`;
  await fillMessage(dialog, { ...pair, title, message: "Should not be saved." });
  await dialog.getByLabel("Start date", { exact: true }).fill("2030-06-10T09:00");
  await dialog.getByLabel("End date", { exact: true }).fill("2030-06-01T09:00");
  await dialog.getByRole("button", { name: "Create Message" }).click();

  const endDate = dialog.getByLabel("End date", { exact: true });
  await expect(dialog.getByText("End date must not be before the start date")).toBeVisible();
  await expect(endDate).toHaveAttribute("aria-invalid", "true");
  await expect(endDate).toBeFocused();
  await expect(dialog.getByText(/^Error saving message: /)).toBeVisible();
  await expect(dialog.getByLabel("Title", { exact: true })).toHaveValue(title);

  // A promotion for a prescription-only medicine is refused beside its category (decision 067).
  await endDate.fill("2030-06-20T09:00");
  await dialog.getByLabel("Medication", { exact: true }).selectOption("sildenafil");
  await dialog.getByRole("button", { name: "Create Message" }).click();
  await expect(
    dialog.getByText(
      "A promotion cannot be posted for a prescription-only medicine: choose Information or Warning",
      { exact: true },
    ),
  ).toBeVisible();
  await expect(dialog.getByLabel("Category", { exact: true })).toHaveAttribute("aria-invalid", "true");

  // Escape cancels; nothing was saved.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(item(page, title)).toHaveCount(0);
});

test("a title holding markup is shown as text, never run", async ({ page, request }) => {
  const pair = await pricedPair(request);
  const title = "<img src=x onerror=alert(1)>";
  let dialogs = 0;
  page.on("dialog", async (dialog) => {
    dialogs += 1;
    await dialog.dismiss();
  });
  await openScreen(page);
  await page.getByRole("button", { name: "Add Message" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Message" });
  await fillMessage(dialog, { ...pair, title, message: "<script>alert(2)</script>" });
  await dialog.getByLabel("Active", { exact: true }).uncheck();
  await dialog.getByRole("button", { name: "Create Message" }).click();
  await expect(dialog).toBeHidden();

  const saved = item(page, title);
  await expect(saved.getByRole("heading", { level: 3 })).toHaveText(title);
  await expect(saved.getByText("<script>alert(2)</script>", { exact: true })).toBeVisible();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  await page.reload();
  await expect(item(page, title)).toBeVisible();
  expect(dialogs).toBe(0);

  await item(page, title)
    .getByRole("button", { name: /^Delete/ })
    .click();
  await page
    .getByRole("alertdialog", { name: "Delete message" })
    .getByRole("button", { name: "Delete", exact: true })
    .click();
  await expect(item(page, title)).toHaveCount(0);
});

test("with no messages the screen says how to start", async ({ page }) => {
  await openScreen(page);
  await page.route(`${API_URL}${endpointUrl(adminEndpoints.listAdminMessages)}*`, (route) =>
    route.fulfill({ json: { messages: [], page: 1, limit: 20, total: 0, totalPages: 1 } }),
  );
  await page.reload();
  await expect(page.getByText("No messages found. Create your first message to get started.")).toBeVisible();
  await expect(page.getByRole("article")).toHaveCount(0);
});
