import {
  type AdminPrice,
  adminEndpoints,
  type ConditionPage,
  endpointUrl,
  type FeedList,
  formatPounds,
  publicEndpoints,
} from "@pharmacompare/contract";
import { expect, type Page, test } from "@playwright/test";
import { adminHeaders } from "./support/admin-api.ts";
import { signedInForThisSpec } from "./support/admin-session.ts";
import { comparisonRow } from "./support/comparison.ts";
import { startFeedServer } from "./support/feed-server.ts";
import { keepPicture, picturesWanted } from "./support/page-checks.ts";
import { API_URL } from "./support/stack.ts";

/**
 * Issue 29 (decisions 045, 047): staff give a pharmacy a price feed in its form, run it now on
 * Feeds, see the row that more than halves a price held, accept it on Feed review, and visitors
 * see the new price. The feed is a node:http server on 127.0.0.1 (the stack runs with
 * FEEDS_ALLOW_INSECURE). The e2e database is shared: afterAll puts the price back and removes
 * the feed.
 */
signedInForThisSpec();
const CONDITION = "erectile-dysfunction";

let feed: Awaited<ReturnType<typeof startFeedServer>>;
let restore: { medicationId: string; pharmacyId: string; dosage: string; price: number } | null = null;

test.beforeAll(async () => {
  feed = await startFeedServer();
});

/** With E2E_SCREENSHOTS: the screen at 1280 px and at 375 px, for a person to look at. */
async function pictures(page: Page, name: string) {
  if (!picturesWanted()) return;
  await keepPicture(page, `${name}-1280.png`, { fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await keepPicture(page, `${name}-375.png`, { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.afterAll(async ({ request }) => {
  feed?.close();
  if (!restore) return;
  const headers = await adminHeaders(request);
  const { medicationId, pharmacyId, dosage, price } = restore;
  await request.delete(
    `${API_URL}${endpointUrl(adminEndpoints.deletePharmacyFeed, { params: { id: pharmacyId } })}`,
    {
      headers,
    },
  );
  const listed = await request.get(
    `${API_URL}${endpointUrl(adminEndpoints.listAdminPricesForMedication, { params: { id: medicationId } })}`,
    { headers },
  );
  const row = ((await listed.json()) as { prices: AdminPrice[] }).prices.find(
    (each) => each.pharmacyId === pharmacyId && each.dosage === dosage,
  );
  if (row && row.price !== price) {
    await request.put(`${API_URL}${endpointUrl(adminEndpoints.updatePrice, { params: { id: row._id } })}`, {
      headers,
      data: { price },
    });
  }
});

test("opening a pharmacy without a feed logs no error in the console", async ({ page, request }) => {
  // A pharmacy none of the feeds belongs to (the demo gives some pharmacies feeds).
  const headers = await adminHeaders(request);
  const feeds = (await (
    await request.get(`${API_URL}${endpointUrl(adminEndpoints.listFeeds, { query: { limit: 100 } })}`, {
      headers,
    })
  ).json()) as FeedList;
  const pharmacies = (await (
    await request.get(`${API_URL}${endpointUrl(adminEndpoints.listAdminPharmacies)}`, { headers })
  ).json()) as { pharmacies: { _id: string }[] };
  const withFeed = new Set(feeds.feeds.map((row) => row.pharmacyId));
  const without = pharmacies.pharmacies.find((pharmacy) => !withFeed.has(pharmacy._id));
  if (!without) throw new Error("the journeys' data has a pharmacy without a feed");

  // No feed is a normal state (issue 41): nothing the browser reports as an error.
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  await page.goto(`/admin/pharmacies/edit/${without._id}`);
  const feedForm = page.getByRole("form", { name: "Price feed" });
  await expect(feedForm.getByText("No feed is set.", { exact: false })).toBeVisible();
  await expect(feedForm.getByLabel("Feed address")).toHaveValue("");
  expect(errors).toEqual([]);
});

test("a feed set in the pharmacy form runs now, holds a price cut by more than half, and the accepted price reaches visitors", async ({
  page,
  request,
}) => {
  // The condition page's comparison, as the public API answers: its dearest in-stock offer.
  const answer = await request.get(
    `${API_URL}${endpointUrl(publicEndpoints.conditionPage, { params: { subcategoryId: CONDITION } })}`,
  );
  const { comparison } = (await answer.json()) as ConditionPage;
  const offer = comparison?.prices.filter((price) => price.inStock).at(-1);
  if (!comparison || !offer) throw new Error("the demo data has an in-stock offer on the condition page");
  const { medication, dosage } = comparison;
  const pharmacy = offer.pharmacy.name;
  restore = { medicationId: medication.id, pharmacyId: offer.pharmacyId, dosage, price: offer.price };
  const newPrice = Math.round(offer.price * 45) / 100;
  feed.answer([{ medication: medication.name, dosage, price: newPrice }]);

  // The pharmacy form: the feed's address and format.
  await page.goto(`/admin/pharmacies/edit/${offer.pharmacyId}`);
  const feedForm = page.getByRole("form", { name: "Price feed" });
  await expect(feedForm.getByText("No feed is set.", { exact: false })).toBeVisible();
  await feedForm.getByLabel("Feed address").fill(feed.url);
  await feedForm.getByLabel("Format").selectOption("flat-csv");
  await feedForm.getByRole("button", { name: "Save feed" }).click();
  await expect(feedForm.getByText("Feed saved")).toBeFocused();
  await pictures(page, "pharmacy-form-feed");

  // Feeds: run it now; its row shows the run, with the one row held.
  await page.getByRole("navigation").getByRole("link", { name: "Feeds", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Feeds", level: 1 })).toBeVisible();
  const feedRow = page
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: new RegExp(pharmacy) }) });
  await feedRow.getByRole("button", { name: `Run now of ${pharmacy}` }).click();
  // A run now asks first (issue 41), as the Newsletters screen's do.
  const confirm = page.getByRole("alertdialog", { name: "Run this feed now?" });
  await expect(confirm).toContainText(pharmacy);
  await confirm.getByRole("button", { name: "Run now" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${pharmacy}: Read 1` })).toBeVisible();
  await expect(feedRow).toContainText("Read 1 · changed 0 · confirmed 0 · held 1 · refused 0");
  await expect(feedRow).toContainText("Succeeded");
  await pictures(page, "feeds");

  // Feed review: the held row with its old and new price; accepted.
  await page.getByRole("navigation").getByRole("link", { name: "Feed review", exact: true }).click();
  const name = `${medication.name} ${dosage}, ${pharmacy}`;
  const heldRow = page
    .getByRole("row")
    .filter({ has: page.getByRole("checkbox", { name: `Select ${name}` }) });
  await expect(heldRow).toContainText(`${formatPounds(offer.price)} → ${formatPounds(newPrice)}`);
  await expect(heldRow).toContainText("the price falls by 55 %");
  await pictures(page, "feed-review");
  await heldRow.getByRole("button", { name: `Accept ${name}` }).click();
  await expect(page.getByText("1 row accepted: the prices are live")).toBeVisible();
  await expect(heldRow).toHaveCount(0);

  // Visitors see the new price.
  await page.goto(`/condition/${CONDITION}?${new URLSearchParams({ medication: medication.name, dosage })}`);
  await expect(comparisonRow(page, pharmacy)).toContainText(formatPounds(newPrice));
});
