import {
  AdminBlogPostList,
  AdminBlogPostResponse,
  AuditPage,
  adminEndpoints,
  BlogPost,
  BlogPostSummary,
  type EndpointDefinition,
  ErrorBody,
  endpointUrl,
  MeResponse,
  publicEndpoints,
} from "@pharmacompare/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { blogPosts } from "../src/db/schema.ts";
import { bearer, MINUTE, signIn, testClock } from "./admin-helpers.ts";
import { expectListConvention } from "./list-convention.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

const clock = testClock({ frozen: true });
let api: TestApi;
let token: string;
beforeAll(async () => {
  api = await createTestApi({}, { now: clock.now });
  token = await signIn(api.app);
});
afterAll(async () => {
  await api?.close();
});
// Every write happens at its own minute, so "newest change first" and the dates are exact.
beforeEach(() => {
  clock.advance(MINUTE);
});

async function call(
  endpoint: EndpointDefinition,
  input: { params?: Record<string, string>; body?: unknown; query?: Record<string, unknown> } = {},
) {
  const res = await api.app.inject({
    method: endpoint.method,
    url: endpointUrl(endpoint, input),
    headers: bearer(token),
    ...(input.body === undefined ? {} : { payload: input.body as object }),
  });
  return { status: res.statusCode, body: res.json() as unknown };
}

const postOf = (body: unknown) => AdminBlogPostResponse.parse(body).post;
const rows = () => api.database.db.select().from(blogPosts);
const rowOf = async (id: string) =>
  (await api.database.db.select().from(blogPosts).where(eq(blogPosts.id, id)))[0];

const publicList = async () =>
  z
    .array(BlogPostSummary)
    .parse((await api.get(urlOf(publicEndpoints.listBlogPosts, { query: { limit: 100 } }))).body)
    .map((post) => post.slug);
const publicArticle = (slug: string) => api.get(urlOf(publicEndpoints.getBlogPost, { params: { slug } }));
const relatedTo = async (slug: string) =>
  z
    .array(BlogPostSummary)
    .parse((await api.get(urlOf(publicEndpoints.relatedBlogPosts, { params: { slug } }))).body)
    .map((post) => post.slug);

let serial = 0;
/** A valid post as the editor sends it, with a slug no other test uses. */
function draft(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    title: `Saving on repeat prescriptions ${serial}`,
    slug: `saving-on-repeat-prescriptions-${serial}`,
    category: "Money Saving",
    excerpt: "Three ways to pay less.",
    metaDescription: "How to pay less for repeat prescriptions.",
    content: "word ".repeat(401).trim(),
    tags: [" savings ", "prescriptions"],
    metaKeywords: ["cheap prescriptions"],
    featuredImage: "",
    published: false,
    ...overrides,
  };
}

async function create(overrides: Record<string, unknown> = {}) {
  const res = await call(adminEndpoints.createBlogPost, { body: draft(overrides) });
  expect(res.status).toBe(201);
  return postOf(res.body);
}

describe("blog posts: write, list, read", () => {
  it("creates a draft: the signed-in admin as author, read time from the words, defaults, no publish date", async () => {
    const post = await create({ category: undefined, featuredImage: undefined });
    const me = MeResponse.parse((await call(adminEndpoints.currentAdmin)).body);
    expect(post).toMatchObject({
      author: me.user.name,
      category: "General Health",
      featuredImage: "/images/blog-placeholder.jpg",
      tags: ["savings", "prescriptions"],
      readTime: 3, // 401 words at 200 a minute, rounded up
      published: false,
      publishDate: null,
      lastUpdated: clock.now().toISOString(),
    });
    const row = await rowOf(post._id);
    expect(row?.publishDate).toBeNull();
    expect(row?.readTime).toBe(3);
  });

  it("lists drafts and published posts, most recently changed first, and reads one by id", async () => {
    const older = await create();
    clock.advance(MINUTE);
    const newer = await create();
    const answer = AdminBlogPostList.parse(
      (await call(adminEndpoints.listAdminBlogPosts, { query: { limit: 100 } })).body,
    );
    const list = answer.posts;
    expect(list.slice(0, 2).map((post) => post._id)).toEqual([newer._id, older._id]);
    // The demo's published posts are there too.
    expect(list.some((post) => post.published)).toBe(true);
    expect(list.length).toBe((await rows()).length);
    expect(answer).toMatchObject({ page: 1, limit: 100, total: list.length, totalPages: 1 });

    const one = await call(adminEndpoints.getAdminBlogPost, { params: { id: older._id } });
    expect(one.status).toBe(200);
    expect(postOf(one.body)).toEqual(older);
  });

  it("pages with the list convention: page, limit, total, totalPages and posts", async () => {
    await create();
    await create();
    await create();
    await expectListConvention((query) => call(adminEndpoints.listAdminBlogPosts, { query }), "posts");
  });

  it("searches title or slug ignoring case and filters by category, counting only the matches", async () => {
    const post = await create();
    const bySlug = AdminBlogPostList.parse(
      (await call(adminEndpoints.listAdminBlogPosts, { query: { search: post.slug.toUpperCase() } })).body,
    );
    expect(bySlug).toMatchObject({ posts: [{ _id: post._id }], total: 1 });
    const byTitle = AdminBlogPostList.parse(
      (await call(adminEndpoints.listAdminBlogPosts, { query: { search: post.title, limit: 100 } })).body,
    );
    expect(byTitle.posts.map((entry) => entry._id)).toContain(post._id);
    const inCategory = AdminBlogPostList.parse(
      (await call(adminEndpoints.listAdminBlogPosts, { query: { category: post.category, limit: 100 } }))
        .body,
    );
    expect(inCategory.posts.every((entry) => entry.category === post.category)).toBe(true);
    expect(inCategory.posts.map((entry) => entry._id)).toContain(post._id);
    const refused = await call(adminEndpoints.listAdminBlogPosts, { query: { category: "Gossip" } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ fields: { category: expect.any(String) } });
  });

  it("edits every field: the read time follows the content, lastUpdated moves, the author stays", async () => {
    const post = await create();
    clock.advance(MINUTE);
    const res = await call(adminEndpoints.updateBlogPost, {
      params: { id: post._id },
      body: draft({ title: "Renamed", slug: `renamed-${serial}`, content: "short", tags: [] }),
    });
    expect(res.status).toBe(200);
    const edited = postOf(res.body);
    expect(edited).toMatchObject({
      title: "Renamed",
      readTime: 1,
      tags: [],
      author: post.author,
      publishDate: null,
      lastUpdated: clock.now().toISOString(),
    });
    expect(edited.lastUpdated > post.lastUpdated).toBe(true);
    expect((await rowOf(post._id))?.title).toBe("Renamed");
  });
});

describe("publishing: only published posts are public", () => {
  it("keeps a draft off the public list, article, related posts and latest three", async () => {
    const post = await create({ category: "Money Saving" });
    expect(await publicList()).not.toContain(post.slug);
    expect((await publicArticle(post.slug)).status).toBe(404);
    const sibling = (await rows()).find(
      (row) => row.published && row.category === "Money Saving" && row.id !== post._id,
    );
    expect(sibling).toBeDefined();
    expect(await relatedTo(sibling?.slug as string)).not.toContain(post.slug);
    const latest = z
      .array(BlogPostSummary)
      .parse((await api.get(urlOf(publicEndpoints.listBlogPosts, { query: { limit: 3 } }))).body);
    expect(latest.map((entry) => entry.slug)).not.toContain(post.slug);
  });

  it("toggles: the first publication dates the post, unpublishing and republishing keep that date", async () => {
    const post = await create({ category: "Money Saving" });
    const params = { id: post._id };

    clock.advance(MINUTE);
    const firstPublished = clock.now().toISOString();
    const published = postOf((await call(adminEndpoints.publishBlogPost, { params })).body);
    expect(published).toMatchObject({
      published: true,
      publishDate: firstPublished,
      lastUpdated: firstPublished,
    });
    expect(await publicList()).toContain(post.slug);
    expect(BlogPost.parse((await publicArticle(post.slug)).body).publishDate).toBe(firstPublished);
    const sibling = (await rows()).find(
      (row) => row.published && row.category === "Money Saving" && row.id !== post._id,
    );
    expect(await relatedTo(sibling?.slug as string)).toContain(post.slug);
    // Newest publication first: it heads the home page's latest three.
    const latest = z
      .array(BlogPostSummary)
      .parse((await api.get(urlOf(publicEndpoints.listBlogPosts, { query: { limit: 3 } }))).body);
    expect(latest[0]?.slug).toBe(post.slug);

    clock.advance(MINUTE);
    const unpublished = postOf((await call(adminEndpoints.publishBlogPost, { params })).body);
    expect(unpublished).toMatchObject({ published: false, publishDate: firstPublished });
    expect(unpublished.lastUpdated).toBe(clock.now().toISOString());
    expect(await publicList()).not.toContain(post.slug);
    expect((await publicArticle(post.slug)).status).toBe(404);

    clock.advance(MINUTE);
    const again = postOf(
      (await call(adminEndpoints.publishBlogPost, { params, body: { published: true } })).body,
    );
    expect(again).toMatchObject({ published: true, publishDate: firstPublished });
    expect((await rowOf(post._id))?.publishDate?.toISOString()).toBe(firstPublished);

    // Asking for the state it is in changes nothing, not even lastUpdated.
    clock.advance(MINUTE);
    const same = postOf(
      (await call(adminEndpoints.publishBlogPost, { params, body: { published: true } })).body,
    );
    expect(same).toEqual(again);

    const audit = AuditPage.parse(
      (
        await api.app.inject({
          url: urlOf(adminEndpoints.listAuditEntries, { query: { entityType: "blog_post", limit: 100 } }),
          headers: bearer(token),
        })
      ).json(),
    );
    const mine = audit.entries.filter((entry) => entry.entityId === post._id).map((entry) => entry.action);
    expect(mine).toEqual(["publish", "unpublish", "publish", "create"]);
  });

  it("publishes from the editor too, dating it then; an edit keeps the first date", async () => {
    const post = await create({ published: true });
    expect(post.publishDate).toBe(clock.now().toISOString());
    expect(await publicList()).toContain(post.slug);
    clock.advance(MINUTE);
    const edited = postOf(
      (
        await call(adminEndpoints.updateBlogPost, {
          params: { id: post._id },
          body: draft({ slug: post.slug, published: false }),
        })
      ).body,
    );
    expect(edited).toMatchObject({ published: false, publishDate: post.publishDate });
    expect(await publicList()).not.toContain(post.slug);
  });

  it("deletes a post; a second delete, an edit or a toggle of it answer 404", async () => {
    const post = await create();
    const params = { id: post._id };
    const res = await call(adminEndpoints.deleteBlogPost, { params });
    expect(res).toEqual({ status: 200, body: { message: "Blog post deleted" } });
    expect(await rowOf(post._id)).toBeUndefined();
    for (const [endpoint, body] of [
      [adminEndpoints.deleteBlogPost, undefined],
      [adminEndpoints.getAdminBlogPost, undefined],
      [adminEndpoints.publishBlogPost, undefined],
      [adminEndpoints.updateBlogPost, draft()],
    ] as const) {
      const answer = await call(endpoint, { params, body });
      expect(answer.status).toBe(404);
      expect(ErrorBody.parse(answer.body).error).toBe(`Blog post "${post._id}" not found`);
    }
  });
});

describe("blog posts: refusals change nothing", () => {
  it.each([
    ["no title", { title: "   " }, "title"],
    ["no slug", { slug: undefined }, "slug"],
    ["a slug with capitals", { slug: "Not-A-Slug" }, "slug"],
    ["a slug with double hyphens", { slug: "a--b" }, "slug"],
    ["an unknown category", { category: "Gossip" }, "category"],
    ["no excerpt", { excerpt: "" }, "excerpt"],
    ["an excerpt of 301 characters", { excerpt: "x".repeat(301) }, "excerpt"],
    ["no meta description", { metaDescription: undefined }, "metaDescription"],
    ["a meta description of 161 characters", { metaDescription: "x".repeat(161) }, "metaDescription"],
    ["no content", { content: " \n " }, "content"],
    ["a blank tag", { tags: ["ok", "  "] }, "tags"],
    ["a repeated tag", { tags: ["Savings", " savings"] }, "tags"],
    ["a blank keyword", { metaKeywords: [""] }, "metaKeywords"],
    ["a repeated keyword", { metaKeywords: ["NHS", "nhs"] }, "metaKeywords"],
    ["a script address as image", { featuredImage: "javascript:alert(1)" }, "featuredImage"],
    ["published as text", { published: "yes" }, "published"],
  ])("%s answers 400 naming the field", async (_label, overrides, field) => {
    const before = await rows();
    const res = await call(adminEndpoints.createBlogPost, { body: draft(overrides) });
    expect(res.status).toBe(400);
    expect(ErrorBody.parse(res.body).fields).toHaveProperty(field);
    expect(await rows()).toEqual(before);
  });

  it("accepts an excerpt of exactly 300 and a meta description of exactly 160 characters", async () => {
    const post = await create({ excerpt: "x".repeat(300), metaDescription: "y".repeat(160) });
    expect(post.excerpt).toHaveLength(300);
    expect(post.metaDescription).toHaveLength(160);
  });

  it("refuses a slug another post has with 409 naming the slug, on create and on edit", async () => {
    const taken = await create();
    const other = await create();
    const before = await rows();
    const created = await call(adminEndpoints.createBlogPost, { body: draft({ slug: taken.slug }) });
    expect(created.status).toBe(409);
    expect(ErrorBody.parse(created.body)).toMatchObject({
      code: "conflict",
      error: `A blog post with the slug "${taken.slug}" already exists`,
      fields: { slug: expect.any(String) },
    });
    const edited = await call(adminEndpoints.updateBlogPost, {
      params: { id: other._id },
      body: draft({ slug: taken.slug }),
    });
    expect(edited.status).toBe(409);
    expect(ErrorBody.parse(edited.body).fields).toHaveProperty("slug");
    expect(await rows()).toEqual(before);
    // A post keeps its own slug when edited.
    const kept = await call(adminEndpoints.updateBlogPost, {
      params: { id: taken._id },
      body: draft({ slug: taken.slug, title: "Same slug" }),
    });
    expect(kept.status).toBe(200);
  });

  it("refuses an edit with a bad field, leaving the post as it was", async () => {
    const post = await create();
    const before = await rowOf(post._id);
    const res = await call(adminEndpoints.updateBlogPost, {
      params: { id: post._id },
      body: draft({ slug: post.slug, excerpt: "x".repeat(301) }),
    });
    expect(res.status).toBe(400);
    expect(await rowOf(post._id)).toEqual(before);
  });

  it("answers 400 for an id that is not one and for a publish flag that is not a boolean", async () => {
    const bad = await call(adminEndpoints.getAdminBlogPost, { params: { id: "nope" } });
    expect(bad.status).toBe(400);
    expect(ErrorBody.parse(bad.body).fields).toHaveProperty("id");
    const post = await create();
    const flag = await call(adminEndpoints.publishBlogPost, {
      params: { id: post._id },
      body: { published: "yes" },
    });
    expect(flag.status).toBe(400);
    expect((await rowOf(post._id))?.published).toBe(false);
  });

  it("keeps a published post dated in the database itself", async () => {
    const post = await create();
    await expect(
      api.database.db
        .update(blogPosts)
        .set({ published: true, publishDate: null })
        .where(eq(blogPosts.id, post._id)),
    ).rejects.toThrow();
  });
});
