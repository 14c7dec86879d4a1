import { adminEndpoints, endpointUrl } from "@pharmacompare/contract";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { demoAdminMessages } from "../apps/api/src/demo-data/index.ts";
import { edgeCases } from "./fixtures/edge-cases.ts";
import { adminHeaders } from "./support/admin-api.ts";
import { signIn } from "./support/admin-session.ts";
import { expectNoAxeViolations, gotoHydrated, keepPicture } from "./support/page-checks.ts";
import { API_URL, fallbackOrigin } from "./support/stack.ts";

/** The second web server of playwright.config.ts: no API behind it. */
const fallbackNotice = "We can't reach our live price service right now";

const ed = "/condition/erectile-dysfunction";

function pounds(text: string): number {
  const match = /£([\d,]+\.\d{2})/.exec(text);
  if (!match?.[1]) throw new Error(`no price in "${text}"`);
  return Number(match[1].replace(/,/g, ""));
}

/**
 * The price table's rows as { pharmacy, price, best } in the order shown, read in one go once the
 * prices are no longer updating: read row by row, a table that re-rendered between two reads (a new
 * dosage's rows arriving) left a row index that no longer existed (CI run 14's flaky journey).
 */
async function tableRows(page: Page) {
  const table = page.getByRole("table");
  await expect(table).toBeVisible();
  await expect(page.locator('section[aria-busy="true"]')).toHaveCount(0);
  const rows = await table.locator("tbody tr").evaluateAll((trs) =>
    trs.map((tr) => {
      const cells = [...tr.querySelectorAll(":scope > td")] as HTMLElement[];
      const priceCell = cells[4];
      return {
        pharmacy: (cells[0]?.querySelector("p") as HTMLElement | null)?.innerText.trim() ?? "",
        priceText: priceCell?.innerText ?? "",
        // Exactly the badge: the other rows' "more than the best price" must not count.
        best: [...(priceCell?.querySelectorAll("*") ?? [])].some(
          (element) => element.textContent?.trim() === "Best",
        ),
      };
    }),
  );
  return rows.map(({ pharmacy, priceText, best }) => ({ pharmacy, price: pounds(priceText), best }));
}

async function expectBestIsCheapest(page: Page) {
  const rows = await tableRows(page);
  expect(rows.length).toBeGreaterThan(1);
  const cheapest = Math.min(...rows.map((row) => row.price));
  const best = rows.filter((row) => row.best);
  expect(best.length).toBeGreaterThan(0);
  for (const row of best) expect(row.price).toBe(cheapest);
  expect(rows[0]?.best).toBe(true);
  // Cheapest first, and every other row says how much more it costs.
  expect(rows.map((row) => row.price)).toEqual([...rows.map((row) => row.price)].sort((a, b) => a - b));
}

const medicationPicker = (page: Page): Locator => page.getByLabel("Medication", { exact: true });
const dosagePicker = (page: Page): Locator => page.getByLabel("Dosage", { exact: true });

test("changing medication and dosage updates the table, the Best marker and the URL, and survives a reload", async ({
  page,
}) => {
  await gotoHydrated(page, ed);
  await expect(page.getByRole("heading", { level: 1, name: "Erectile Dysfunction" })).toBeVisible();
  await expectBestIsCheapest(page);

  await medicationPicker(page).selectOption("Viagra");
  // A new medication starts at its first dosage.
  await expect(page).toHaveURL(/medication=Viagra&dosage=25mg\+x\+4\+tablets$/);
  await expect(dosagePicker(page)).toHaveValue("25mg x 4 tablets");
  await expect(page.getByRole("heading", { name: "Viagra 25mg x 4 tablets prices" })).toBeVisible();
  await expectBestIsCheapest(page);

  await dosagePicker(page).selectOption("100mg x 4 tablets");
  await expect(page).toHaveURL(/medication=Viagra&dosage=100mg\+x\+4\+tablets$/);
  await expect(page.getByRole("heading", { name: "Viagra 100mg x 4 tablets prices" })).toBeVisible();
  await expectBestIsCheapest(page);
  const before = await tableRows(page);

  await page.reload();
  await expect(medicationPicker(page)).toHaveValue("Viagra");
  await expect(dosagePicker(page)).toHaveValue("100mg x 4 tablets");
  expect(await tableRows(page)).toEqual(before);
});

test("a weight-loss injection with introductory prices shows both, sorts by the first 3 months, and the view switch changes the order and Best (decision 057)", async ({
  page,
}) => {
  await gotoHydrated(
    page,
    "/condition/weight-loss-medications?medication=Mounjaro&dosage=2.5mg+(1+pen,+4+doses)",
  );
  const views = page.getByRole("group", { name: "Compare" });
  await expect(views.getByRole("link", { name: "First 3 months" })).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("columnheader", { name: "Price, 3 months" })).toBeVisible();
  // Both prices, in words that make no offer of it (decision 040).
  const both = page.locator(".cmp-intro", { hasText: /£[\d.]+ first month, then £[\d.]+ a month$/ });
  await expect(both.first()).toBeVisible();
  expect(await both.count()).toBeGreaterThanOrEqual(2);
  await expect(page.getByText(/\b(offer|deal|save)\b/i)).toHaveCount(0);
  await expectBestIsCheapest(page);
  const threeMonths = await tableRows(page);

  await views.getByRole("link", { name: "Ongoing" }).click();
  await expect(page).toHaveURL(/view=ongoing/);
  await expect(views.getByRole("link", { name: "Ongoing" })).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("columnheader", { name: "Price", exact: true })).toBeVisible();
  await expectBestIsCheapest(page);
  const ongoing = await tableRows(page);
  // The same pharmacies, in another order: what the first three months cost is not the ongoing price.
  expect(ongoing.map((row) => row.pharmacy).sort()).toEqual(threeMonths.map((row) => row.pharmacy).sort());
  expect(ongoing.map((row) => row.pharmacy)).not.toEqual(threeMonths.map((row) => row.pharmacy));

  // The view is kept when the order changes, and survives a reload.
  await page.getByRole("link", { name: "Total with fees" }).click();
  await expect(page).toHaveURL(/sort=total/);
  await expect(page).toHaveURL(/view=ongoing/);
  await page.reload();
  await expect(views.getByRole("link", { name: "Ongoing" })).toHaveAttribute("aria-current", "true");

  // A comparison without any introductory price has no switch: the table as before.
  await gotoHydrated(
    page,
    "/condition/weight-loss-medications?medication=Mounjaro&dosage=5mg+(1+pen,+4+doses)&view=ongoing",
  );
  await expect(page.getByRole("group", { name: "Compare" })).toHaveCount(0);
  await expect(page.getByText(/first month, then/)).toHaveCount(0);
});

test("?medication=viagra preselects Viagra (not Viagra Connect) and its first dosage", async ({ page }) => {
  await page.goto(`${ed}?medication=viagra`);
  await expect(medicationPicker(page)).toHaveValue("Viagra");
  await expect(dosagePicker(page)).toHaveValue("25mg x 4 tablets");
  await expect(page.getByRole("heading", { name: "Viagra 25mg x 4 tablets prices" })).toBeVisible();

  // A name the query only starts with is matched too.
  await page.goto(`${ed}?medication=TADA`);
  await expect(medicationPicker(page)).toHaveValue("Tadalafil");
});

test("a prescription-only medicine says who decides once above the comparison and in every row; a pharmacy medicine does not (decision 035)", async ({
  page,
}) => {
  const sentence = "Prescription-only medicine: a prescriber at the pharmacy decides whether it is suitable";
  await page.goto(`${ed}?medication=viagra`);
  await expect(page.getByRole("table")).toBeVisible();
  const note = page.locator("#prescription-only-note");
  await expect(note).toBeVisible();
  await expect(note).toHaveText(`${sentence}.`);
  const rows = await page.getByRole("table").locator("tbody tr").all();
  expect(rows.length).toBeGreaterThan(1);
  // Each row says it to a screen reader (hidden on screen: the note above says it once).
  for (const row of rows) await expect(row).toContainText(sentence);

  await page.goto(`${ed}?medication=${encodeURIComponent("Viagra Connect")}`);
  await expect(medicationPicker(page)).toHaveValue("Viagra Connect");
  await expect(page.getByRole("table")).toBeVisible();
  await expect(page.getByText(sentence)).toHaveCount(0);
});

test("the saving line compares in-stock offers only, as the API decides", async ({ page }) => {
  for (const url of [ed, `${ed}?medication=tadalafil`, "/condition/weight-loss-medications"]) {
    await page.goto(url);
    const table = page.getByRole("table");
    await expect(table).toBeVisible();
    const inStock: number[] = [];
    for (const row of await table.locator("tbody tr").all()) {
      const cells = row.getByRole("cell");
      // The stock cell: "In stock" or "Out of stock", then when the price was checked.
      if ((await cells.nth(3).innerText()).trim().startsWith("In stock"))
        inStock.push(pounds(await cells.nth(4).innerText()));
    }
    const spread = Math.round((Math.max(...inStock) - Math.min(...inStock)) * 100) / 100;
    const line = page.getByText(/The cheapest pharmacy with it in stock is/);
    if (inStock.length > 1 && spread > 0) {
      await expect(line).toContainText(`£${spread.toFixed(2)} less`);
    } else {
      await expect(line).toHaveCount(0);
    }
  }
});

test("the server HTML carries the comparison and its SEO metadata", async ({ request, baseURL }) => {
  const response = await request.get(`${ed}?medication=viagra&dosage=50mg+x+4+tablets`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain("<title>Erectile Dysfunction prices compared | PharmaCompare</title>");
  expect(html).toContain(`<link rel="canonical" href="${baseURL}${ed}?medication=Viagra"/>`);
  expect(html).toContain(
    'property="og:title" content="Erectile Dysfunction prices compared | PharmaCompare"',
  );
  expect(html).toMatch(/<meta name="description" content="Compare UK online pharmacy prices for erectile/);
  expect(html).toContain("Viagra 50mg x 4 tablets prices");
  expect(html).toContain("<table");
});

test("the pickers work without JavaScript", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto(ed);
  await medicationPicker(page).selectOption("Cialis");
  await dosagePicker(page).selectOption("20mg x 4 tablets");
  await page.getByRole("button", { name: "Compare prices" }).click();
  await expect(page).toHaveURL(/medication=Cialis&dosage=20mg\+x\+4\+tablets$/);
  await expect(page.getByRole("heading", { name: "Cialis 20mg x 4 tablets prices" })).toBeVisible();
  await context.close();
});

test("with JavaScript, Compare prices stays and shows the comparison without reloading the page", async ({
  page,
}) => {
  await gotoHydrated(page, `${ed}?medication=Sildenafil`);
  await page.evaluate(() => {
    (window as { sameDocument?: boolean }).sameDocument = true;
  });
  const compare = page.getByRole("button", { name: "Compare prices" });
  await expect(compare).toBeVisible();
  const dosage = await dosagePicker(page).inputValue();
  await compare.click();
  await expect(page).toHaveURL(
    (url) =>
      url.pathname === ed &&
      url.searchParams.get("medication") === "Sildenafil" &&
      url.searchParams.get("dosage") === dosage,
  );
  await expect(page.getByRole("heading", { name: `Sildenafil ${dosage} prices` })).toBeVisible();
  expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
});

test("an unknown condition answers 404 with Condition Not Found and a way home", async ({ page }) => {
  const response = await page.goto("/condition/no-such-condition");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Condition Not Found" })).toBeVisible();
  await expect(page).toHaveTitle("Condition Not Found | PharmaCompare");
  const home = page.getByRole("link", { name: "Back to Home" });
  await expect(home).toHaveAttribute("href", "/");
  await home.click();
  await expect(page).toHaveURL(/\/$/);
});

test("a condition with no medications says so and leads to the other conditions", async ({ page }) => {
  await page.goto(`/condition/${edgeCases.emptyCondition.id}`);
  await expect(page.getByRole("heading", { level: 1, name: edgeCases.emptyCondition.name })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No Medications Available" })).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  await page.getByRole("link", { name: "Browse Other Conditions" }).click();
  await expect(page).toHaveURL(/#other-conditions$/);
  await expect(page.getByRole("heading", { name: "Other conditions" })).toBeInViewport();
});

test("a medication without prices shows No Prices Available", async ({ page }) => {
  const { name, dosage } = edgeCases.unpricedMedication;
  await page.goto(`${ed}?medication=${name}`);
  await expect(medicationPicker(page)).toHaveValue(name);
  await expect(dosagePicker(page)).toHaveValue(dosage);
  await expect(page.getByText("No Prices Available")).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
});

test("a general admin message is a banner that stays dismissed after a reload", async ({ page }) => {
  const banner = demoAdminMessages.find((message) => message.medicationId === "mounjaro");
  if (!banner) throw new Error("the demo data has no Mounjaro banner");
  await page.goto("/condition/weight-loss-medications?medication=Mounjaro");
  const notices = page.getByRole("region", { name: "Notices" });
  await expect(notices.getByText(banner.title)).toBeVisible();
  await expect(notices.getByText(banner.message)).toBeVisible();

  await page.getByRole("button", { name: `Dismiss ${banner.title}` }).click();
  await expect(page.getByText(banner.title)).toHaveCount(0);
  // The last notice gone, focus moves on to the prices heading rather than dropping to the page.
  await expect(page.locator("#prices-heading")).toBeFocused();
  const stored = await page.evaluate(() => window.localStorage.getItem("pc.dismissedMessages"));
  expect(JSON.parse(stored ?? "[]")).toHaveLength(1);

  await page.reload();
  await expect(medicationPicker(page)).toHaveValue("Mounjaro");
  await expect(page.getByText(banner.title)).toBeHidden();
  await expect(page.getByText(banner.title)).toHaveCount(0);
});

test("a pharmacy's admin message shows in that pharmacy's row", async ({ page }) => {
  const offer = demoAdminMessages.find((message) => message.pharmacyId === "kestrel-lane-pharmacy");
  if (!offer) throw new Error("the demo data has no Kestrel Lane message");
  await page.goto(`${ed}?medication=Sildenafil`);
  const row = page.getByRole("row").filter({ hasText: "Kestrel Lane Pharmacy" });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(offer.title)).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: offer.title })).toHaveCount(1);
  // Not a page banner.
  await expect(page.getByRole("region", { name: "Notices" })).toHaveCount(0);
});

test("rows show logos, ratings, stock and a counted link out to the pharmacy", async ({ page }) => {
  await page.goto(`${ed}?medication=Sildenafil`);
  const kestrel = page.getByRole("row").filter({ hasText: "Kestrel Lane Pharmacy" });
  await expect(kestrel.locator("img")).toHaveAttribute("src", "/pharmacy-logos/kestrel-lane-pharmacy.svg");
  await expect(kestrel.getByRole("img", { name: "Rated 4.7 out of 5 by PharmaCompare" })).toBeVisible();
  // Who set the ratings is said under the table (DMCC Act 2024; docs/compliance.md).
  await expect(
    page.getByText("Ratings are set by PharmaCompare, not taken from customer reviews."),
  ).toBeVisible();
  // In half stars: 4.7 is drawn as 4.5 of the 5, the row filled to 90 %.
  const filled = await kestrel
    .getByRole("img", { name: "Rated 4.7 out of 5 by PharmaCompare" })
    .locator(".cmp-stars")
    .evaluate((stars) => getComputedStyle(stars).getPropertyValue("--stars-filled").trim());
  expect(filled).toBe("90%");
  await expect(kestrel.getByText(/^(In stock|Out of stock)$/).filter({ visible: true })).toBeVisible();
  const visit = kestrel.getByRole("link", {
    name: "Visit pharmacy: Kestrel Lane Pharmacy (opens in a new tab)",
  });
  await expect(visit).toHaveAttribute("target", "_blank");
  // No demo pharmacy pays a commission (no referral parameters), so no link is marked sponsored.
  await expect(visit).toHaveAttribute("rel", "noopener");
  // Through the API's counted click-out, which redirects to the stored link (decision 044).
  await expect(visit).toHaveAttribute("href", new RegExp(`^${API_URL}/go/[0-9a-f-]{36}\\?from=comparison$`));
  // Pharmacies without artwork get the default icon.
  const rows = page.getByRole("table").locator("tbody tr");
  await expect(rows.locator("[data-default-logo]").first()).toBeVisible();
});

test("each price says what a tablet costs, so packs of different sizes compare fairly", async ({ page }) => {
  await page.goto(`${ed}?medication=Sildenafil`);
  const dosage = await dosagePicker(page).inputValue();
  const tablets = Number(/x (\d+) tablets/.exec(dosage)?.[1]);
  expect(tablets).toBeGreaterThan(1);
  const cell = page.getByRole("table").locator("tbody tr").first().getByRole("cell").nth(4);
  const price = pounds(await cell.innerText());
  const perTablet = Math.round((price / tablets) * 100) / 100;
  await expect(cell.getByText(/per tablet$/)).toHaveText(`£${perTablet.toFixed(2)} per tablet`);
});

test("a logo that fails to load falls back to the default pharmacy icon", async ({ page }) => {
  await page.route("**/pharmacy-logos/kestrel-lane-pharmacy.svg", (route) => route.abort());
  await page.goto(`${ed}?medication=Sildenafil`);
  const kestrel = page.getByRole("row").filter({ hasText: "Kestrel Lane Pharmacy" });
  await expect(kestrel.locator("[data-default-logo]")).toBeVisible();
  await expect(kestrel.locator("img")).toHaveCount(0);
});

test("a slow client-side navigation to another page shows the loading screen", async ({ page }) => {
  await gotoHydrated(page, ed);
  await page.route("**/condition/hair-loss.data*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page
    .getByRole("navigation", { name: "Men's Health conditions" })
    .getByRole("link", { name: "Hair Loss" })
    .click();
  await expect(page.getByText("Loading Medication Prices")).toBeVisible();
  await expect(page.getByText("Fetching the latest prices from UK pharmacies...")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Hair Loss" })).toBeVisible();
  await expect(page.getByText("Loading Medication Prices")).toBeHidden();
  const current = page.getByRole("navigation", { name: "Men's Health conditions" }).getByRole("link", {
    name: "Hair Loss",
  });
  await expect(current).toHaveAttribute("aria-current", "page");
});

test("with the API down the site says so and still compares prices from the saved file", async ({ page }) => {
  const response = await page.goto(`${fallbackOrigin}${ed}`);
  expect(response?.status()).toBe(200);
  await expect(page.locator("form[data-hydrated]")).toBeAttached();
  await expect(page.getByRole("status").filter({ hasText: fallbackNotice })).toBeVisible();
  await expect(page.getByText("saved prices that may be out of date")).toBeVisible();
  // The header still lists conditions, from the same chain.
  await expect(
    page.getByRole("banner").getByRole("button", { name: "Men's Health", exact: true }),
  ).toBeVisible();
  await expectBestIsCheapest(page);

  await medicationPicker(page).selectOption("Viagra");
  await expect(page).toHaveURL(/medication=Viagra/);
  // The new comparison is drawn before its rows are read.
  await expect(page.getByRole("heading", { name: "Viagra 25mg x 4 tablets prices" })).toBeVisible();
  await expectBestIsCheapest(page);
  await expect(page.getByRole("status").filter({ hasText: fallbackNotice })).toBeVisible();

  await page.goto(`${fallbackOrigin}/`);
  await expect(page.getByRole("status").filter({ hasText: fallbackNotice })).toBeVisible();
  await page.goto(`${fallbackOrigin}/condition/no-such-condition`);
  await expect(page.getByRole("heading", { name: "Condition Not Found" })).toBeVisible();
});

test("the live site shows no fallback notice", async ({ page }) => {
  await page.goto(ed);
  await expect(page.getByRole("table")).toBeVisible();
  await expect(page.getByText(fallbackNotice)).toHaveCount(0);
});

test("on a phone the same table reads as cards, cheapest first", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${ed}?medication=Sildenafil`);
  // One table at every width: its rows are the cards, stacked, each as wide as the page's column.
  const table = page.getByRole("table", { name: /^Prices for Sildenafil .*, cheapest first$/ });
  await expect(table).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(1);
  // The column headers are there for screen readers, but not drawn (visually hidden, 1 px).
  await expect(table.getByRole("columnheader", { name: "Price" })).toBeAttached();
  const headers = await table.locator("thead").boundingBox();
  expect(headers?.height).toBeLessThanOrEqual(1);
  const cards = table.locator("tbody tr");
  expect(await cards.count()).toBeGreaterThan(1);
  const first = await cards.nth(0).boundingBox();
  const second = await cards.nth(1).boundingBox();
  if (!first || !second) throw new Error("the rows are not drawn");
  expect(first.width).toBeGreaterThan(300);
  expect(second.y).toBeGreaterThanOrEqual(first.y + first.height);
  expect(second.x).toBe(first.x);
  await expect(cards.first().getByText("Best", { exact: true })).toBeVisible();
  await expect(cards.nth(1).getByText("Best", { exact: true })).toHaveCount(0);
  // Each card shows the facts the wide table gives columns to.
  await expect(
    cards.first().getByRole("img", { name: /^Rated \d\.\d out of 5 by PharmaCompare$/ }),
  ).toBeVisible();
  await expect(cards.first().getByText(/^(In stock|Out of stock)$/)).toBeVisible();
  // "Start a consultation" where the pharmacy's prescription-only visits start there (decision 058).
  await expect(
    cards.first().getByRole("link", { name: /^(Visit pharmacy|Start a consultation): / }),
  ).toBeVisible();
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(375);
});

test("the whole journey: search by keyboard, land on the condition page, change medication and dosage", async ({
  page,
}) => {
  await page.goto("/");
  const search = page.getByRole("combobox").first();
  await search.focus();
  await page.keyboard.type("wego");
  await expect(page.getByRole("option").first()).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/condition\/weight-loss-medications\?medication=Wegovy$/);
  await expect(page.locator("form[data-hydrated]")).toBeAttached();
  await expect(medicationPicker(page)).toHaveValue("Wegovy");
  await expectBestIsCheapest(page);

  await medicationPicker(page).selectOption("Mounjaro");
  await expect(page).toHaveURL(/medication=Mounjaro&dosage=/);
  await expectBestIsCheapest(page);
  const firstDosage = await dosagePicker(page).inputValue();
  const otherDosage = await dosagePicker(page)
    .locator("option")
    .evaluateAll(
      (options, first) => options.map((o) => (o as HTMLOptionElement).value).find((v) => v !== first),
      firstDosage,
    );
  await dosagePicker(page).selectOption(otherDosage as string);
  await expect(page.getByRole("heading", { name: `Mounjaro ${otherDosage} prices` })).toBeVisible();
  await expectBestIsCheapest(page);
});

test("every price table and every row link to How we rank, and every row says when its price was checked", async ({
  page,
}) => {
  await page.goto(`${ed}?medication=Sildenafil`);
  const rows = page.getByRole("table").locator("tbody tr");
  const count = await rows.count();
  expect(count).toBeGreaterThan(1);
  for (let index = 0; index < count; index += 1) {
    await expect(
      rows
        .nth(index)
        .getByText(/^Checked (today|yesterday|\d+ days ago)$/)
        .first(),
    ).toBeAttached();
    // The row's freshness explains itself: it links to where How we rank says how prices are checked.
    const freshness = rows.nth(index).getByRole("link", { name: /^Checked .+ \(how we check prices\)$/ });
    await expect(freshness).toHaveAttribute("href", "/how-we-rank#where-prices-come-from");
  }
  // On a phone, each card shows the same link.
  await page.setViewportSize({ width: 375, height: 800 });
  for (let index = 0; index < count; index += 1) {
    await expect(rows.nth(index).getByRole("link", { name: /\(how we check prices\)$/ })).toBeVisible();
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  // The table's own link (the first); Sildenafil's course cost below has one too (decision 056's demo plan).
  await page.getByRole("link", { name: "How we rank prices" }).first().click();
  await expect(page).toHaveURL(/\/how-we-rank$/);
  await expect(page.getByRole("heading", { level: 1, name: "How we rank prices" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /No pharmacy can pay for a better place/ })).toBeVisible();
});

test("a condition with more medications than the picker lists says so, and still opens one further down", async ({
  page,
}) => {
  // The journeys' crowded condition has 101 medications (e2e/fixtures/edge-cases.ts).
  const { crowdedCondition } = edgeCases;
  const last = crowdedCondition.medicationName(crowdedCondition.medicationCount);
  await page.goto(`/condition/${crowdedCondition.id}`);
  await expect(page.locator("#medication-select option")).toHaveCount(100);
  await expect(
    page.getByText("The list shows 100 of this condition's 101 medications, A to Z."),
  ).toBeVisible();
  await page.getByRole("link", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/\/search$/);

  // Named in the address (as search results link), the 101st is chosen and joins the list.
  await page.goto(`/condition/${crowdedCondition.id}?medication=${encodeURIComponent(last)}`);
  await expect(page.locator("#medication-select")).toHaveValue(last);
  await expect(page.locator("#medication-select option")).toHaveCount(101);
  await expect(
    page.getByRole("heading", { name: `${last} ${crowdedCondition.dosage} prices` }),
  ).toBeVisible();
  // The only page with a picker this long: scanned here, as the sweep has no such state.
  await expectNoAxeViolations(page);
});

test("the NHS route beside the prices: free, not available, charged; staff change the item charge from today (decision 056)", async ({
  page,
  request,
}) => {
  const nhs = page.getByRole("region", { name: "On the NHS" });
  await page.goto("/condition/oral-contraceptives");
  await expect(nhs).toContainText("Contraception is free on the NHS.");

  await page.goto("/condition/hair-loss?medication=Finasteride");
  await expect(nhs).toContainText("Finasteride is not available on an NHS prescription for hair loss.");

  // Beside the private totals: the item, both certificates, and the course period's NHS figure.
  const sildenafil = `${ed}?medication=Sildenafil&horizon=6`;
  await page.goto(sildenafil);
  await expect(page.getByRole("table")).toBeVisible();
  await expect(nhs).toContainText("in England £9.90 an item");
  await expect(nhs).toContainText("£10.68 a month on a 3-month prepayment certificate (£32.05)");
  await expect(nhs).toContainText("£9.54 a month on a 12-month prepayment certificate (£114.50)");
  await expect(nhs.getByRole("link", { name: "Who can get free prescriptions" })).toHaveAttribute(
    "href",
    "https://www.nhs.uk/nhs-services/prescriptions/who-can-get-free-prescriptions/",
  );
  const course = page.getByRole("region", { name: "Cost of a course" });
  await expect(course.getByRole("listitem").filter({ hasText: "at £9.90 each:" })).toBeVisible();

  // Staff add today's new item charge in the back-office; the page shows it at once.
  const source =
    "https://www.gov.uk/government/news/cost-of-living-boost-for-millions-as-prescription-charges-frozen";
  try {
    await signIn(page);
    await page.goto("/admin/nhs-charges");
    await expect(page.getByRole("heading", { name: "NHS Charges", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Add Charge" }).click();
    const dialog = page.getByRole("dialog", { name: "Add NHS charge" });
    await dialog.getByLabel("Charge").selectOption("item");
    await dialog.getByLabel("Amount").fill("10.20");
    await dialog.getByLabel("Source").fill(source);
    await dialog.getByRole("button", { name: "Add Charge" }).click();
    await expect(page.getByRole("status").filter({ hasText: "NHS charge saved" })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "£10.20" })).toContainText("In force");

    await page.goto(sildenafil);
    await expect(nhs).toContainText("in England £10.20 an item");
    await expect(course.getByRole("listitem").filter({ hasText: "at £10.20 each:" })).toBeVisible();

    // Deleting it puts the one before back in force.
    await page.goto("/admin/nhs-charges");
    await page
      .getByRole("row")
      .filter({ hasText: "£10.20" })
      .getByRole("button", { name: /^Delete / })
      .click();
    await page
      .getByRole("alertdialog", { name: "Delete NHS charge" })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "NHS charge deleted" })).toBeVisible();
    await page.goto(sildenafil);
    await expect(nhs).toContainText("in England £9.90 an item");
  } finally {
    // A failure half-way leaves no new charge for the other journeys.
    const headers = await adminHeaders(request);
    const list = await request.get(
      `${API_URL}${endpointUrl(adminEndpoints.listNhsCharges, { query: { kind: "item" } })}`,
      { headers },
    );
    for (const charge of ((await list.json()) as { charges: { id: string; amount: number }[] }).charges) {
      if (charge.amount === 10.2) {
        await request.delete(
          `${API_URL}${endpointUrl(adminEndpoints.deleteNhsCharge, { params: { id: charge.id } })}`,
          { headers },
        );
      }
    }
  }
});

test("price context: a neutral label and one sentence above the history, and the demo's list-price change marked on the chart (decision 059)", async ({
  page,
  request,
  baseURL,
}) => {
  const mounjaro = "/condition/weight-loss-medications?medication=Mounjaro";
  // In the server's HTML: the sentence needs no JavaScript.
  const html = await (await request.get(`${baseURL}${mounjaro}`)).text();
  expect(html).toContain("is the lowest price today");

  await gotoHydrated(page, mounjaro);
  const history = page.getByRole("region", { name: "Price history", exact: true });
  const context = history.getByTestId("price-context");
  await expect(context).toHaveText(
    /^Today's price: (Below its usual price|About usual|Above usual|New price)£[\d,]+\.\d{2} is the lowest price today[;.,]/,
  );
  await expect(context).not.toContainText(/deal|bargain|save/i);

  // The demo's illustrative list-price change, 60 days back: a numbered mark on the chart, named
  // in the chart's text alternative, and listed under it with its source.
  await history.scrollIntoViewIfNeeded();
  const chart = history.getByRole("img", { name: /^Lowest in-stock price of Mounjaro/ });
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAccessibleName(
    / Event 1: Manufacturer's list-price change on \d{1,2} \w+ \d{4}\./,
  );
  await expect(history.getByTestId("price-history-event-mark")).toHaveCount(1);
  await expect(history.getByTestId("price-history-event-mark")).toBeVisible();
  const events = history.getByRole("list").filter({ hasText: "Manufacturer's list-price change" });
  await expect(events).toContainText("Demo event (illustrative)");
  await expect(events.getByRole("link", { name: /Source: www\.lilly\.com/ })).toHaveAttribute(
    "href",
    "https://www.lilly.com/",
  );
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await keepPicture(history, `price-context-${width}.png`);
  }
});

test("supply where people look: the stock line and the active notice with its source (decision 060)", async ({
  page,
  request,
}) => {
  const wegovy = (dosage: string) =>
    `/condition/weight-loss-medications?${new URLSearchParams({ medication: "Wegovy", dosage })}`;
  const top = "2.4mg (1 pen, 4 doses)";
  const low = "1mg (1 pen, 4 doses)";
  const notice = page.getByRole("region", { name: /^Supply notice: / });

  // The demo's active notice on 2.4mg, with its source and date; the stock line agrees with the table.
  await page.goto(wegovy(top));
  const rows = page.getByRole("table").locator("tbody tr");
  await expect(rows.first()).toBeVisible();
  const listed = await rows.count();
  const inStock = await rows.filter({ hasText: /In stock/ }).count();
  await expect(page.getByTestId("stock-line")).toHaveText(`In stock at ${inStock} of ${listed} pharmacies`);
  await expect(notice).toHaveAccessibleName(`Supply notice: Wegovy ${top}`);
  await expect(notice).toContainText("Limited supply");
  await expect(
    notice.getByRole("link", { name: /^Source: www\.gov\.uk, \d{1,2} \w+ \d{4}$/ }),
  ).toHaveAttribute("href", "https://www.gov.uk/drug-device-alerts");
  // Calm, not an alarm: no alert role on the page for it.
  await expect(page.getByRole("alert").filter({ hasText: "Limited supply" })).toHaveCount(0);

  // None on 1mg; staff add one there in the back-office, the page shows it, they end it, it goes.
  await page.goto(wegovy(low));
  await expect(page.getByTestId("stock-line")).toBeVisible();
  await expect(notice).toHaveCount(0);
  const message = `Pens of 1mg are short this week ${Date.now()}.`;
  try {
    await signIn(page);
    await page.goto("/admin/supply-notices");
    await expect(page.getByRole("heading", { name: "Supply Notices", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Add Notice" }).click();
    const dialog = page.getByRole("dialog", { name: "Add supply notice" });
    await dialog.getByLabel("Medication").selectOption({ label: "Wegovy" });
    await dialog.getByLabel("Dosage").fill(low);
    await dialog.getByLabel("Message").fill(message);
    await dialog.getByLabel("Source", { exact: true }).fill("https://www.gov.uk/drug-device-alerts");
    await dialog.getByRole("button", { name: "Add Notice" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Supply notice saved" })).toBeVisible();
    const row = page.getByRole("row").filter({ hasText: message });
    await expect(row).toContainText("Active");

    await page.goto(wegovy(low));
    await expect(notice).toContainText(message);

    await page.goto("/admin/supply-notices");
    await page.getByRole("row").filter({ hasText: message }).getByRole("button", { name: /^End / }).click();
    await expect(page.getByRole("status").filter({ hasText: "Supply notice ended" })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: message })).toContainText("Ended");
    await page.goto(wegovy(low));
    await expect(page.getByRole("table")).toBeVisible();
    await expect(notice).toHaveCount(0);
  } finally {
    // A failure half-way leaves no notice for the other journeys.
    const headers = await adminHeaders(request);
    const list = await request.get(
      `${API_URL}${endpointUrl(adminEndpoints.listSupplyNotices, { query: { search: message } })}`,
      { headers },
    );
    for (const entry of ((await list.json()) as { notices: { id: string }[] }).notices) {
      await request.delete(
        `${API_URL}${endpointUrl(adminEndpoints.deleteSupplyNotice, { params: { id: entry.id } })}`,
        { headers },
      );
    }
  }
});
