import { adminEndpoints, endpointUrl } from "@pharmacompare/contract";
import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { demoBlogPosts } from "../apps/api/src/demo-data/index.ts";
import { adminHeaders } from "./support/admin-api.ts";
import { openBackOffice, signedInForThisSpec } from "./support/admin-session.ts";
import { API_URL } from "./support/stack.ts";

/**
 * The back-office Blog list and editor (back-office §2): a post written and previewed here is on the
 * public blog and in its category's related posts while published, and nowhere public as a draft.
 * The journeys share the e2e database with the public blog's (e2e/blog.spec.ts expects the demo
 * posts alone), so every post made here is deleted again.
 */
signedInForThisSpec();
const PREFIX = "E2E post";

// Related posts are the newest other published posts of the same category (the API's blog
// service): a new post in this article's category is the first of them.
const [article] = demoBlogPosts;
if (!article) throw new Error("The demo data has no blog posts");

async function openList(page: Page) {
  await page.goto("/admin/blog");
  await expect(page.getByRole("heading", { name: "Blog", level: 1 })).toBeVisible();
}

/** Deletes what a journey left behind (a failure half-way), through the API. */
async function deleteOurPosts(request: APIRequestContext) {
  const headers = await adminHeaders(request);
  const list = await request.get(
    `${API_URL}${endpointUrl(adminEndpoints.listAdminBlogPosts, { query: { search: PREFIX, limit: 100 } })}`,
    { headers },
  );
  const { posts } = (await list.json()) as { posts: { _id: string; title: string }[] };
  for (const post of posts) {
    if (post.title.startsWith(PREFIX)) {
      await request.delete(
        `${API_URL}${endpointUrl(adminEndpoints.deleteBlogPost, { params: { id: post._id } })}`,
        { headers },
      );
    }
  }
}

test.afterAll(async ({ request }) => {
  await deleteOurPosts(request);
});

/** The post's row in the list (the table at 1280 px; a card on phones). */
function row(page: Page, title: string): Locator {
  return page
    .getByRole("region", { name: "Blog posts" })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: new RegExp(`^${escapeRegExp(title)}`) }) });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function publicCards(page: Page): Locator {
  return page.getByRole("region", { name: "Articles" }).getByRole("article");
}

const content = [
  "## Why prices differ",
  "",
  "Pharmacies set **their own** prices for the same pack.",
  "",
  "- Delivery fees",
  "- Consultation fees",
  "",
  "<script>window.__ran = true</script>",
  "",
  "| Pack | Price |",
  "| --- | --- |",
  "| 4 pens | £199.00 |",
].join("\n");

test("a post written and previewed in the editor is public while published and hidden as a draft", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const title = `${PREFIX}: Comparing pen prices in 2026!`;
  const slug = "e2e-post-comparing-pen-prices-in-2026";
  const excerpt = "What changes the price of the same pen from one UK online pharmacy to the next.";
  const metaDescription = "Why UK online pharmacies charge different prices for the same weight loss pen.";

  await openList(page);
  await page.getByRole("link", { name: "New Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog\/new$/);
  await expect(page.getByRole("heading", { name: "New Blog Post", level: 1 })).toBeVisible();
  // A new post starts in General Health, as a draft.
  await expect(page.getByLabel("Category")).toHaveValue("General Health");
  await expect(page.getByLabel("Published")).not.toBeChecked();

  // Generate makes the slug from the title: lowercase, runs of other characters one hyphen, trimmed.
  await page.getByLabel("Title").fill(title);
  await page.getByRole("button", { name: "Generate the slug from the title" }).click();
  await expect(page.getByLabel("Slug")).toHaveValue(slug);
  await page.getByLabel("Category").selectOption(article.category);

  // Tags: several at once with commas; a repeat (any case) is refused and said so; a chip can go.
  const tags = page.getByLabel("Tags", { exact: true });
  await tags.fill("Pens, Savings, Old tag");
  await tags.press("Enter");
  const tagList = page.getByRole("list", { name: "Tags added" });
  await expect(tagList.getByRole("listitem")).toHaveCount(3);
  for (const tag of ["Pens", "Savings", "Old tag"]) {
    await expect(tagList.getByRole("button", { name: `Remove tag “${tag}”` })).toBeVisible();
  }
  await tags.fill("savings");
  await tags.press("Enter");
  await expect(page.getByText("“savings” is already a tag")).toBeVisible();
  await page.getByRole("button", { name: "Remove tag “Old tag”" }).click();
  await expect(tagList.getByRole("listitem")).toHaveCount(2);

  // Counters against the limits of back-office §5.
  await page.getByLabel("Excerpt").fill(excerpt);
  await expect(page.getByText(`${excerpt.length}/300`)).toBeVisible();
  await page.getByLabel("Meta description").fill(metaDescription);
  await expect(page.getByText(`${metaDescription.length}/160`)).toBeVisible();
  const keywords = page.getByLabel("Meta keywords", { exact: true });
  await keywords.fill("weight loss pen prices");
  await page.getByRole("button", { name: "Add keyword" }).click();
  await expect(page.getByRole("list", { name: "Meta keywords added" }).getByRole("listitem")).toHaveCount(1);
  await page.getByLabel("Content (markdown)").fill(content);

  // Preview: the title, the excerpt and the markdown rendered by the public article's component.
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: title });
  await expect(preview).toBeVisible();
  await expect(page.getByLabel("Title")).toBeHidden();
  await expect(preview.getByText(excerpt)).toBeVisible();
  await expect(preview.getByRole("heading", { name: "Why prices differ" })).toBeVisible();
  await expect(preview.locator("strong")).toHaveText("their own");
  await expect(preview.getByRole("listitem")).toHaveText(["Delivery fees", "Consultation fees"]);
  await expect(preview.getByRole("region", { name: "Table: Pack, Price" })).toBeVisible();
  // Raw HTML in the markdown is dropped, never run.
  await expect(preview).not.toContainText("window.__ran");
  expect(await page.evaluate(() => (window as { __ran?: boolean }).__ran)).toBeUndefined();
  await page.getByRole("button", { name: "Edit" }).click();
  await expect(page.getByLabel("Title")).toBeVisible();

  await page.getByLabel("Published").check();
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(
    page.getByRole("status").filter({ hasText: `“${title}” created and published` }),
  ).toBeVisible();

  const created = row(page, title);
  await expect(created).toHaveCount(1);
  await expect(created.getByRole("rowheader")).toContainText(`/${slug}`);
  await expect(created.getByRole("cell").nth(0)).toHaveText(article.category);
  await expect(created.getByRole("button", { name: /^Published/ })).toBeVisible();
  const view = created.getByRole("link", { name: /^View/ });
  await expect(view).toHaveAttribute("href", `/blog/${slug}`);
  await expect(view).toHaveAttribute("target", "_blank");
  await expect(view).toHaveAccessibleName(/opens in a new tab/);

  // Published: on /blog, its own page renders the markdown, and it is a related post of its category.
  await page.goto("/blog");
  await expect(publicCards(page).filter({ hasText: title })).toHaveCount(1);
  await page.goto(`/blog/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByRole("heading", { name: "Why prices differ" })).toBeVisible();
  await page.goto(`/blog/${article.slug}`);
  const related = page.getByRole("region", { name: "Related Articles" });
  await expect(related.getByRole("heading", { name: title })).toBeVisible();

  // Toggled from the list, it is a draft: gone from /blog, its page and the related posts.
  await openList(page);
  await page.getByLabel("Search").fill(slug.toUpperCase());
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("Showing 1–1 of 1 posts")).toBeVisible();
  await row(page, title)
    .getByRole("button", { name: /^Published/ })
    .click();
  await expect(page.getByRole("status").filter({ hasText: `“${title}” is now a draft` })).toBeVisible();
  await expect(row(page, title).getByRole("button", { name: /^Draft/ })).toBeVisible();
  await expect(row(page, title).getByRole("link", { name: /^View/ })).toHaveCount(0);
  await page.goto("/blog");
  await expect(publicCards(page).filter({ hasText: title })).toHaveCount(0);
  expect((await page.goto(`/blog/${slug}`))?.status()).toBe(404);
  await page.goto(`/blog/${article.slug}`);
  await expect(page.getByText(title)).toHaveCount(0);

  // Edit: the editor starts from the post; the change is saved and the list shows it.
  await openList(page);
  await row(page, title).getByRole("link", { name: /^Edit/ }).click();
  await expect(page.getByRole("heading", { name: "Edit Blog Post", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue(title);
  await expect(page.getByLabel("Slug")).toHaveValue(slug);
  await expect(page.getByLabel("Category")).toHaveValue(article.category);
  await expect(page.getByRole("list", { name: "Tags added" }).getByRole("listitem")).toHaveCount(2);
  await expect(page.getByLabel("Content (markdown)")).toHaveValue(content);
  await expect(page.getByLabel("Published")).not.toBeChecked();
  const edited = `${PREFIX}: Comparing pen prices`;
  await page.getByLabel("Title").fill(edited);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(
    page.getByRole("status").filter({ hasText: `“${edited}” updated and saved as a draft` }),
  ).toBeVisible();
  await expect(row(page, edited)).toHaveCount(1);

  // Delete asks first, naming the post; Cancel keeps it, Delete removes it.
  await row(page, edited)
    .getByRole("button", { name: /^Delete/ })
    .click();
  const confirm = page.getByRole("alertdialog", { name: "Delete blog post" });
  await expect(confirm).toContainText(`Are you sure you want to delete “${edited}”?`);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(row(page, edited)).toHaveCount(1);
  await row(page, edited)
    .getByRole("button", { name: /^Delete/ })
    .click();
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: `“${edited}” deleted` })).toBeVisible();
  await expect(row(page, edited)).toHaveCount(0);
});

test("the editor names each missing field, and the API's refusal shows beside its field", async ({
  page,
}) => {
  await page.goto("/admin/blog/new");
  // Generate needs a title to work from.
  await page.getByRole("button", { name: "Generate the slug from the title" }).click();
  await expect(page.getByText("Write a title first: the slug is made from it")).toBeVisible();
  await expect(page.getByLabel("Slug")).toHaveValue("");
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Failed to save blog post" })).toBeVisible();
  for (const message of [
    "Title is required",
    "Slug is required",
    "Excerpt is required",
    "Meta description is required",
    "Content is required",
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expect(page.getByLabel("Title")).toBeFocused();
  await expect(page.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");

  // Over the excerpt's limit: the counter turns and the save says by how much.
  const title = `${PREFIX}: taken slug`;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Slug").fill(article.slug);
  await page.getByLabel("Excerpt").fill("x".repeat(305));
  await expect(page.getByText("305/300")).toBeVisible();
  await page.getByLabel("Meta description").fill("A description.");
  await page.getByLabel("Content (markdown)").fill("Body.");
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(
    page.getByText("Excerpt must be at most 300 characters: it has 305, 5 too many"),
  ).toBeVisible();
  await expect(page.getByLabel("Excerpt")).toBeFocused();

  // A slug another post has: the API refuses it, and says so beside the slug.
  await page.getByLabel("Excerpt").fill("Short enough.");
  await page.getByRole("button", { name: "Create Post" }).click();
  await expect(page.getByText("Slug is already taken")).toBeVisible();
  await expect(page.getByLabel("Slug")).toBeFocused();
  await expect(page.getByLabel("Title")).toHaveValue(title);

  // Cancel goes back to the list; nothing was saved.
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(row(page, title)).toHaveCount(0);
});

test("the list's failures and empty state say what happened", async ({ page }) => {
  await openBackOffice(page);
  const listUrl = `${API_URL}${endpointUrl(adminEndpoints.listAdminBlogPosts)}`;
  const publishUrl = `${API_URL}${endpointUrl(adminEndpoints.publishBlogPost, { params: { id: "*" } })}`;
  const deleteUrl = `${API_URL}${endpointUrl(adminEndpoints.deleteBlogPost, { params: { id: "*" } })}`;

  await openList(page);
  await page.route(publishUrl, (route) =>
    route.fulfill({ status: 500, json: { error: "Internal server error" } }),
  );
  await page
    .getByRole("region", { name: "Blog posts" })
    .getByRole("button", { name: /^Published/ })
    .first()
    .click();
  await expect(page.getByRole("alert").filter({ hasText: "Failed to toggle publish status" })).toBeFocused();

  await page.route(deleteUrl, (route) =>
    route.request().method() === "DELETE"
      ? route.fulfill({ status: 500, json: { error: "Internal server error" } })
      : route.fallback(),
  );
  await page
    .getByRole("region", { name: "Blog posts" })
    .getByRole("button", { name: /^Delete/ })
    .first()
    .click();
  const confirm = page.getByRole("alertdialog", { name: "Delete blog post" });
  await confirm.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(confirm.getByText("Failed to delete blog post")).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("region", { name: "Blog posts" }).getByRole("row")).toHaveCount(
    demoBlogPosts.length + 1,
  );

  await page.route(`${listUrl}*`, (route) =>
    route.fulfill({ json: { posts: [], page: 1, limit: 20, total: 0, totalPages: 1 } }),
  );
  await page.reload();
  await expect(page.getByText("No blog posts found")).toBeVisible();
  await page.route(`${listUrl}*`, (route) =>
    route.fulfill({ status: 500, json: { error: "Internal server error" } }),
  );
  await page.reload();
  await expect(page.getByText("Failed to load blog posts")).toBeVisible();

  // An unknown post: the editor says it could not be loaded and offers the way back.
  await page.goto("/admin/blog/edit/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("alert")).toContainText("Failed to load blog post");
  await expect(page.getByLabel("Title")).toHaveCount(0);
  await page.getByRole("link", { name: "Back to the blog posts" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
});

test("the list counts the posts, and the editor fits a 375 px and a 1280 px screen without scrolling sideways", async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await openList(page);
  const posts = demoBlogPosts.length;
  await expect(page.getByText(`Showing 1–${posts} of ${posts} posts`)).toBeVisible();
  await page
    .getByRole("link", { name: new RegExp(`^Edit “${escapeRegExp(article.title)}”`) })
    .filter({ visible: true })
    .click();
  await expect(page.getByLabel("Title")).toHaveValue(article.title);
  const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await sideways()).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });
  expect(await sideways()).toBeLessThanOrEqual(0);
});
