import {
  type AdminCategory,
  type AdminMedication,
  type AdminPharmacy,
  adminEndpoints,
  type EndpointDefinition,
  endpointUrl,
  formatCount,
  type MedicationInput,
} from "@pharmacompare/contract";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { adminToken } from "./support/admin-api.ts";
import { openBackOffice, signedInForThisSpec, submitSignIn } from "./support/admin-session.ts";
import { keepPicture } from "./support/page-checks.ts";
import { API_URL, consentGiven, stack } from "./support/stack.ts";

/**
 * The Medication list and form (back-office §2, §4, §5, §8). The journeys share the e2e database
 * with every other spec: what they create is named "E2E …" and deleted again, through the API when
 * a journey stops half-way.
 */
signedInForThisSpec();
const PREFIX = "E2E ";
const CATEGORY = "skin-treatment";
const SUBCATEGORY = "acne";
const NEW_SUBCATEGORY = { name: "E2E Test Condition", id: "e2e-test-condition" } as const;

// ---------------------------------------------------------------------------------------------
// The API, for set-up, checks and clean-up.

async function callApi<T>(
  request: APIRequestContext,
  endpoint: EndpointDefinition,
  input: { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown } = {},
): Promise<T> {
  const token = await adminToken(request);
  const answer = await request.fetch(`${API_URL}${endpointUrl(endpoint, input)}`, {
    method: endpoint.method,
    headers: { authorization: `Bearer ${token}` },
    data: input.body,
  });
  expect(answer.ok(), `${endpoint.method} ${endpoint.path}: ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
}

async function allMedications(request: APIRequestContext): Promise<AdminMedication[]> {
  const { medications } = await callApi<{ medications: AdminMedication[] }>(
    request,
    adminEndpoints.listAdminMedications,
    { query: { limit: 1000 } },
  );
  return medications;
}

async function activePharmacies(request: APIRequestContext): Promise<AdminPharmacy[]> {
  const { pharmacies } = await callApi<{ pharmacies: AdminPharmacy[] }>(
    request,
    adminEndpoints.listAdminPharmacies,
  );
  return pharmacies.filter((pharmacy) => pharmacy.active);
}

async function createMedication(request: APIRequestContext, body: MedicationInput): Promise<string> {
  const { id } = await callApi<{ id: string }>(request, adminEndpoints.createMedication, { body });
  return id;
}

/** Deletes every medication this spec made, then its subcategory. */
async function cleanUp(request: APIRequestContext) {
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  for (const medication of await allMedications(request)) {
    if (medication.name.startsWith(PREFIX)) {
      await request.delete(
        `${API_URL}${endpointUrl(adminEndpoints.deleteMedication, { params: { id: medication.id } })}`,
        { headers },
      );
    }
  }
  const { categories } = await callApi<{ categories: AdminCategory[] }>(
    request,
    adminEndpoints.listAdminCategories,
  );
  for (const category of categories) {
    for (const subcategory of category.subcategories) {
      if (subcategory.name.startsWith(PREFIX)) {
        await request.delete(
          `${API_URL}${endpointUrl(adminEndpoints.deleteSubcategory, {
            params: { id: category.id, subId: subcategory.id },
          })}`,
          { headers },
        );
      }
    }
  }
}

test.beforeAll(async ({ request }) => cleanUp(request));
test.afterAll(async ({ request }) => cleanUp(request));

// ---------------------------------------------------------------------------------------------
// The screens.

async function openList(page: Page) {
  await page.goto("/admin/medications");
  await expect(page.getByRole("heading", { name: "Medications", level: 1 })).toBeVisible();
  await expect(showing(page)).toHaveText(/^Showing [\d,]+ of [\d,]+ medications$/);
}

/** The filters go to the API with the page's address (decision 037): set, then applied. */
async function filterList(page: Page, filters: { search?: string; category?: string }) {
  if (filters.search !== undefined) await page.getByLabel("Search").fill(filters.search);
  if (filters.category !== undefined) await page.getByLabel("Category").selectOption(filters.category);
  await page.getByRole("button", { name: "Apply filters" }).click();
  const search = filters.search?.trim();
  if (search !== undefined) {
    await expect.poll(() => new URL(page.url()).searchParams.get("search") ?? "").toBe(search);
  }
}

/** A page of the list holds 20 (decision 037): "Showing" counts this page's rows. */
const onFirstPage = (count: number) => formatCount(Math.min(count, 20));

async function openNewForm(page: Page) {
  await page.goto("/admin/medications/new");
  await expect(page.getByRole("heading", { name: "Add Medication", level: 1 })).toBeVisible();
}

const showing = (page: Page) => page.getByRole("status").filter({ hasText: /^Showing / });
const field = (scope: Page | Locator, label: string) => scope.getByLabel(label, { exact: true });

/** The list's row (a table row from 768 px) of one medication, found by its id. */
function listRow(page: Page, id: string): Locator {
  return page
    .getByRole("region", { name: "Medications", exact: true })
    .getByRole("row")
    .filter({ hasText: id });
}

/** The public comparison table's rows, in the order shown, as pharmacy name and Best marker. */
async function publicRows(page: Page) {
  const rows = page.getByRole("table").locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  const result: { pharmacy: string; best: boolean; text: string }[] = [];
  for (const row of await rows.all()) {
    result.push({
      pharmacy: (await row.getByRole("cell").first().locator("p").first().innerText()).trim(),
      best: (await row.getByText("Best", { exact: true }).count()) > 0,
      text: await row.innerText(),
    });
  }
  return result;
}

function publicPage(name: string, dosage: string) {
  return `/condition/${SUBCATEGORY}?${new URLSearchParams({ medication: name, dosage })}`;
}

// ---------------------------------------------------------------------------------------------

test("an anonymous visit of the medication list ends at the sign-in screen, and comes back after", async ({
  browser,
}) => {
  // A browser without the spec's session.
  const context = await browser.newContext({ baseURL: stack.webOrigin, storageState: consentGiven });
  const page = await context.newPage();
  await page.goto("/admin/medications");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fmedications$/);
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await submitSignIn(page);
  await expect(page).toHaveURL(/\/admin\/medications$/);
  await expect(page.getByRole("heading", { name: "Medications", level: 1 })).toBeVisible();
  await context.close();
});

test("a medication made with grid prices shows on its condition page with the right Best; edit and delete follow", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const [alpha, beta, gamma] = await activePharmacies(request);
  if (!alpha || !beta || !gamma) throw new Error("the demo data has fewer than three active pharmacies");
  // On the pharmacy's own site: a link to another one is refused in the grid (issue 42, decision 029).
  const betaLink = new URL("/e2e-grid-cream", beta.website).href;
  const name = `${PREFIX}Grid Cream`;

  await page.goto("/admin/medications");
  await page.getByRole("link", { name: "Add Medication" }).click();
  await expect(page).toHaveURL(/\/admin\/medications\/new$/);
  await expect(page.getByRole("heading", { name: "Add Medication", level: 1 })).toBeVisible();

  // The subcategory waits for a category.
  await expect(field(page, "Subcategory")).toBeDisabled();
  await field(page, "Name").fill(name);
  await field(page, "Generic name").fill("Adapalene");
  await field(page, "Category").selectOption(CATEGORY);
  await expect(field(page, "Subcategory")).toBeEnabled();
  await field(page, "Subcategory").selectOption(SUBCATEGORY);
  await field(page, "Form").selectOption("Gel");
  // A new medication is prescription-only until staff say otherwise (decision 035).
  await expect(field(page, "Legal category")).toHaveValue("POM");
  await field(page, "Legal category").selectOption("P");
  await field(page, "Description").fill("Made by the medication journey.");

  // Dosages: an empty row in the middle is dropped on save; each dosage is a grid column.
  await field(page, "Dosage 1").fill("15g");
  await page.getByRole("button", { name: "Add dosage" }).click();
  await expect(field(page, "Dosage 2")).toBeFocused();
  await page.getByRole("button", { name: "Add dosage" }).click();
  await field(page, "Dosage 3").fill("30g");
  const grid = page.getByRole("region", { name: "Price grid" });
  await expect(grid.getByRole("columnheader")).toHaveText(["Pharmacy", "15g", "30g", "Link"]);

  // The API's refusal of one cell is shown beside it; nothing is saved.
  await field(grid, `${alpha.name} 15g price`).fill("12.505");
  await page.getByRole("button", { name: "Create Medication" }).click();
  const refused = field(grid, `${alpha.name} 15g price`);
  await expect(refused).toHaveAttribute("aria-invalid", "true");
  await expect(refused).toBeFocused();
  await expect(grid.getByText(/with at most 2 decimals/)).toBeVisible();
  expect((await allMedications(request)).some((medication) => medication.name === name)).toBe(false);

  await field(grid, `${alpha.name} 15g price`).fill("12.50");
  await expect(refused).not.toHaveAttribute("aria-invalid", "true");
  await field(grid, `${alpha.name} 30g price`).fill("21.00");
  await field(grid, `${beta.name} 15g price`).fill("9.99");
  await field(grid, `${gamma.name} 15g price`).fill("11");
  // 0 is not a price: that cell is left out.
  await field(grid, `${gamma.name} 30g price`).fill("0");
  await expect(grid.getByText("Not a price above £0: it will not be saved.")).toBeVisible();
  await field(grid, `${beta.name} link`).fill(betaLink);

  await page.getByRole("button", { name: "Create Medication" }).click();
  await expect(page.getByText("Medication created successfully!", { exact: true })).toBeVisible();
  // Back to the list 2 seconds later.
  await expect(page).toHaveURL(/\/admin\/medications$/, { timeout: 5_000 });

  const created = (await allMedications(request)).find((medication) => medication.name === name);
  expect(created).toMatchObject({
    category: CATEGORY,
    subcategory: SUBCATEGORY,
    form: "Gel",
    legalCategory: "P",
    genericName: "Adapalene",
    dosage: ["15g", "30g"],
    active: true,
    priceCount: 4,
  });
  const id = created?.id ?? "";

  // The list finds it by name or id, whatever the case.
  await filterList(page, { search: "e2e GRID" });
  await expect(showing(page)).toHaveText(/^Showing 1 of [\d,]+ medications$/);
  const row = listRow(page, id);
  await expect(row).toContainText(name);
  await expect(row).toContainText("Gel");
  await expect(row.getByRole("switch")).toHaveAttribute("aria-checked", "true");

  // The public page: cheapest first and marked Best; the 0 cell was not saved.
  await page.goto(publicPage(name, "15g"));
  await expect(page.getByRole("heading", { name: `${name} 15g prices` })).toBeVisible();
  let rows = await publicRows(page);
  expect(rows.map((entry) => entry.pharmacy)).toEqual([beta.name, gamma.name, alpha.name]);
  expect(rows.map((entry) => entry.best)).toEqual([true, false, false]);
  expect(rows[0]?.text).toContain("£9.99");
  // A pharmacy medicine: no prescription-only sentence on its page or in its rows.
  await expect(page.getByText(/Prescription-only medicine: a prescriber/)).toHaveCount(0);
  await page.goto(publicPage(name, "30g"));
  rows = await publicRows(page);
  expect(rows.map((entry) => entry.pharmacy)).toEqual([alpha.name]);

  // Edit: the grid starts from the saved prices; a cheaper price moves Best.
  await page.goto("/admin/medications");
  await filterList(page, { search: id });
  await listRow(page, id)
    .getByRole("link", { name: `Edit ${name}` })
    .click();
  await expect(page.getByRole("heading", { name: "Edit Medication", level: 1 })).toBeVisible();
  await expect(field(page, "Subcategory")).toHaveValue(SUBCATEGORY);
  await expect(field(grid, `${beta.name} 15g price`)).toHaveValue("9.99");
  await expect(field(grid, `${gamma.name} 15g price`)).toHaveValue("11.00");
  await expect(field(grid, `${gamma.name} 30g price`)).toHaveValue("");
  await expect(field(grid, `${beta.name} link`)).toHaveValue(betaLink);
  await field(grid, `${alpha.name} 15g price`).fill("8.75");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Medication updated successfully!", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/medications$/, { timeout: 5_000 });

  await page.goto(publicPage(name, "15g"));
  rows = await publicRows(page);
  expect(rows.map((entry) => entry.pharmacy)).toEqual([alpha.name, beta.name, gamma.name]);
  expect(rows.map((entry) => entry.best)).toEqual([true, false, false]);
  expect(rows[0]?.text).toContain("£8.75");

  // Delete asks first and says how many prices go with it.
  await page.goto("/admin/medications");
  await filterList(page, { search: id });
  await listRow(page, id)
    .getByRole("button", { name: `Delete ${name}` })
    .click();
  const confirm = page.getByRole("alertdialog", { name: "Delete medication" });
  await expect(confirm).toContainText("Are you sure you want to delete this medication?");
  await expect(confirm).toContainText("Its 4 prices will be deleted with it.");
  await keepPicture(page, "delete-confirmation.png");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(listRow(page, id)).toHaveCount(1);
  await listRow(page, id)
    .getByRole("button", { name: `Delete ${name}` })
    .click();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(
    page.getByRole("status").filter({ hasText: "Medication deleted, with 4 prices" }),
  ).toBeVisible();
  await expect(showing(page)).toHaveText(/^Showing 0 of [\d,]+ medications$/);
  expect((await allMedications(request)).some((medication) => medication.id === id)).toBe(false);
});

test("a subcategory added from the form is selected, and a medication is saved in it", async ({
  page,
  request,
}) => {
  const name = `${PREFIX}New Condition Tablets`;
  await openNewForm(page);
  await field(page, "Name").fill(name);
  await field(page, "Category").selectOption(CATEGORY);
  await field(page, "Subcategory").selectOption(SUBCATEGORY);

  // Changing the category clears the subcategory (back-office §4).
  await field(page, "Category").selectOption("general-health");
  await expect(field(page, "Subcategory")).toHaveValue("");
  await field(page, "Category").selectOption(CATEGORY);

  await page.getByRole("button", { name: "New subcategory" }).click();
  const nameField = field(page, "New subcategory in Skin Treatment");
  await expect(nameField).toBeFocused();
  await page.getByRole("button", { name: "Add subcategory" }).click();
  await expect(page.getByText("Please enter a subcategory name", { exact: true })).toBeVisible();
  await keepPicture(page, "new-subcategory.png");
  await expect(nameField).toHaveAttribute("aria-invalid", "true");

  await nameField.fill(NEW_SUBCATEGORY.name);
  // Enter adds the subcategory; it does not save the medication.
  await nameField.press("Enter");
  await expect(field(page, "Subcategory")).toHaveValue(NEW_SUBCATEGORY.id);
  await expect(field(page, "Subcategory")).toBeFocused();
  await expect(
    page.getByRole("status").filter({ hasText: `Subcategory “${NEW_SUBCATEGORY.name}” added` }),
  ).toBeVisible();
  await expect(page.getByText("Medication created successfully!")).toHaveCount(0);

  // A taken name is refused with the server's message.
  await page.getByRole("button", { name: "New subcategory" }).click();
  await field(page, "New subcategory in Skin Treatment").fill(NEW_SUBCATEGORY.name);
  await page.getByRole("button", { name: "Add subcategory" }).click();
  await expect(field(page, "New subcategory in Skin Treatment")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("[id$='-error']").filter({ hasText: NEW_SUBCATEGORY.id })).toBeVisible();
  await page.getByRole("button", { name: "Cancel", exact: true }).first().click();

  await field(page, "Dosage 1").fill("10mg");
  await page.getByRole("button", { name: "Create Medication" }).click();
  await expect(page.getByText("Medication created successfully!", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/medications$/, { timeout: 5_000 });
  const created = (await allMedications(request)).find((medication) => medication.name === name);
  expect(created).toMatchObject({
    category: CATEGORY,
    subcategory: NEW_SUBCATEGORY.id,
    dosage: ["10mg"],
    priceCount: 0,
  });
});

test("a switch pressed on a searched list shows what it saved, even when the reload is slow", async ({
  page,
  request,
}) => {
  const name = `${PREFIX}Quick Switch Gel`;
  const id = await createMedication(request, {
    name,
    category: CATEGORY,
    subcategory: SUBCATEGORY,
    form: "Gel",
    dosage: ["1%"],
  });
  await openList(page);
  // The list's reload after the switch is slow: the row must still end up as the API saved it.
  await page.route(`${API_URL}${endpointUrl(adminEndpoints.listAdminMedications)}*`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 900));
    await route.continue();
  });
  await filterList(page, { search: id });
  await listRow(page, id)
    .getByRole("switch", { name: `${name}: Active` })
    .click();
  await expect(page.getByRole("status").filter({ hasText: "Medication deactivated" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`\\?search=${id}$`));
  await expect(listRow(page, id).getByRole("switch")).toHaveAccessibleName(`${name}: Inactive`, {
    timeout: 10_000,
  });
  expect((await allMedications(request)).find((medication) => medication.id === id)?.active).toBe(false);
});

test("the list: search and category filter with their count, the switch, and the form's required fields", async ({
  page,
  request,
}) => {
  const toggled = `${PREFIX}Switch Capsules`;
  const id = await createMedication(request, {
    name: toggled,
    category: CATEGORY,
    subcategory: SUBCATEGORY,
    form: "Capsules",
    dosage: ["1mg", "2mg", "3mg", "4mg", "5mg"],
  });
  const medications = await allMedications(request);
  const total = formatCount(medications.length);
  const count = (keep: (medication: AdminMedication) => boolean) =>
    onFirstPage(medications.filter(keep).length);

  await openList(page);
  await expect(showing(page)).toHaveText(
    `Showing ${onFirstPage(medications.length)} of ${total} medications`,
  );

  // Search: a case-insensitive substring of the name or the id; the address keeps it.
  await filterList(page, { search: "SILDEN" });
  const sildenafil = count((medication) =>
    `${medication.name}\n${medication.id}`.toLowerCase().includes("silden"),
  );
  await expect(showing(page)).toHaveText(`Showing ${sildenafil} of ${total} medications`);
  await expect(page).toHaveURL(/\?search=SILDEN$/);
  await page.reload();
  await expect(page.getByLabel("Search")).toHaveValue("SILDEN");
  await expect(showing(page)).toHaveText(`Showing ${sildenafil} of ${total} medications`);

  // Category: exact, with the search.
  await filterList(page, { search: "", category: "weight-loss" });
  const weightLoss = count((medication) => medication.category === "weight-loss");
  await expect(showing(page)).toHaveText(`Showing ${weightLoss} of ${total} medications`);
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(showing(page)).toHaveText(
    `Showing ${onFirstPage(medications.length)} of ${total} medications`,
  );
  await filterList(page, { search: "no medication is called this" });
  await expect(showing(page)).toHaveText(`Showing 0 of ${total} medications`);
  await expect(page.getByText("No medications match these filters.")).toBeVisible();

  // The row: name and id, category and subcategory names, form, 3 dosages then "+2 more".
  await filterList(page, { search: id });
  const row = listRow(page, id);
  await expect(row).toContainText(toggled);
  await expect(row).toContainText("Skin Treatment");
  await expect(row).toContainText("Acne");
  await expect(row).toContainText("Capsules");
  await expect(row.getByRole("listitem")).toHaveText(["1mg", "2mg", "3mg", "+2 more"]);

  // The switch sends the opposite value and the list reloads.
  const toggle = row.getByRole("switch", { name: `${toggled}: Active` });
  await toggle.click();
  await expect(page.getByRole("status").filter({ hasText: "Medication deactivated" })).toBeVisible();
  await expect(row.getByRole("switch")).toHaveAttribute("aria-checked", "false");
  await expect(row.getByRole("switch")).toHaveAccessibleName(`${toggled}: Inactive`);
  expect((await allMedications(request)).find((medication) => medication.id === id)?.active).toBe(false);
  await row.getByRole("switch").click();
  await expect(row.getByRole("switch")).toHaveAttribute("aria-checked", "true");
  expect((await allMedications(request)).find((medication) => medication.id === id)?.active).toBe(true);

  // The form refuses to save without a name, a category and a subcategory.
  await page.getByRole("link", { name: "Add Medication" }).click();
  await expect(page.getByRole("heading", { name: "Add Medication", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Create Medication" }).click();
  await expect(page.getByText("Please fill all required fields", { exact: true })).toBeVisible();
  await expect(field(page, "Name")).toBeFocused();
  await expect(field(page, "Name")).toHaveAttribute("aria-invalid", "true");
  await expect(field(page, "Category")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Name is required")).toBeVisible();
  // Cancel goes back to the list; nothing was made.
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/admin\/medications$/);
  expect((await allMedications(request)).length).toBe(medications.length);
});

test("an unknown medication's form says it could not be loaded", async ({ page }) => {
  await page.goto("/admin/medications/edit/no-such-medication");
  await expect(page.getByRole("heading", { name: "Edit Medication", level: 1 })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText(/not found|Failed to load medication data/i);
  await expect(page.getByRole("link", { name: "Back to the medication list" })).toBeVisible();
});

test("with 1,000 medications the list shows a page of 20 and the pager walks the rest", async ({ page }) => {
  const many: AdminMedication[] = Array.from({ length: 1000 }, (_, index) => {
    const id = `bulk-medication-${String(index).padStart(4, "0")}`;
    return {
      id,
      _id: id,
      name: `Bulk Medication ${String(index).padStart(4, "0")}`,
      category: index % 2 ? "weight-loss" : "mens-health",
      subcategory: index % 2 ? "weight-loss-medications" : "erectile-dysfunction",
      form: "Tablets",
      legalCategory: "POM",
      description: "",
      dosage: ["10mg", "20mg", "40mg", "80mg"],
      active: index % 3 !== 0,
      priceCount: 10,
      nhsAvailability: null,
      nhsNote: "",
      nhsUrl: "",
      nhsItemCharge: true,
      nhsCheckedOn: null,
    };
  });
  await openBackOffice(page);
  // The API's answer for the asked page, search and category, as the list convention pages it.
  await page.route(`${API_URL}${endpointUrl(adminEndpoints.listAdminMedications)}*`, (route) => {
    const query = new URL(route.request().url()).searchParams;
    const search = (query.get("search") ?? "").toLowerCase();
    const category = query.get("category") ?? "";
    const limit = Number(query.get("limit") ?? 1000);
    const pageNumber = Number(query.get("page") ?? 1);
    const found = many.filter(
      (medication) =>
        `${medication.name}\n${medication.id}`.toLowerCase().includes(search) &&
        (!category || medication.category === category),
    );
    const medications = found.slice((pageNumber - 1) * limit, pageNumber * limit);
    const totalPages = Math.max(1, Math.ceil(found.length / limit));
    return route.fulfill({ json: { medications, page: pageNumber, limit, total: found.length, totalPages } });
  });
  await openList(page);
  await expect(showing(page)).toHaveText("Showing 20 of 1,000 medications");
  const table = page.getByRole("region", { name: "Medications", exact: true });
  await expect(table.locator("tbody tr")).toHaveCount(20);
  const pager = page.getByRole("navigation", { name: "Medication pages" });
  await expect(pager).toContainText("Page 1 of 50");
  await pager.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(pager).toContainText("Page 2 of 50");
  await expect(table.locator("tbody tr").first()).toContainText("Bulk Medication 0020");
  // The search and category go to the API; the address keeps them, and the page starts again.
  await filterList(page, { search: "medication 099", category: "weight-loss" });
  await expect(showing(page)).toHaveText("Showing 5 of 1,000 medications");
  await expect(table.locator("tbody tr")).toHaveCount(5);
  await expect(table.locator("tbody tr").first()).toContainText("Bulk Medication 0991");
  await page.goBack();
  await expect(pager).toContainText("Page 2 of 50");
});

test("the error texts of back-office §8 on the list and the form", async ({ page, request }) => {
  const name = `${PREFIX}Refused Lotion`;
  const id = await createMedication(request, { name, category: CATEGORY, subcategory: SUBCATEGORY });
  const failing = (endpoint: EndpointDefinition, params: Record<string, string> = {}) =>
    `${API_URL}${endpointUrl(endpoint, { params })}`;
  await openBackOffice(page);

  // The list cannot be read: said, with a way to try again. (A bare 500, the API failing without a
  // sentence of its own: a gateway's bare 502-504 says the API cannot be reached instead.)
  await page.route(`${failing(adminEndpoints.listAdminMedications)}*`, (route) =>
    route.fulfill({ status: 500, body: "" }),
  );
  await page.goto("/admin/medications");
  await expect(page.getByRole("alert")).toHaveText("Failed to load medications");
  await page.unroute(`${failing(adminEndpoints.listAdminMedications)}*`);
  await page.getByRole("button", { name: "Try again" }).click();
  await expect(showing(page)).toHaveText(/^Showing [\d,]+ of [\d,]+ medications$/);

  // The switch and delete fail with the specification's texts when the API gives none.
  await filterList(page, { search: id });
  const medicationUrl = failing(adminEndpoints.updateMedication, { id });
  await page.route(medicationUrl, (route) => route.fulfill({ status: 500, body: "" }));
  await listRow(page, id).getByRole("switch").click();
  await expect(page.getByRole("alert")).toHaveText("Failed to update medication status");
  await expect(listRow(page, id).getByRole("switch")).toHaveAttribute("aria-checked", "true");
  await listRow(page, id)
    .getByRole("button", { name: `Delete ${name}` })
    .click();
  const confirm = page.getByRole("alertdialog", { name: "Delete medication" });
  await expect(confirm).toContainText("It has no prices.");
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(confirm.getByRole("alert")).toHaveText("Failed to delete medication");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await page.unroute(medicationUrl);

  // The add form cannot read its pharmacies; the edit form cannot read the medication.
  await page.route(failing(adminEndpoints.listAdminPharmacies), (route) =>
    route.fulfill({ status: 500, body: "" }),
  );
  await openNewForm(page);
  await expect(page.getByRole("alert")).toHaveText("Failed to load data");
  await page.route(failing(adminEndpoints.getAdminMedication, { id }), (route) =>
    route.fulfill({ status: 500, body: "" }),
  );
  await page.goto(`/admin/medications/edit/${id}`);
  await expect(page.getByRole("alert")).toHaveText("Failed to load medication data");
  await page.unroute(failing(adminEndpoints.getAdminMedication, { id }));

  // A save the API refuses without a reason.
  await page.route(medicationUrl, (route) =>
    route.request().method() === "PUT" ? route.fulfill({ status: 500, body: "" }) : route.fallback(),
  );
  await page.goto(`/admin/medications/edit/${id}`);
  await expect(field(page, "Name")).toHaveValue(name);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("alert")).toHaveText("Failed to update medication");
  await expect(page.getByRole("alert")).toBeFocused();
});

test("the list and the form fit a 375 px and a 1280 px screen; on a phone the price grid scrolls inside its region", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await openBackOffice(page);
  const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await openList(page);
  expect(await sideways()).toBeLessThanOrEqual(0);

  await openNewForm(page);
  await field(page, "Dosage 1").fill("25mg");
  for (const dosage of ["50mg", "100mg", "200mg"]) {
    await page.getByRole("button", { name: "Add dosage" }).click();
    await page.keyboard.type(dosage);
  }
  const grid = page.getByRole("region", { name: "Price grid" });
  await grid.evaluate((element) => element.scrollIntoView({ block: "start" }));
  expect(await sideways()).toBeLessThanOrEqual(0);
  // The page does not scroll sideways; the grid does, inside its own region.
  expect(await grid.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeGreaterThan(0);
  await keepPicture(page, "medication-grid-375.png");

  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await sideways()).toBeLessThanOrEqual(0);
  await openList(page);
  expect(await sideways()).toBeLessThanOrEqual(0);
});
