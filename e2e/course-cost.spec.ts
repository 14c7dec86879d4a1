import { expect, type Page, test } from "@playwright/test";
import { signedInForThisSpec } from "./support/admin-session.ts";
import { expectNoAxeViolations, gotoHydrated, keepPicture } from "./support/page-checks.ts";

/*
 * The cost of a course and two pharmacies side by side (issue 30, decision 042): a visitor picks a
 * plan and a horizon and reads each pharmacy's total at 375 and 1280 px, with and without
 * JavaScript; a comparison row leads to the compare page; axe is clean on both. Reads only.
 */

const mounjaro = "/condition/weight-loss-medications?medication=Mounjaro";

function pounds(text: string): number {
  const match = /£([\d,]+\.\d{2})/.exec(text);
  if (!match?.[1]) throw new Error(`no amount in "${text}"`);
  return Number(match[1].replace(/,/g, ""));
}

const courseSection = (page: Page) => page.getByRole("region", { name: "Cost of a course" });
const totalsList = (page: Page) => courseSection(page).getByRole("list", { name: /^Course totals at/ });

/** Each pharmacy's line: its name, its total (or null) and the text that explains it. */
async function courseLines(page: Page) {
  const lines: { text: string; total: number | null; cheapest: boolean }[] = [];
  for (const item of await totalsList(page).getByRole("listitem").all()) {
    const text = (await item.innerText()).replace(/\s+/g, " ").trim();
    const amount = /£[\d,]+\.\d{2}$/.exec(text);
    lines.push({ text, total: amount ? pounds(amount[0]) : null, cheapest: /Cheapest/.test(text) });
  }
  return lines;
}

function expectCheapestFirst(lines: Awaited<ReturnType<typeof courseLines>>) {
  const totals = lines
    .filter((line) => line.total !== null)
    .map((line) => Math.round((line.total ?? 0) * 100));
  expect(totals.length).toBeGreaterThan(1);
  expect(totals).toEqual([...totals].sort((a, b) => a - b));
  expect(lines[0]?.cheapest).toBe(true);
  // Every total names its packs, deliveries and consultation.
  for (const line of lines.filter((entry) => entry.total !== null)) {
    expect(line.text).toMatch(
      /incl\. £[\d,]+\.\d{2} packs, (free delivery|£\d+\.\d{2} delivery) on \d+ orders and/,
    );
  }
}

async function chooseCourse(page: Page, plan: string, months: string) {
  await courseSection(page).getByLabel("Course plan").selectOption({ label: plan });
  await courseSection(page).getByLabel("Over").selectOption({ label: months });
  await courseSection(page).getByRole("button", { name: "Show course cost" }).click();
}

for (const width of [375, 1280]) {
  test(`a plan and a horizon give each pharmacy's course total at ${width} px, cheapest first`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await gotoHydrated(page, mounjaro);
    await expect(courseSection(page)).toBeVisible();
    const sixMonths = await courseLines(page);
    expectCheapestFirst(sixMonths);

    await chooseCourse(page, "Dose steps to 15 mg", "12 months");
    await expect(page).toHaveURL(/[?&]plan=[^&]+&horizon=12/);
    await expect(
      courseSection(page).getByRole("heading", { name: "Dose steps to 15 mg over 12 months (52 weeks)" }),
    ).toBeVisible();
    const year = await courseLines(page);
    expectCheapestFirst(year);
    // A year of doses up to 15 mg costs more than six months of the starting course.
    expect(year[0]?.total ?? 0).toBeGreaterThan(sixMonths[0]?.total ?? 0);
    // The second line: the cheapest mix, or why staying with one pharmacy is cheapest.
    await expect(
      courseSection(page).getByText(/Cheapest mix across pharmacies|already the cheapest way/),
    ).toBeVisible();

    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(width);
    await expectNoAxeViolations(page, { at: `${width} px` });
    await keepPicture(courseSection(page), `course-cost-${width}.png`);
  });
}

test("the course form works without JavaScript, and a pharmacy missing a step says so", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto(mounjaro);
  await chooseCourse(page, "Starting course, continuing on 7.5 mg", "3 months");
  await expect(page).toHaveURL(/horizon=3/);
  await expect(
    courseSection(page).getByRole("heading", {
      name: "Starting course, continuing on 7.5 mg over 3 months (13 weeks)",
    }),
  ).toBeVisible();
  const lines = await courseLines(page);
  expectCheapestFirst(lines);
  // A pharmacy without a total says which dose it lacks instead of inventing one.
  for (const line of lines.filter((entry) => entry.total === null)) {
    expect(line.text).toMatch(/Does not stock|out of stock|below its/);
  }
  // An edited horizon is the default one, not an error.
  const response = await page.goto(`${mounjaro}&horizon=7`);
  expect(response?.status()).toBe(200);
  await expect(courseSection(page).getByLabel("Over")).toHaveValue("6");
  await context.close();
});

test("a comparison row leads to two pharmacies side by side, which works without JavaScript and says what differs", async ({
  page,
  browser,
  baseURL,
}) => {
  await page.goto(`${mounjaro}&dosage=5mg+(1+pen,+4+doses)`);
  const row = page.getByRole("table").locator("tbody tr").nth(1);
  await row.getByRole("link", { name: /^Compare with/ }).click();
  await expect(page).toHaveURL(/\/compare\?medication=mounjaro&a=[a-z0-9-]+&b=[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Mounjaro: ");
  const prices = page.getByRole("table", { name: /Mounjaro prices at/ });
  await expect(prices.getByRole("rowheader", { name: "5mg (1 pen, 4 doses)", exact: true })).toBeVisible();
  await expect(prices.getByText("Lower").first()).toBeVisible();
  const facts = page.getByRole("table", { name: /Fees, delivery and registration/ });
  await expect(facts.getByRole("rowheader", { name: /^Consultation fee/ })).toBeVisible();
  await expect(facts.getByRole("rowheader", { name: /^GPhC registration/ })).toBeVisible();
  await expect(facts.getByRole("rowheader", { name: /^Course:/ })).toBeVisible();
  await expect(
    page.getByText("Ratings are set by PharmaCompare, not taken from customer reviews."),
  ).toBeVisible();
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.some((text) => JSON.parse(text)["@type"] === "ItemList")).toBe(true);
  // Each pharmacy's website is one press away, through the counted click-out (decision 044).
  const visits = page.getByRole("link", { name: /^Visit .+ \(opens in a new tab\)$/ });
  await expect(visits).toHaveCount(2);
  for (const visit of await visits.all())
    expect(await visit.getAttribute("href")).toMatch(/\/go\/pharmacy\/[a-z0-9-]+\?from=comparison$/);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoAxeViolations(page, { at: `${width} px` });
    await keepPicture(page, `compare-${width}.png`, { fullPage: true });
    await keepPicture(
      page.getByRole("region", { name: "Prices for each dosage" }),
      `compare-prices-${width}.png`,
    );
    await keepPicture(
      page.getByRole("region", { name: "Fees, delivery and registration" }),
      `compare-facts-${width}.png`,
    );
  }

  const address = new URL(page.url());
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const plain = await context.newPage();
  const answer = await plain.goto(`${address.pathname}${address.search}`);
  expect(answer?.status()).toBe(200);
  await expect(plain.getByRole("table", { name: /Mounjaro prices at/ })).toBeVisible();

  // Bad addresses answer pages that say what to do, never a server error.
  const same = address.searchParams.get("a") ?? "";
  for (const [target, status, heading] of [
    ["/compare", 400, "Choose what to compare"],
    [`/compare?medication=mounjaro&a=${same}&b=${same}`, 400, "Choose what to compare"],
    [`/compare?medication=no-such-medicine&a=${same}&b=kestrel-lane-pharmacy`, 404, "Nothing to compare"],
  ] as const) {
    const response = await plain.goto(target);
    expect(response?.status(), target).toBe(status);
    await expect(plain.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
  await context.close();
});

test.describe("the back-office's course plans", () => {
  signedInForThisSpec();

  test("staff add a step to a plan, see a refusal beside the field, save, and the form is axe-clean at 375 and 1280 px", async ({
    page,
  }) => {
    await page.goto("/admin/medications/edit/saxenda");
    const plans = page.getByRole("region", { name: "Course plans" });
    await expect(plans.getByLabel("Plan name")).toHaveValue("Dose steps to 3 mg a day");
    const steps = plans.getByRole("listitem");
    await expect(steps).toHaveCount(2);

    await plans.getByRole("button", { name: "Add a step to plan 1" }).click();
    const added = plans.getByRole("listitem", { name: "Plan 1, step 3" });
    await added.getByLabel("Dosage").selectOption("6mg/ml x 5 pens");
    await added.getByLabel("Weeks").fill("0");
    await plans.getByRole("button", { name: "Save course plans" }).click();
    await expect(added.getByText(/Weeks must be a whole number of weeks from 1 to 52/)).toBeVisible();

    await added.getByLabel("Weeks").fill("8");
    await plans.getByRole("button", { name: "Save course plans" }).click();
    await expect(page.getByText("Course plans saved")).toBeVisible();
    await page.reload();
    await expect(page.getByRole("region", { name: "Course plans" }).getByRole("listitem")).toHaveCount(3);

    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page, { at: `${width} px` });
      await keepPicture(page.getByRole("region", { name: "Course plans" }), `course-plans-${width}.png`);
    }

    // Back as the demo has it, for the journeys after this one.
    const again = page.getByRole("region", { name: "Course plans" });
    await again
      .getByRole("listitem", { name: "Plan 1, step 3" })
      .getByRole("button", { name: /^Remove step/ })
      .click();
    await again.getByRole("button", { name: "Save course plans" }).click();
    await expect(page.getByText("Course plans saved")).toBeVisible();
  });
});
