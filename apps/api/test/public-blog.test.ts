import { BlogPost, BlogPostSummary } from "@pharmacompare/contract";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { blogPosts } from "../src/db/schema.ts";
import { demoBlogPosts } from "../src/demo-data/index.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

const newest = [...demoBlogPosts].sort((a, b) => b.publishDate.localeCompare(a.publishDate));

describe("GET /api/blog/posts", () => {
  it("lists published posts newest first, without their body", async () => {
    const res = await api.app.inject({ url: "/api/blog/posts?limit=3" });
    expect(res.statusCode).toBe(200);
    const posts = z.array(BlogPostSummary).parse(res.json());
    expect(posts.map((p) => p.slug)).toEqual(newest.slice(0, 3).map((p) => p.slug));
    expect(posts.map((p) => p.publishDate)).toEqual([
      "2025-08-22T09:00:00.000Z",
      "2025-08-20T09:00:00.000Z",
      "2025-08-18T09:00:00.000Z",
    ]);
    expect(posts.map((p) => p.readTime)).toEqual([4, 5, 5]);
    expect(res.json()[0]).not.toHaveProperty("content");
  });

  it("for the home page, leaves out posts whose card names a prescription-only medicine (decision 040)", async () => {
    const home = async () =>
      z
        .array(BlogPostSummary)
        .parse((await api.app.inject({ url: "/api/blog/posts?limit=3&surface=home" })).json())
        .map((p) => p.title);
    // "Wegovy vs Mounjaro" and "Viagra or sildenafil? Cialis or tadalafil?" name POMs; the blog keeps them.
    expect(await home()).toEqual(["How to save money on prescriptions in the UK"]);

    // The catalogue decides: were Wegovy and Mounjaro pharmacy medicines, their post would come back.
    await api.database.db.execute(
      "update medications set legal_category = 'P' where name in ('Wegovy', 'Mounjaro')",
    );
    expect(await home()).toEqual([
      "How to save money on prescriptions in the UK",
      "Wegovy vs Mounjaro: comparing UK online prices",
    ]);
    await api.database.db.execute(
      "update medications set legal_category = 'POM' where name in ('Wegovy', 'Mounjaro')",
    );
    expect(await home()).toEqual(["How to save money on prescriptions in the UK"]);

    const bad = await api.app.inject({ url: "/api/blog/posts?surface=email" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain("surface");
  });

  it("for the home page, reads a card as its reader sees it: a disguised name is still a name (issue 42)", async () => {
    const home = async () =>
      z
        .array(BlogPostSummary)
        .parse((await api.app.inject({ url: "/api/blog/posts?limit=3&surface=home" })).json())
        .map((p) => p.title);
    const disguised = [
      { title: "Half price M\u043Eunjaro this week", excerpt: "Prices fell.", tags: ["Savings"] },
      { title: "Prices this week", excerpt: "Half price Moun\u00ADjaro.", tags: ["Savings"] },
      { title: "More prices this week", excerpt: "Prices fell.", tags: ["Moun\u200Bjaro"] },
      { title: "Even more prices", excerpt: "Half price Mounj&#97;ro.", tags: ["Savings"] },
    ];
    const slugs = disguised.map((_, index) => `disguised-${index}`);
    await api.database.db.insert(blogPosts).values(
      disguised.map((post, index) => ({
        ...post,
        slug: slugs[index] as string,
        content: "x",
        author: "PharmaCompare",
        category: "Money Saving",
        metaDescription: "x",
        readTime: 3,
        published: true,
        // Newer than every demo post, so only the rule keeps them off the home page.
        publishDate: new Date(Date.UTC(2026, 0, 1 + index)),
      })),
    );
    try {
      expect(await home()).toEqual(["How to save money on prescriptions in the UK"]);
    } finally {
      await api.database.db.delete(blogPosts).where(inArray(blogPosts.slug, slugs));
    }
  });

  it("filters by category, leaves drafts out, and refuses a bad limit", async () => {
    const money = z
      .array(BlogPostSummary)
      .parse((await api.app.inject({ url: "/api/blog/posts?category=Money%20Saving" })).json());
    expect(money.every((p) => p.category === "Money Saving")).toBe(true);
    expect(money.length).toBeGreaterThan(0);

    const slug = newest[0]?.slug as string;
    await api.database.db.execute(`update blog_posts set published = false where slug = '${slug}'`);
    const all = z.array(BlogPostSummary).parse((await api.app.inject({ url: "/api/blog/posts" })).json());
    expect(all.map((p) => p.slug)).not.toContain(slug);
    expect((await api.app.inject({ url: `/api/blog/posts/${slug}` })).statusCode).toBe(404);
    await api.database.db.execute(`update blog_posts set published = true where slug = '${slug}'`);

    const bad = await api.app.inject({ url: "/api/blog/posts?limit=0" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "invalid_request", fields: { limit: expect.any(String) } });
    expect(bad.json().error).toContain("limit");
  });
});

describe("GET /api/blog/posts/{slug}", () => {
  it("returns the article with its markdown body", async () => {
    const saving = demoBlogPosts.find((p) => p.content.includes("£9.90"));
    const res = await api.app.inject({ url: `/api/blog/posts/${saving?.slug}` });
    expect(res.statusCode).toBe(200);
    const post = BlogPost.parse(res.json());
    expect(post.content).toContain("£9.90");
    expect(post.title).toBe(saving?.title);
  });

  it("answers an unknown slug with 404 { error, code }", async () => {
    const res = await api.app.inject({ url: "/api/blog/posts/no-such-article" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Blog post "no-such-article" not found', code: "not_found" });
  });
});

describe("GET /api/blog/posts/{slug}/related", () => {
  it("lists up to three other posts of the same category", async () => {
    const first = demoBlogPosts[0];
    await api.database.db.execute(
      `insert into blog_posts (slug, title, excerpt, content, author, category, meta_description, read_time, published, publish_date)
       values ('same-category-a', 'A', 'a', 'a', 'Team', '${first?.category.replace("'", "''")}', 'a', 3, true, '2025-09-01'),
              ('same-category-draft', 'B', 'b', 'b', 'Team', '${first?.category.replace("'", "''")}', 'b', 3, false, '2025-09-02')`,
    );
    const res = await api.app.inject({ url: `/api/blog/posts/${first?.slug}/related` });
    expect(res.statusCode).toBe(200);
    const related = z.array(BlogPostSummary).parse(res.json());
    expect(related.map((p) => p.slug)).toEqual(["same-category-a"]);
    expect((await api.app.inject({ url: "/api/blog/posts/nope/related" })).statusCode).toBe(404);
  });
});
