import { expect, type Page, test } from "@playwright/test";
import { edgeCases } from "./fixtures/edge-cases.ts";
import { signedInForThisSpec } from "./support/admin-session.ts";
import { expectNoLayoutFaultsAtEveryWidth } from "./support/layout-check.ts";

/**
 * Every back-office screen as staff see it after a month of running (the journeys' data: long
 * names, stale and hidden prices, twenty prices for one medication), with a dialog open and a
 * toast showing, laid out at 375, 768, 1280 and 1920 px: no overlap, no clipped text, no sideways
 * scroll (issue 41; e2e/support/layout-check.ts). Pictures of each screen are kept.
 */
signedInForThisSpec();
const { layout } = edgeCases;

/** The screen has drawn what it loaded: its heading, and nothing still busy. */
async function settled(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
}

const screens: { name: string; path: string }[] = [
  { name: "dashboard", path: "/admin/dashboard" },
  { name: "medications", path: "/admin/medications" },
  { name: "medication-long-name", path: `/admin/medications/edit/${layout.crowded.id}` },
  { name: "medication-new", path: "/admin/medications/new" },
  { name: "pharmacies", path: "/admin/pharmacies" },
  { name: "pharmacy-long-name", path: `/admin/pharmacies/edit/${layout.longPharmacy.id}` },
  { name: "pharmacy-new", path: "/admin/pharmacies/new" },
  { name: "prices-twenty", path: `/admin/prices?medication=${layout.crowded.id}` },
  { name: "feeds", path: "/admin/feeds" },
  { name: "feed-review", path: "/admin/feed-review" },
  { name: "categories", path: "/admin/categories" },
  { name: "blog", path: "/admin/blog" },
  { name: "blog-new", path: "/admin/blog/new" },
  { name: "messages", path: "/admin/messages" },
  { name: "contacts", path: "/admin/contacts" },
  { name: "price-alerts", path: "/admin/price-alerts" },
  { name: "subscriptions", path: "/admin/subscriptions" },
  { name: "newsletters", path: "/admin/newsletters" },
  { name: "newsletter-new", path: "/admin/newsletters/new" },
  { name: "profile", path: "/admin/profile" },
  { name: "audit", path: "/admin/audit" },
  { name: "not-found", path: "/admin/no-such-screen" },
];

for (const screen of screens) {
  test(`${screen.name} lays out without overlap at every width`, async ({ page }) => {
    await page.goto(screen.path);
    await settled(page);
    await expectNoLayoutFaultsAtEveryWidth(page, `admin-${screen.name}`);
  });
}

test("a delete dialog open over twenty prices, and a toast, lay out without overlap", async ({ page }) => {
  await page.goto(`/admin/prices?medication=${layout.crowded.id}`);
  await settled(page);
  const who = `${layout.longPharmacy.name} ${layout.crowded.dosage}`;
  await page.getByRole("button", { name: `Delete ${who}` }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete price" });
  await expect(dialog).toBeVisible();
  await expectNoLayoutFaultsAtEveryWidth(page, "admin-dialog-delete-price");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  // The same price saved again: the toast says so, and nothing changes.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: `Edit ${who}` }).click();
  await page.getByRole("button", { name: `Save ${who}` }).click();
  await expect(page.getByRole("status").filter({ hasText: /Price/ })).toBeVisible();
  await expectNoLayoutFaultsAtEveryWidth(page, "admin-toast-price");
});

test.describe("signed out", () => {
  test.use({ storageState: { cookies: [], origins: [] } });
  test("the sign-in screen lays out without overlap at every width", async ({ page }) => {
    await page.goto("/admin/login");
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    await expectNoLayoutFaultsAtEveryWidth(page, "admin-sign-in");
  });
});
