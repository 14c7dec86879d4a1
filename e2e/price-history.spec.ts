import {
  endpointUrl,
  formatLongDate,
  formatPounds,
  type Price,
  type PriceHistory,
  publicEndpoints,
} from "@pharmacompare/contract";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations, gotoHydrated, keepPicture } from "./support/page-checks.ts";
import { API_URL } from "./support/stack.ts";

const MEDICATION = "viagra";
const DOSAGE = "50mg x 4 tablets";
const page50mg = `/condition/erectile-dysfunction?${new URLSearchParams({ medication: "Viagra", dosage: DOSAGE })}`;

async function apiGet<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(`${API_URL}${path}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

const historyFromApi = (request: APIRequestContext) =>
  apiGet<PriceHistory>(
    request,
    endpointUrl(publicEndpoints.priceHistory, {
      params: { medicationId: MEDICATION },
      query: { dosage: DOSAGE },
    }),
  );

const dayText = (day: string) => formatLongDate(`${day}T12:00:00Z`);

/** Goes to the page and waits for React (the pickers' form is marked `data-hydrated` then). */

const section = (page: Page) => page.getByRole("region", { name: "Price history", exact: true });

test("the price history loads only near the screen and charts the seeded 90 days", async ({
  page,
  request,
}) => {
  const history = await historyFromApi(request);
  // The demo seeds 90 days of changes at every pharmacy (decision 053), carried forward.
  expect(history.lowest.length).toBeGreaterThanOrEqual(80);
  const lowest = await apiGet<Price>(
    request,
    endpointUrl(publicEndpoints.lowestPrice, { params: { id: MEDICATION }, query: { dosage: DOSAGE } }),
  );
  expect(history.lowest.at(-1)).toEqual({ date: history.to, price: lowest.price });

  const asked: string[] = [];
  page.on("request", (sent) => asked.push(sent.url()));
  await gotoHydrated(page, page50mg);
  // Not in the server render and not fetched up front: neither the data nor the chart's code.
  await expect(section(page).getByText("Loading price history…")).toBeAttached();
  expect(asked.filter((url) => url.includes("/api/prices/history/"))).toEqual([]);
  expect(asked.filter((url) => url.includes("price-history-chart"))).toEqual([]);

  await section(page).scrollIntoViewIfNeeded();
  const chart = section(page).getByRole("img", {
    name: /^Lowest in-stock price of Viagra 50mg x 4 tablets by day/,
  });
  await expect(chart).toBeVisible();
  expect(asked.some((url) => url.includes("price-history-chart"))).toBe(true);
  await expect(chart).toHaveAccessibleName(
    new RegExp(`${formatPounds(lowest.price).replace(".", "\\.")} on ${dayText(history.to)};`),
  );
  await expect(section(page)).toContainText(`Today ${formatPounds(lowest.price)}`);
  await expect(chart).toContainText(dayText(history.from));
});

test("the table alternative is reachable by keyboard and lists every day, newest first", async ({
  page,
  request,
}) => {
  const history = await historyFromApi(request);
  await gotoHydrated(page, page50mg);
  await section(page).scrollIntoViewIfNeeded();
  await expect(section(page).getByRole("img")).toBeVisible();

  // From the comparison's last link, Tab reaches the disclosure button.
  await page.getByRole("link", { name: "How we rank prices" }).focus();
  const toggle = section(page).getByRole("button", { name: "Show as table" });
  for (
    let presses = 0;
    presses < 10 && !(await toggle.evaluate((el) => el === document.activeElement));
    presses++
  ) {
    await page.keyboard.press("Tab");
  }
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("Enter");

  const hide = section(page).getByRole("button", { name: "Hide table" });
  await expect(hide).toHaveAttribute("aria-expanded", "true");
  const table = section(page).getByRole("table", {
    name: "Lowest in-stock price of Viagra 50mg x 4 tablets by day, newest first",
  });
  await expect(table).toBeVisible();
  const rows = table.locator("tbody tr");
  await expect(rows).toHaveCount(history.lowest.length);
  const newest = history.lowest.at(-1);
  const oldest = history.lowest[0];
  if (!newest || !oldest) throw new Error("no history");
  await expect(rows.first()).toHaveText(`${dayText(newest.date)}${formatPounds(newest.price)}`);
  await expect(rows.last()).toHaveText(`${dayText(oldest.date)}${formatPounds(oldest.price)}`);

  // The scrolling box takes focus next, so the keyboard can scroll it.
  await page.keyboard.press("Tab");
  await expect(section(page).getByRole("region", { name: /by day, newest first/ })).toBeFocused();
  await page.keyboard.press("End");

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await section(page).scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await keepPicture(section(page), `price-history-${width}.png`);
    await keepPicture(page, `condition-page-${width}.png`, { fullPage: true });
  }
});

test("the section's labels say only what the history shows", async ({ page, request }) => {
  const history = await historyFromApi(request);
  await gotoHydrated(page, page50mg);
  await section(page).scrollIntoViewIfNeeded();
  await expect(section(page).getByRole("img")).toBeVisible();
  const today = history.lowest.at(-1)?.price ?? 0;
  const weekAgoDate = new Date(`${history.to}T12:00:00Z`);
  weekAgoDate.setUTCDate(weekAgoDate.getUTCDate() - 7);
  const weekAgo = history.lowest.find((point) => point.date === weekAgoDate.toISOString().slice(0, 10));
  const cheaper = weekAgo ? Math.round((weekAgo.price - today) * 100) : 0;
  const notes = section(page).getByRole("list", { name: "Price notes" }).getByRole("listitem");
  if (cheaper > 0)
    await expect(notes).toContainText([`${formatPounds(cheaper / 100)} cheaper than last week`]);
  else await expect(section(page).getByText("cheaper than last week")).toHaveCount(0);
  // The demo's history now covers the whole window (decision 053): the 90-day claim is made
  // exactly when every day is known and today's lowest is at or below each, and below one.
  const covered = history.lowest.length === history.days && history.lowest[0]?.date === history.from;
  const earlier = history.lowest.slice(0, -1).map((point) => Math.round(point.price * 100));
  const now = Math.round(today * 100);
  const lowestIn90 =
    covered && earlier.every((price) => price >= now) && earlier.some((price) => price > now);
  await expect(section(page).getByText(`Lowest price in ${history.days} days`)).toHaveCount(
    lowestIn90 ? 1 : 0,
  );
});

test("choosing another dosage charts that dosage's history", async ({ page, request }) => {
  const other = "100mg x 4 tablets";
  const expected = await apiGet<PriceHistory>(
    request,
    endpointUrl(publicEndpoints.priceHistory, {
      params: { medicationId: MEDICATION },
      query: { dosage: other },
    }),
  );
  await gotoHydrated(page, page50mg);
  await section(page).scrollIntoViewIfNeeded();
  await expect(section(page).getByRole("img", { name: /Viagra 50mg x 4 tablets/ })).toBeVisible();

  await page.getByLabel("Dosage", { exact: true }).selectOption(other);
  await section(page).scrollIntoViewIfNeeded();
  const chart = section(page).getByRole("img", {
    name: /^Lowest in-stock price of Viagra 100mg x 4 tablets by day/,
  });
  await expect(chart).toBeVisible();
  const today = expected.lowest.at(-1);
  if (!today) throw new Error("no history");
  await expect(section(page)).toContainText(`Today ${formatPounds(today.price)}`);
});

test("without JavaScript the section says the chart needs it", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    const page = await context.newPage();
    await page.goto(page50mg);
    // A <noscript> message: Playwright's text matchers skip <noscript>, so read its paragraph.
    const message = section(page).locator("noscript p");
    await expect(message).toBeVisible();
    await expect(message).toHaveText(
      "The price history chart needs JavaScript. Today's prices are in the comparison above.",
    );
    await expect(section(page).getByRole("img")).toHaveCount(0);
  } finally {
    await context.close();
  }
});
