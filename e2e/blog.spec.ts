import { expect, type Page, test } from "@playwright/test";
import { demoBlogPosts } from "../apps/api/src/demo-data/index.ts";
import { COOKIE_CONSENT_KEY } from "../apps/web/app/lib/cookie-consent.ts";
import { keepPicture, picturesWanted } from "./support/page-checks.ts";
import { fallbackOrigin } from "./support/stack.ts";

/** The demo posts as the blog should list them: newest first. */
const newestFirst = [...demoBlogPosts].sort((a, b) => Date.parse(b.publishDate) - Date.parse(a.publishDate));
const [newest] = newestFirst;
if (!newest) throw new Error("The demo data has no blog posts");

const viewports = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 375, height: 800 },
] as const;

async function expectNoSidewaysOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** A full-page screenshot for review, taken with the cookie choice made so the banner does not cover it. */
async function screenshot(page: Page, fileName: string) {
  if (!picturesWanted()) return;
  await page.evaluate(
    (key) =>
      localStorage.setItem(key, JSON.stringify({ choice: "essential", date: new Date().toISOString() })),
    COOKIE_CONSENT_KEY,
  );
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await keepPicture(page, fileName, { fullPage: true });
}

function jsonLdOf(html: string): Record<string, unknown> {
  const script = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)?.[1];
  expect(script).toBeDefined();
  return JSON.parse(script ?? "{}");
}

test("/blog lists every post newest first, with the categories panel, tags and the promotion", async ({
  page,
}) => {
  const response = await page.goto("/blog");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("PharmaCompare Blog");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("PharmaCompare Blog");

  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
  await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText("Blog");

  const cards = page.getByRole("region", { name: "Articles" }).getByRole("article");
  await expect(cards).toHaveCount(newestFirst.length);
  await expect(cards.getByRole("heading")).toHaveText(newestFirst.map((post) => post.title));
  for (const [index, post] of newestFirst.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole("link")).toHaveAttribute("href", `/blog/${post.slug}`);
    await expect(card.locator("time")).toHaveAttribute("datetime", post.publishDate);
    await expect(card).toContainText(`${post.readTime} min read`);
    await expect(card).toContainText(post.author);
    // No demo post has an image: the placeholder names the category instead.
    await expect(card.getByTestId("post-placeholder")).toHaveText(post.category);
    // At most three tags per card.
    await expect(card.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(
      post.tags.slice(0, 3),
    );
  }
  await expect(cards.first().locator("time")).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);

  const categories = page.getByRole("region", { name: "Categories" });
  for (const category of new Set(demoBlogPosts.map((post) => post.category))) {
    const count = demoBlogPosts.filter((post) => post.category === category).length;
    await expect(categories.getByRole("listitem").filter({ hasText: category })).toHaveText(
      `${category}${count} ${count === 1 ? "article" : "articles"}`,
    );
  }
  // Counts, not filters: the panel has nothing to click.
  await expect(categories.getByRole("link")).toHaveCount(0);

  const tags = page.getByRole("region", { name: "Popular tags" });
  await expect(tags.getByRole("listitem")).toHaveText([
    "Wegovy",
    "Ozempic",
    "Weight Loss",
    "Viagra",
    "Savings",
    "Mounjaro",
  ]);
  await expect(tags.getByRole("link")).toHaveCount(0);

  await expect(page.getByRole("link", { name: "Start Comparing Prices" })).toHaveAttribute("href", "/");
});

test("a card opens its article at the top of the page", async ({ page }) => {
  await page.goto("/blog");
  const last = newestFirst[newestFirst.length - 1];
  if (!last) throw new Error("no posts");
  const link = page.getByRole("link", { name: last.title });
  await link.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/blog/${last.slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(last.title);
  await expect(page).toHaveTitle(`${last.title} | Blog`);
  // React Router's ScrollRestoration starts every new location at the top.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("the server HTML carries the article's title, description, canonical, Open Graph and JSON-LD", async ({
  request,
}) => {
  const response = await request.get(`/blog/${newest.slug}`, { headers: { accept: "text/html" } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  const escapeHtml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("'", "&#x27;");
  const url = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
  expect(url).toMatch(new RegExp(`^http://localhost:\\d+/blog/${newest.slug}$`));

  expect(html).toContain(`<title>${escapeHtml(newest.title)} | Blog</title>`);
  expect(html).toContain(`<meta name="description" content="${escapeHtml(newest.metaDescription)}"/>`);
  expect(html).toContain(`<meta name="keywords" content="${escapeHtml(newest.metaKeywords.join(", "))}"/>`);
  expect(html).toContain('<meta property="og:type" content="article"/>');
  expect(html).toContain('<meta property="og:locale" content="en_GB"/>');
  expect(html).toContain(`<meta property="og:title" content="${escapeHtml(newest.title)}"/>`);
  expect(html).toContain(`<meta property="og:description" content="${escapeHtml(newest.metaDescription)}"/>`);
  expect(html).toContain(`<meta property="og:url" content="${url}"/>`);
  expect(html).toContain(`<meta property="article:published_time" content="${newest.publishDate}"/>`);

  const ld = jsonLdOf(html);
  expect(ld).toMatchObject({
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: newest.title,
    datePublished: newest.publishDate,
    dateModified: newest.lastUpdated,
    author: { name: newest.author },
    publisher: { "@type": "Organization", name: "PharmaCompare" },
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
  });

  // The article itself is in the server HTML too, not fetched after load.
  expect(html).toContain(`<h1`);
  expect(html).toContain("Ready to Save on Your Medications?");
});

test("an article shows its trail, facts, body, tags and the call to action", async ({ page }) => {
  const post = demoBlogPosts.find(
    (candidate) => candidate.slug === "wegovy-vs-mounjaro-comparing-uk-online-prices",
  );
  if (!post) throw new Error("demo post missing");
  await page.goto(`/blog/${post.slug}`);

  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb.getByRole("link")).toHaveText(["Home", "Blog"]);
  await expect(breadcrumb.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/blog");
  await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText(post.title);

  const header = page.getByRole("article").locator("header");
  await expect(header).toContainText(post.category);
  await expect(header).toContainText("5 min read");
  await expect(header).toContainText(post.author);
  await expect(header.locator("time")).toHaveText(["18 August 2025"]);
  await expect(header.locator("time")).toHaveAttribute("datetime", post.publishDate);
  // Published and last updated on the same day: no Updated line.
  await expect(page.getByText(/^Updated/)).toHaveCount(0);

  // The markdown body: headings, lists, the table in a labelled scroll region, safe external links.
  const body = page.locator(".article-prose");
  await expect(
    body.getByRole("heading", { level: 2, name: "Why the price changes with the dose" }),
  ).toBeVisible();
  await expect(body.getByRole("listitem").first()).toBeVisible();
  const table = body.getByRole("region", { name: "Table: Feature, Wegovy, Mounjaro" });
  await expect(table.getByRole("table")).toBeVisible();
  const external = body.getByRole("link", { name: "Yellow Card scheme" });
  await expect(external).toHaveAttribute("href", "https://yellowcard.mhra.gov.uk");
  await expect(external).toHaveAttribute("rel", "noopener noreferrer");
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);

  await expect(page.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(post.tags);
  const cta = page.getByRole("complementary", { name: "Ready to Save on Your Medications?" });
  await cta.getByRole("link", { name: "Start Comparing Prices" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the newest article shows its UK long date and no related section when its category has no others", async ({
  page,
}) => {
  await page.goto(`/blog/${newest.slug}`);
  await expect(page.getByRole("article").locator("header time")).toHaveText("22 August 2025");
  await expect(page.getByText(/^Updated/)).toHaveCount(0);
  // Every demo post is alone in its category: nothing related to show.
  await expect(page.getByRole("heading", { name: "Related Articles" })).toHaveCount(0);
});

test("an unknown slug answers 404 with Article Not Found and a way back to the blog", async ({ page }) => {
  const response = await page.goto("/blog/no-such-article");
  expect(response?.status()).toBe(404);
  await expect(page).toHaveTitle("Article Not Found | Blog");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Article Not Found");
  await expect(
    page.getByText("The article you're looking for doesn't exist or has been moved."),
  ).toBeVisible();
  const back = page.getByRole("link", { name: "Back to Blog" });
  await expect(back).toHaveAttribute("href", "/blog");
  await back.click();
  await expect(page).toHaveURL(/\/blog$/);
});

test("with the API down, /blog still answers 200 with a friendly message", async ({ page }) => {
  const response = await page.goto(`${fallbackOrigin}/blog`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("PharmaCompare Blog");
  await expect(page.getByText("The articles could not be loaded just now.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Popular tags" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Start Comparing Prices" })).toHaveAttribute("href", "/");
});

for (const viewport of viewports) {
  test(`/blog and an article fit the screen at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });

    await page.goto("/blog");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSidewaysOverflow(page);
    await screenshot(page, `blog-${viewport.name}.png`);

    await page.goto("/blog/wegovy-vs-mounjaro-comparing-uk-online-prices");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSidewaysOverflow(page);
    if (viewport.width < 640) {
      // The wide table scrolls inside its own keyboard-reachable region, not the page.
      const region = page.getByRole("region", { name: "Table: Feature, Wegovy, Mounjaro" });
      await expect(region).toHaveAttribute("tabindex", "0");
      const scrolls = await region.evaluate((element) => element.scrollWidth > element.clientWidth);
      expect(scrolls).toBe(true);
    }
    await screenshot(page, `article-${viewport.name}.png`);
  });
}
