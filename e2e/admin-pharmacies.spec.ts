import { adminEndpoints, type ConditionPage, endpointUrl, publicEndpoints } from "@pharmacompare/contract";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { adminHeaders } from "./support/admin-api.ts";
import { signedInForThisSpec } from "./support/admin-session.ts";
import { comparisonRow } from "./support/comparison.ts";
import { API_URL } from "./support/stack.ts";

/**
 * The Pharmacy list and form and the Categories screen (back-office §2). The journeys share the e2e
 * database with every other spec: the pharmacy made here is deleted again, and whatever is switched
 * off is switched back on (also in afterAll, should a journey fail half-way).
 */
signedInForThisSpec();
const CONDITION = "erectile-dysfunction";
const NEW_PHARMACY = { name: "E2E Journey Pharmacy", id: "e2e-journey-pharmacy", gphcNumber: "1000001" };

/** A priced pharmacy of the condition page, with the medication and dosage that show it. */
async function publicOffer(request: APIRequestContext) {
  const answer = await request.get(
    `${API_URL}${endpointUrl(publicEndpoints.conditionPage, { params: { subcategoryId: CONDITION } })}`,
  );
  expect(answer.ok()).toBe(true);
  const page = (await answer.json()) as ConditionPage;
  const price = page.comparison?.prices.at(-1);
  if (!page.comparison || !price)
    throw new Error("the demo data has no priced pharmacy on the condition page");
  return {
    pharmacyId: price.pharmacyId,
    pharmacyName: price.pharmacy.name,
    url: `/condition/${CONDITION}?${new URLSearchParams({
      medication: page.comparison.medication.name,
      dosage: page.comparison.dosage,
    })}`,
  };
}

/** The demo pharmacy a journey switches off, to switch on again should the journey fail half-way. */
let switchedOff: string | null = null;

/** Leaves the shared data as the journeys found it. */
test.afterAll(async ({ request }) => {
  const headers = await adminHeaders(request);
  const list = await request.get(`${API_URL}${endpointUrl(adminEndpoints.listAdminPharmacies)}`, { headers });
  const { pharmacies } = (await list.json()) as {
    pharmacies: { id: string; name: string; active: boolean }[];
  };
  for (const pharmacy of pharmacies) {
    if (pharmacy.name.startsWith("E2E ")) {
      await request.delete(
        `${API_URL}${endpointUrl(adminEndpoints.deletePharmacy, { params: { id: pharmacy.id } })}`,
        { headers },
      );
    } else if (pharmacy.id === switchedOff && !pharmacy.active) {
      await request.put(
        `${API_URL}${endpointUrl(adminEndpoints.updatePharmacy, { params: { id: pharmacy.id } })}`,
        {
          headers,
          data: { active: true },
        },
      );
    }
  }
});

/** The table row (from 768 px) of a pharmacy. */
function row(page: Page, name: string): Locator {
  return page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name }) });
}

/** The search goes to the API with the page's address (decision 037). */
async function search(page: Page, term: string) {
  await page.getByLabel("Search pharmacies").fill(term);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get("search")).toBe(term.trim());
}

test("a pharmacy is added with the form's defaults, found, edited and deleted after the confirmation", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto("/admin/pharmacies");
  await expect(page.getByRole("heading", { name: "Pharmacies", level: 1 })).toBeVisible();
  const showing = page.getByText(/^Showing \d+ of \d+ pharmacies$/);
  await expect(showing).toBeVisible();
  const before = Number(/of (\d+)/.exec((await showing.textContent()) ?? "")?.[1]);
  expect(before).toBeGreaterThan(5);
  // A page holds 20 (decision 037): "Showing" counts this page's rows of every pharmacy.
  const onFirstPage = (count: number) => Math.min(count, 20);
  await expect(showing).toHaveText(`Showing ${onFirstPage(before)} of ${before} pharmacies`);

  await page.getByRole("link", { name: "Add Pharmacy" }).click();
  await expect(page).toHaveURL(/\/admin\/pharmacies\/new$/);
  await expect(page.getByRole("heading", { name: "Add Pharmacy", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to pharmacies" })).toBeVisible();
  for (const group of ["Basic information", "Delivery information", "Settings"]) {
    await expect(page.getByRole("heading", { name: group, level: 2 })).toBeVisible();
  }
  // Back-office §3: rating 4, fee £2.95, standard delivery, prescription required, active.
  await expect(page.getByLabel("Rating")).toHaveValue("4");
  await expect(page.getByLabel("Delivery fee")).toHaveValue("2.95");
  await expect(page.getByLabel("Free-delivery threshold")).toHaveValue("0.00");
  await expect(page.getByLabel("Minimum order value")).toHaveValue("0.00");
  const options = page.getByRole("group", { name: "Delivery options" });
  await expect(options.getByLabel("Standard")).toBeChecked();
  await expect(options.getByLabel("Express")).not.toBeChecked();
  await expect(page.getByLabel("Prescription required")).toBeChecked();
  await expect(page.getByLabel("Active", { exact: true })).toBeChecked();
  await expect(page.getByLabel("GPhC registration number")).toHaveAccessibleDescription(/7-digit/);
  // Optional to save, but an empty one says the pharmacy will not be listed (decision 034).
  await expect(page.getByLabel("GPhC registration number")).toHaveAccessibleDescription(
    /Not listed: add its GPhC registration/,
  );

  // Nothing filled: each required field says so beside it, and focus goes to the first.
  await page.getByRole("button", { name: "Create Pharmacy" }).click();
  const name = page.getByRole("textbox", { name: "Name", exact: true });
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toBeFocused();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expect(page.getByLabel("Website")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("GPhC registration number")).not.toHaveAttribute("aria-invalid", "true");

  await name.fill(NEW_PHARMACY.name);
  await page.getByLabel("Website").fill("https://www.e2e-journey.example");
  await page.getByLabel("GPhC registration number").fill(NEW_PHARMACY.gphcNumber);
  // A blank rating falls back to 0 (back-office §5), which the list shows as N/A.
  await page.getByLabel("Rating").fill("");
  await options.getByLabel("Express").check();
  await page.getByLabel("Delivery time").fill("2-3 days");
  await page.getByLabel("Prescription required").uncheck();
  await page.getByRole("button", { name: "Create Pharmacy" }).click();

  await expect(page).toHaveURL(/\/admin\/pharmacies$/);
  await expect(page.getByRole("status").filter({ hasText: "Pharmacy created successfully!" })).toBeVisible();
  await expect(showing).toHaveText(`Showing ${onFirstPage(before + 1)} of ${before + 1} pharmacies`);

  // The search matches the name or the id, whatever the case.
  await search(page, "e2e JOURNEY");
  await expect(showing).toHaveText(`Showing 1 of ${before + 1} pharmacies`);
  await search(page, NEW_PHARMACY.id);
  await expect(showing).toHaveText(`Showing 1 of ${before + 1} pharmacies`);
  const created = row(page, NEW_PHARMACY.name);
  await expect(created).toContainText(NEW_PHARMACY.id);
  await expect(created.getByRole("link", { name: /^e2e-journey\.example/ })).toHaveAttribute(
    "href",
    // Stored as the address parser reads it (issue 42: what is stored is where a visitor goes).
    "https://www.e2e-journey.example/",
  );
  await expect(created).toContainText("N/A");
  await expect(created).toContainText("Standard, Express");
  await expect(created).toContainText("2-3 days");
  await expect(created).toContainText("Fee £2.95");
  await expect(created).toContainText("Not Required");
  await expect(created.getByRole("switch", { name: `Active: ${NEW_PHARMACY.name}` })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await search(page, "no such pharmacy");
  await expect(showing).toHaveText(`Showing 0 of ${before + 1} pharmacies`);
  await expect(page.getByText("No pharmacies match “no such pharmacy”.")).toBeVisible();

  // Edit: the form starts from the pharmacy; a taken GPhC number is refused beside its field.
  await search(page, NEW_PHARMACY.name);
  await created.getByRole("link", { name: `Edit ${NEW_PHARMACY.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/pharmacies/edit/${NEW_PHARMACY.id}$`));
  await expect(page.getByRole("heading", { name: "Edit Pharmacy", level: 1 })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Name", exact: true })).toHaveValue(NEW_PHARMACY.name);
  await expect(page.getByLabel("Rating")).toHaveValue("0");
  await expect(page.getByLabel("Prescription required")).not.toBeChecked();
  const gphc = page.getByLabel("GPhC registration number");
  await gphc.fill("1904721");
  await page.getByLabel("Delivery fee").fill("3.5");
  await page.getByLabel("Free-delivery threshold").fill("25");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(gphc).toHaveAttribute("aria-invalid", "true");
  await expect(gphc).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`/admin/pharmacies/edit/${NEW_PHARMACY.id}$`));
  await gphc.fill(NEW_PHARMACY.gphcNumber);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/admin\/pharmacies$/);
  await expect(page.getByRole("status").filter({ hasText: "Pharmacy updated successfully!" })).toBeVisible();
  await search(page, NEW_PHARMACY.name);
  await expect(created).toContainText("Fee £3.50 · Free over £25.00");

  // Delete asks first, naming the pharmacy and what goes with it; Cancel keeps it.
  await created.getByRole("button", { name: `Delete ${NEW_PHARMACY.name}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete pharmacy" });
  await expect(confirm).toContainText(
    `Are you sure you want to delete ${NEW_PHARMACY.name}? This action cannot be undone.`,
  );
  await expect(confirm).toContainText("It has no prices.");
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  await expect(created.getByRole("button", { name: `Delete ${NEW_PHARMACY.name}` })).toBeFocused();
  await created.getByRole("button", { name: `Delete ${NEW_PHARMACY.name}` }).click();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: `${NEW_PHARMACY.name} deleted` })).toBeVisible();
  await expect(created).toHaveCount(0);
  await expect(showing).toHaveText(`Showing 0 of ${before} pharmacies`);
});

test("an unknown pharmacy's form says it could not be loaded", async ({ page }) => {
  await page.goto("/admin/pharmacies/edit/no-such-pharmacy");
  await expect(page.getByRole("alert").filter({ hasText: "Failed to load pharmacy data" })).toBeVisible();
  await page.getByRole("link", { name: "Back to pharmacies" }).click();
  await expect(page).toHaveURL(/\/admin\/pharmacies$/);
});

test("a pharmacy switched off leaves the public price tables, and comes back when switched on", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const offer = await publicOffer(request);
  const publicRow = () => comparisonRow(page, offer.pharmacyName);

  await page.goto(offer.url);
  await expect(publicRow()).toHaveCount(1);

  await page.goto("/admin/pharmacies");
  await search(page, offer.pharmacyName);
  const toggle = row(page, offer.pharmacyName).getByRole("switch", { name: `Active: ${offer.pharmacyName}` });
  await expect(toggle).toHaveAttribute("aria-checked", "true");
  switchedOff = offer.pharmacyId;
  await toggle.click();
  await expect(
    page.getByRole("status").filter({ hasText: `${offer.pharmacyName} is now inactive` }),
  ).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect(row(page, offer.pharmacyName)).toContainText("Inactive");

  await page.goto(offer.url);
  await expect(page.getByRole("table")).toBeVisible();
  await expect(publicRow()).toHaveCount(0);

  await page.goto("/admin/pharmacies");
  await search(page, offer.pharmacyName);
  await toggle.click();
  await expect(
    page.getByRole("status").filter({ hasText: `${offer.pharmacyName} is now active` }),
  ).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-checked", "true");

  await page.goto(offer.url);
  await expect(publicRow()).toHaveCount(1);
});

test("the categories screen shows each category and subcategory with its state", async ({
  page,
  request,
}) => {
  const headers = await adminHeaders(request);
  const categoryUrl = `${API_URL}${endpointUrl(adminEndpoints.updateCategory, { params: { id: "general-health" } })}`;
  const subcategoryUrl = `${API_URL}${endpointUrl(adminEndpoints.updateSubcategory, {
    params: { id: "skin-treatment", subId: "impetigo" },
  })}`;
  // One inactive category and one inactive subcategory, switched back on whatever happens.
  expect((await request.put(categoryUrl, { headers, data: { active: false } })).ok()).toBe(true);
  expect((await request.put(subcategoryUrl, { headers, data: { active: false } })).ok()).toBe(true);
  try {
    await page.goto("/admin/categories");
    await expect(page.getByRole("heading", { name: "Categories", level: 1 })).toBeVisible();

    const mens = page.getByRole("article", { name: "Men's Health", exact: true });
    await expect(mens).toContainText("mens-health");
    await expect(mens.getByText("Active", { exact: true })).toBeVisible();
    const mensSubcategories = mens.getByRole("list", { name: "Subcategories of Men's Health" });
    await expect(
      mensSubcategories.getByRole("listitem").filter({ hasText: "Erectile Dysfunction" }),
    ).toContainText("erectile-dysfunction");
    await expect(
      mensSubcategories
        .getByRole("listitem")
        .filter({ hasText: "Erectile Dysfunction" })
        .getByRole("img", { name: "Active" }),
    ).toBeVisible();

    const general = page.getByRole("article", { name: "General Health" });
    await expect(general.getByText("Inactive", { exact: true })).toBeVisible();
    const impetigo = page
      .getByRole("article", { name: "Skin Treatment" })
      .getByRole("listitem")
      .filter({ hasText: "Impetigo" });
    await expect(impetigo.getByRole("img", { name: "Inactive" })).toBeVisible();
    // Read-only: nothing here changes the tree.
    await expect(page.getByRole("main").getByRole("button")).toHaveCount(0);
  } finally {
    await request.put(categoryUrl, { headers, data: { active: true } });
    await request.put(subcategoryUrl, { headers, data: { active: true } });
  }
});
