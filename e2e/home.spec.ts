import { findNamedMedicine, type Medication, prescriptionOnlyNames } from "@pharmacompare/contract";
import { expect, test } from "@playwright/test";
import { demoCategories } from "../apps/api/src/demo-data/index.ts";
import { popularSearches } from "../apps/web/app/lib/popular-searches.ts";
import { expectNoAxeViolations } from "./support/page-checks.ts";
import { API_URL } from "./support/stack.ts";

test("home page lists categories from the database", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveTitle(/PharmaCompare/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
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

test("without JavaScript the phone menu and the category cards lead to the footer's links", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL,
    viewport: { width: 375, height: 800 },
  });
  const page = await context.newPage();
  try {
    await page.goto("/");
    const footer = page.getByRole("navigation", { name: "Footer" });
    await page.getByRole("banner").getByRole("link", { name: "Menu" }).click();
    await expect(page).toHaveURL(/#footer-nav$/);
    await expect(footer.getByRole("link", { name: "Contact" })).toBeInViewport();

    await page.goto("/");
    const categories = page.getByRole("region", { name: "Browse by Category" });
    await categories.getByRole("link", { name: /Women's Health/ }).click();
    await expect(page).toHaveURL(/#footer-category-womens-health$/);
    await expect(footer.getByRole("link", { name: "Period Delay" })).toBeInViewport();
  } finally {
    await context.close();
  }
});

function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;");
}

// ---------------------------------------------------------------- home page features

const apiBase = API_URL;

test("the server HTML carries the home page's title, social metadata, JSON-LD and shortcuts", async ({
  request,
}) => {
  const html = await (await request.get("/", { headers: { accept: "text/html" } })).text();
  expect(html).toContain("<title>PharmaCompare — Compare UK Online Pharmacy Prices</title>");
  expect(html).toMatch(/<meta name="description" content="[^"]+"/);
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/"/);
  for (const property of ["og:title", "og:description", "og:url"]) {
    expect(html).toContain(`<meta property="${property}"`);
  }
  expect(html).toContain('<meta property="og:type" content="website"/>');
  expect(html).toContain('<meta property="og:locale" content="en_GB"/>');

  const jsonLd = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1];
  expect(jsonLd).toBeDefined();
  const site = JSON.parse(jsonLd ?? "{}");
  expect(site["@type"]).toBe("WebSite");
  expect(site.potentialAction["@type"]).toBe("SearchAction");
  expect(site.potentialAction.target.urlTemplate).toMatch(/\/search\?q=\{search_term_string\}$/);

  // Popular searches are conditions, never medicines (docs/compliance.md): each opens its comparison.
  for (const { label, subcategoryId } of popularSearches) {
    expect(html).toContain(`href="/condition/${subcategoryId}"`);
    expect(html).toContain(`>${label}</a>`);
  }
  expect(html).not.toContain("?medication=");
});

test("keyboard search: suggestions, highlight, Enter goes to the condition page and clears the box", async ({
  page,
}) => {
  const searches: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/medications/search/")) searches.push(request.url());
  });
  // The page's clock is ours to move: the search's debounce runs out when the journey says so,
  // instead of the journey sleeping and hoping it has (issue 26).
  await page.clock.install();
  await page.goto("/");
  const box = page.getByRole("combobox", { name: "Search for a medication" });
  const listbox = page.getByRole("listbox", { name: "Medication suggestions" });
  // Typed before hydration, the character would reach no handler and the check below prove nothing:
  // focus the box, which fetches its suggestions' code (issue 47), and wait until React has attached
  // its props (its handlers) to it.
  await box.focus();
  await box.evaluate(
    (element) =>
      new Promise<void>((resolve) => {
        const check = () =>
          Object.keys(element).some((key) => key.startsWith("__reactProps$"))
            ? resolve()
            : setTimeout(check, 20);
        check();
      }),
  );

  // One character: nothing is asked and nothing is shown, even once the debounce has long run out.
  await box.pressSequentially("s");
  await page.clock.runFor(2_000);
  expect(searches).toEqual([]);
  await expect(listbox).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");

  await box.pressSequentially("ild");
  await expect(listbox).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  await expect(box).toHaveAttribute("aria-controls", (await listbox.getAttribute("id")) ?? "missing");
  const options = listbox.getByRole("option");
  expect(await options.count()).toBeGreaterThan(0);
  expect(await options.count()).toBeLessThanOrEqual(10);
  // Nothing is highlighted until an arrow key is pressed.
  expect((await box.getAttribute("aria-activedescendant")) ?? "").toBe("");
  await expect(listbox.locator('[aria-selected="true"]')).toHaveCount(0);

  await page.keyboard.press("ArrowDown");
  const first = options.first();
  await expect(first).toHaveAttribute("aria-selected", "true");
  await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id")) ?? "missing");
  const firstText = (await first.textContent()) ?? "";
  await expect(first).toContainText("Erectile Dysfunction");

  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/condition\/erectile-dysfunction\?medication=/);
  const medication = new URL(page.url()).searchParams.get("medication") ?? "";
  expect(medication.length).toBeGreaterThan(0);
  expect(firstText.startsWith(medication)).toBe(true);

  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("combobox", { name: "Search for a medication" })).toHaveValue("");
});

test("arrow keys wrap, Escape and a click outside close the suggestions", async ({ page }) => {
  await page.goto("/");
  const box = page.getByRole("combobox", { name: "Search for a medication" });
  const listbox = page.getByRole("listbox", { name: "Medication suggestions" });
  await box.fill("sild");
  await expect(listbox).toBeVisible();
  const options = listbox.getByRole("option");
  const count = await options.count();

  // Up from "none" goes to the last row; Down from the last wraps to the first.
  await page.keyboard.press("ArrowUp");
  await expect(options.nth(count - 1)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowDown");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");

  await page.keyboard.press("Escape");
  await expect(listbox).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(box).toHaveValue("sild");
  expect((await box.getAttribute("aria-activedescendant")) ?? "").toBe("");

  // ArrowDown brings the list back; a click elsewhere on the page closes it.
  await page.keyboard.press("ArrowDown");
  await expect(listbox).toBeVisible();
  await page.getByRole("heading", { level: 1 }).click();
  await expect(listbox).toBeHidden();
});

test("a term with no match says so politely, and a click on a suggestion navigates", async ({ page }) => {
  await page.goto("/");
  const box = page.getByRole("combobox", { name: "Search for a medication" });
  await box.fill("zzzz");
  const message = page.getByText('No medications found for "zzzz"');
  await expect(message).toBeVisible();
  await expect(message).toHaveAttribute("aria-live", "polite");
  await page.keyboard.press("Escape");
  await expect(message).toBeHidden();

  await box.fill("wegovy");
  const option = page.getByRole("option", { name: /^Wegovy/ });
  await option.click();
  await expect(page).toHaveURL(/\/condition\/weight-loss-medications\?medication=Wegovy$/);
});

test("the category pop-up traps focus, closes with Escape back to its opener, and links to conditions", async ({
  page,
}) => {
  await page.goto("/");
  const categories = page.locator("#categories");
  const opener = categories.getByRole("button", { name: /Men's Health/ });
  await opener.click();
  const dialog = page.getByRole("dialog", { name: "Men's Health" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute("aria-modal", "true");
  const focusInside = () => dialog.evaluate((element) => element.contains(document.activeElement));
  await expect.poll(focusInside).toBe(true);

  const stops = await dialog.locator("a[href], button").count();
  for (let i = 0; i < stops + 2; i++) {
    await page.keyboard.press("Tab");
    expect(await focusInside()).toBe(true);
  }
  for (let i = 0; i < stops + 2; i++) {
    await page.keyboard.press("Shift+Tab");
    expect(await focusInside()).toBe(true);
  }

  await expectNoAxeViolations(page);

  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // The close button and the backdrop close it too.
  await opener.click();
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  await opener.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();

  await opener.click();
  await dialog.getByRole("link", { name: /Hair Loss/ }).click();
  await expect(page).toHaveURL(/\/condition\/hair-loss$/);
});

test("the partner pharmacy carousel scrolls 200 px per Next/Previous press", async ({ page }) => {
  await page.goto("/");
  const region = page.getByRole("region", { name: "Partner pharmacies" });
  await region.scrollIntoViewIfNeeded();
  await expect(region.getByRole("listitem").first()).toBeVisible();
  const scrollLeft = () => region.evaluate((element) => element.scrollLeft);
  expect(await scrollLeft()).toBe(0);
  const previous = page.getByRole("button", { name: "Previous pharmacies" });
  const next = page.getByRole("button", { name: "Next pharmacies" });
  await expect(previous).toBeDisabled();

  await next.click();
  await expect.poll(scrollLeft).toBe(200);
  await next.click();
  await expect.poll(scrollLeft).toBe(400);
  await expect(previous).toBeEnabled();
  await previous.click();
  await expect.poll(scrollLeft).toBe(200);
});

test("the latest three blog posts naming no prescription-only medicine are shown newest first, with a link to the blog", async ({
  page,
  request,
}) => {
  const posts: { title: string; slug: string; publishDate: string; excerpt: string; tags: string[] }[] =
    await (await request.get(`${apiBase}/api/blog/posts`)).json();
  const names = prescriptionOnlyNames(
    (await (await request.get(`${apiBase}/api/medications?limit=1000`)).json()) as Medication[],
  );
  // The home page promotes, so an article whose card names a POM stays on the blog (decision 040).
  const expected = [...posts]
    .filter((post) => !findNamedMedicine([post.title, post.excerpt, ...post.tags].join("\n"), names))
    .sort((a, b) => Date.parse(b.publishDate) - Date.parse(a.publishDate))
    .slice(0, 3);
  expect(expected.length).toBeGreaterThan(0);
  expect(expected.length).toBeLessThan(posts.length);

  await page.goto("/");
  const section = page.getByRole("region", { name: "Latest from the blog" });
  const cards = section.getByRole("article");
  await expect(cards).toHaveCount(expected.length);
  await expect(cards.getByRole("heading")).toHaveText(expected.map((post) => post.title));
  for (const [index, post] of expected.entries()) {
    await expect(cards.nth(index).getByRole("link")).toHaveAttribute("href", `/blog/${post.slug}`);
    await expect(cards.nth(index).locator("time")).toHaveAttribute("datetime", post.publishDate);
  }
  await expect(cards.first().locator("time")).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
  await expect(section.getByRole("link", { name: "View all articles" })).toHaveAttribute("href", "/blog");
});

test("the condition tiles link to their condition pages", async ({ page }) => {
  await page.goto("/");
  const expected = {
    "weight-loss": "/condition/weight-loss-medications",
    ed: "/condition/erectile-dysfunction",
    "hair-loss": "/condition/hair-loss",
    "premature-ejaculation": "/condition/premature-ejaculation",
    "women-health": "/condition/oral-contraceptives",
  };
  for (const [id, href] of Object.entries(expected)) {
    const tile = page.locator(`#condition-${id}`);
    await expect(tile.getByRole("link")).toHaveAttribute("href", href);
    // The illustrations load lazily: bring each into view, then check the file really drew.
    await tile.scrollIntoViewIfNeeded();
    await expect
      .poll(() => tile.locator("img").evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
  }
});

test("on a phone nothing on the home page overflows sideways", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search form lands on /search, which lists matches as condition links", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("combobox", { name: "Search for a medication" }).fill("sild");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=sild$/);
    await expect(page).toHaveTitle('Search results for "sild" | PharmaCompare');
    const results = page.getByRole("region", { name: "Results" });
    const sildenafil = results.getByRole("link", { name: /^Sildenafil/ });
    await expect(sildenafil).toHaveAttribute("href", "/condition/erectile-dysfunction?medication=Sildenafil");
    expect(await results.getByRole("link").count()).toBeLessThanOrEqual(10);

    await page.goto("/search?q=zzzz");
    await expect(page.getByText('No medications found for "zzzz"')).toBeVisible();
    await page.goto("/search?q=%20s%20");
    await expect(page.getByText("Please type at least 2 characters to search.")).toBeVisible();
    await expect(page.getByRole("region", { name: "Results" }).getByRole("link")).toHaveCount(0);
  });
});

test("How It Works ends with buying from the pharmacy and promises no price alerts", async ({ page }) => {
  await page.goto("/");
  const how = page.getByRole("region", { name: "How It Works" });
  await expect(how.getByRole("heading", { level: 3 })).toHaveText([
    /Search or browse$/,
    /Compare prices$/,
    /Choose a pharmacy$/,
    /Buy from the pharmacy$/,
  ]);
  await expect(how).toContainText("Follow the link to the pharmacy's own website");
  await expect(how).not.toContainText(/alert|email you/i);
});
