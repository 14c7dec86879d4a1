import {
  type AdminPrice,
  adminEndpoints,
  type ConditionPage,
  endpointUrl,
  formatPounds,
  publicEndpoints,
} from "@pharmacompare/contract";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { edgeCases } from "./fixtures/edge-cases.ts";
import { adminHeaders } from "./support/admin-api.ts";
import { signedInForThisSpec } from "./support/admin-session.ts";
import { API_URL } from "./support/stack.ts";

/**
 * The Price Management screen (back-office §2): a price edited here moves the public condition page's
 * table and its Best, and price entries are added and deleted. The e2e database is shared with every
 * other spec, so each changed price is put back and each added one deleted (also in afterAll, should
 * a journey fail half-way).
 */
signedInForThisSpec();
const CONDITION = "erectile-dysfunction";
const OUR_LINK = "https://www.pharmacy.example/e2e-price-journey";

/** The condition page's default comparison, as the public API answers it. */
async function comparison(request: APIRequestContext) {
  const answer = await request.get(
    `${API_URL}${endpointUrl(publicEndpoints.conditionPage, { params: { subcategoryId: CONDITION } })}`,
  );
  expect(answer.ok()).toBe(true);
  const page = (await answer.json()) as ConditionPage;
  if (!page.comparison || page.comparison.prices.length < 2) {
    throw new Error("the demo data has no comparison of two or more prices on the condition page");
  }
  const { medication, dosage, prices } = page.comparison;
  return {
    medication,
    dosage,
    prices,
    publicUrl: `/condition/${CONDITION}?${new URLSearchParams({ medication: medication.name, dosage })}`,
  };
}

async function adminPrices(request: APIRequestContext, medicationId: string): Promise<AdminPrice[]> {
  const answer = await request.get(
    `${API_URL}${endpointUrl(adminEndpoints.listAdminPricesForMedication, { params: { id: medicationId } })}`,
    { headers: await adminHeaders(request) },
  );
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { prices: AdminPrice[] }).prices;
}

/** A price a journey changed, to put back should it fail half-way. */
let changed: { medicationId: string; id: string; price: number } | null = null;
let pricedMedication: string | null = null;

test.afterAll(async ({ request }) => {
  if (!pricedMedication) return;
  const headers = await adminHeaders(request);
  for (const price of await adminPrices(request, pricedMedication)) {
    const params = { params: { id: price._id } };
    if (price.link === OUR_LINK) {
      await request.delete(`${API_URL}${endpointUrl(adminEndpoints.deletePrice, params)}`, { headers });
    } else if (changed?.id === price._id && price.price !== changed.price) {
      await request.put(`${API_URL}${endpointUrl(adminEndpoints.updatePrice, params)}`, {
        headers,
        data: { price: changed.price },
      });
    }
  }
});

async function chooseMedication(page: Page, medicationId: string) {
  await page.getByLabel("Medication", { exact: true }).selectOption(medicationId);
  await page.getByRole("button", { name: "Show prices" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/prices\\?medication=${medicationId}$`));
}

/** The admin table's row of one pharmacy and dosage (from 768 px). */
function adminRow(page: Page, pharmacy: string, dosage: string): Locator {
  return page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: pharmacy }) })
    .filter({ has: page.getByRole("cell", { name: dosage, exact: true }) });
}

/** The public page's first row: the cheapest, marked Best. */
function firstPublicRow(page: Page): Locator {
  return page.getByRole("table").locator("tbody tr").first();
}

test("a price edited inline moves the public table and its Best, and is put back", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { medication, dosage, prices, publicUrl } = await comparison(request);
  pricedMedication = medication.id;
  // The dearest offer becomes the cheapest by a margin.
  const dearest = prices.at(-1);
  const cheapest = prices[0];
  if (!dearest || !cheapest) throw new Error("no prices");
  const lower = Math.floor(cheapest.price * 90) / 100;
  expect(lower).toBeGreaterThan(0);
  const pharmacy = dearest.pharmacy.name;

  await page.goto(publicUrl);
  await expect(firstPublicRow(page)).not.toContainText(pharmacy);

  await page.goto("/admin/prices");
  await expect(page.getByRole("heading", { name: "Price Management", level: 1 })).toBeVisible();
  await chooseMedication(page, medication.id);
  const row = adminRow(page, pharmacy, dosage);
  await expect(row).toContainText(formatPounds(dearest.price));

  // Escape leaves the price as it was.
  await row.getByRole("button", { name: `Edit ${pharmacy} ${dosage}` }).click();
  const input = row.getByLabel(`Price in pounds for ${pharmacy} ${dosage}`);
  await expect(input).toBeFocused();
  await expect(input).toHaveValue(dearest.price.toFixed(2));
  await input.fill(String(lower));
  await input.press("Escape");
  await expect(input).toHaveCount(0);
  await expect(row).toContainText(formatPounds(dearest.price));
  await expect(row.getByRole("button", { name: `Edit ${pharmacy} ${dosage}` })).toBeFocused();

  // Save changes it.
  await row.getByRole("button", { name: `Edit ${pharmacy} ${dosage}` }).click();
  await input.fill(String(lower));
  changed = { medicationId: medication.id, id: dearest._id, price: dearest.price };
  await row.getByRole("button", { name: `Save ${pharmacy} ${dosage}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Price updated" })).toBeVisible();
  await expect(input).toHaveCount(0);
  await expect(row).toContainText(formatPounds(lower));
  await expect(row.getByRole("button", { name: `Edit ${pharmacy} ${dosage}` })).toBeFocused();

  await page.goto(publicUrl);
  await expect(firstPublicRow(page)).toContainText(pharmacy);
  await expect(firstPublicRow(page)).toContainText(formatPounds(lower));
  await expect(firstPublicRow(page).getByText("Best", { exact: true })).toBeVisible();

  // Put back (Enter saves): the old cheapest is Best again.
  await page.goto(`/admin/prices?medication=${medication.id}`);
  await row.getByRole("button", { name: `Edit ${pharmacy} ${dosage}` }).click();
  await input.fill(dearest.price.toFixed(2));
  await input.press("Enter");
  await expect(row).toContainText(formatPounds(dearest.price));
  changed = null;

  await page.goto(publicUrl);
  await expect(firstPublicRow(page)).toContainText(formatPounds(cheapest.price));
  await expect(firstPublicRow(page)).not.toContainText(pharmacy);
});

test("a price entry is added once its fields are set, switched out of stock and deleted after the confirmation", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { medication } = await comparison(request);
  pricedMedication = medication.id;
  // A pharmacy with no price yet for one of the medication's dosages.
  const taken = new Set(
    (await adminPrices(request, medication.id)).map((p) => `${p.pharmacyId}|${p.dosage}`),
  );
  const list = await request.get(`${API_URL}${endpointUrl(adminEndpoints.listAdminPharmacies)}`, {
    headers: await adminHeaders(request),
  });
  const { pharmacies } = (await list.json()) as {
    pharmacies: { id: string; name: string; active: boolean }[];
  };
  const free = pharmacies
    .filter((pharmacy) => pharmacy.active)
    .flatMap((pharmacy) => medication.dosage.map((dosage) => ({ pharmacy, dosage })))
    .find(({ pharmacy, dosage }) => !taken.has(`${pharmacy.id}|${dosage}`));
  if (!free) throw new Error("every pharmacy prices every dosage of the medication");
  const { pharmacy, dosage } = free;

  await page.goto("/admin/prices");
  await expect(page.getByText("Choose a medication to see and change its prices.")).toBeVisible();
  await chooseMedication(page, medication.id);
  // The choice is in the address: a reload keeps it.
  await page.reload();
  await expect(page.getByLabel("Medication", { exact: true })).toHaveValue(medication.id);
  const summary = page.getByRole("region", { name: `${medication.name} (${medication.form})` });
  await expect(summary).toContainText("Men's Health");
  await expect(summary).toContainText("Erectile Dysfunction");
  for (const listed of medication.dosage) {
    await expect(summary.getByRole("list", { name: "Available dosages" })).toContainText(listed);
  }

  // "Save Price" waits for pharmacy, dosage and price; Cancel closes the form.
  const addButton = page.getByRole("button", { name: "Add Price" });
  await addButton.click();
  const form = page.getByRole("form", { name: "Add Price" });
  await expect(form).toBeVisible();
  await expect(form.getByLabel("Pharmacy")).toBeFocused();
  await expect(form.getByLabel("Dosage")).toHaveAttribute("placeholder", "e.g. 30 gram, 100mg");
  const save = form.getByRole("button", { name: "Save Price" });
  await expect(save).toBeDisabled();
  await form.getByLabel("Pharmacy").selectOption(pharmacy.id);
  await expect(save).toBeDisabled();
  await form.getByLabel("Dosage").fill(dosage);
  await expect(save).toBeDisabled();
  await form.getByRole("spinbutton", { name: "Price", exact: true }).fill("4.99");
  await expect(save).toBeEnabled();
  await form.getByRole("button", { name: "Cancel" }).click();
  await expect(form).toBeHidden();
  await expect(addButton).toBeFocused();

  // A dosage the medication does not list is refused beside its field; nothing is added.
  await addButton.click();
  await expect(form.getByLabel("Pharmacy")).toHaveValue("");
  await form.getByLabel("Pharmacy").selectOption(pharmacy.id);
  await form.getByLabel("Dosage").fill("999mg x 1 tablet");
  await form.getByRole("spinbutton", { name: "Price", exact: true }).fill("4.99");
  await form.getByLabel("Link").fill(OUR_LINK);
  await save.click();
  await expect(form.getByLabel("Dosage")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Dosage")).toBeFocused();
  await expect(form.getByRole("alert").first()).toBeVisible();
  // The link is on another site than the pharmacy's: refused beside its field until staff confirm
  // it, as sheets and feeds do (decision 029, issue 42).
  await expect(form.getByLabel("Link", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByText(/^This link goes to www\.pharmacy\.example, not .+'s website/)).toBeVisible();

  await form.getByLabel("Dosage").fill(dosage);
  await form.getByLabel("Use this link to another site").check();
  await save.click();
  await expect(form).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Price added" })).toBeVisible();
  const row = adminRow(page, pharmacy.name, dosage);
  await expect(row).toContainText("£4.99");
  await expect(row.getByText("In Stock", { exact: true })).toBeVisible();
  await expect(row.getByRole("link", { name: /^View / })).toHaveAttribute("href", OUR_LINK);

  // Out of stock from the inline edit.
  await row.getByRole("button", { name: `Edit ${pharmacy.name} ${dosage}` }).click();
  await row.getByLabel("In stock").uncheck();
  await row.getByRole("button", { name: `Save ${pharmacy.name} ${dosage}` }).click();
  await expect(row.getByText("Out of Stock", { exact: true })).toBeVisible();

  // Delete asks first; Cancel keeps it.
  await row.getByRole("button", { name: `Delete ${pharmacy.name} ${dosage}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete price" });
  await expect(confirm).toContainText("Are you sure you want to delete this price entry?");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: `Delete ${pharmacy.name} ${dosage}` }).click();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: "Price deleted" })).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("a medication without prices says so, and links without one show a dash", async ({ page }) => {
  await page.goto(`/admin/prices?medication=${edgeCases.unpricedMedication.id}`);
  await expect(page.getByText("No prices found for this medication")).toBeVisible();
  await expect(page.getByRole("list", { name: "Available dosages" })).toHaveText(
    edgeCases.unpricedMedication.dosage,
  );
});
