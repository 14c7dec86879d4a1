import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { demoCategories } from "../apps/api/src/demo-data/index.ts";

test("home page lists categories from the database and passes axe", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/PharmaCompare/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
});

test("a header dropdown opens and its subcategory link leads to the condition page", async ({ page }) => {
  await page.goto("/");
  const banner = page.getByRole("banner");
  const trigger = banner.getByRole("button", { name: "Men's Health", exact: true });
  await trigger.click();
  await expect(trigger).toHaveAttribute("aria-expanded", "true");
  const link = banner.getByRole("link", { name: /Erectile Dysfunction/ });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/condition\/erectile-dysfunction$/);
});

test("the dropdown works from the keyboard and only one is open at a time", async ({ page }) => {
  await page.goto("/");
  const banner = page.getByRole("banner");
  const mens = banner.getByRole("button", { name: "Men's Health", exact: true });
  const womens = banner.getByRole("button", { name: "Women's Health", exact: true });
  await mens.focus();
  await page.keyboard.press("Enter");
  await expect(mens).toHaveAttribute("aria-expanded", "true");
  await womens.click();
  await expect(womens).toHaveAttribute("aria-expanded", "true");
  await expect(mens).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("Escape");
  await expect(womens).toHaveAttribute("aria-expanded", "false");
  await expect(womens).toBeFocused();
});

test("an unknown address answers 404 with a way home", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test("the server HTML already lists every category and subcategory name", async ({ request }) => {
  const response = await request.get("/", { headers: { accept: "text/html" } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  for (const category of demoCategories) {
    expect(html).toContain(escapeHtml(category.name));
    for (const sub of category.subcategories) expect(html).toContain(escapeHtml(sub.name));
  }
});

test("on a phone the menu expands one category at a time", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  const menu = page.getByRole("button", { name: /menu/i });
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  const nav = page.getByRole("banner");
  const mens = nav.getByRole("button", { name: "Men's Health", exact: true });
  const womens = nav.getByRole("button", { name: "Women's Health", exact: true });
  await mens.click();
  await expect(mens).toHaveAttribute("aria-expanded", "true");
  await womens.click();
  await expect(womens).toHaveAttribute("aria-expanded", "true");
  await expect(mens).toHaveAttribute("aria-expanded", "false");
  await nav.getByRole("link", { name: /Period Delay/ }).click();
  await expect(page).toHaveURL(/\/condition\/period-delay$/);
});

function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;");
}
