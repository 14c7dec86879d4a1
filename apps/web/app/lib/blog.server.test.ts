import type { BlogPost, BlogPostSummary } from "@pharmacompare/contract";
import { describe, expect, it, vi } from "vitest";
import { type ApiClient, ApiError } from "./api-client.ts";
import { loadBlogArticle, loadBlogPosts } from "./blog.server.ts";

function summary(slug: string, publishDate = "2025-08-20T09:00:00.000Z"): BlogPostSummary {
  return {
    _id: slug,
    id: slug,
    slug,
    title: slug,
    excerpt: "",
    author: "PharmaCompare Editorial Team",
    publishDate,
    lastUpdated: publishDate,
    category: "Weight Loss",
    tags: [],
    featuredImage: null,
    metaDescription: "",
    metaKeywords: [],
    readTime: 4,
    published: true,
  };
}

function article(slug: string): BlogPost {
  return { ...summary(slug), content: "Body" };
}

/** An API double answering by path; a thrown error stands for a failed call. */
function fakeApi(answers: Record<string, () => unknown>): ApiClient & { paths: string[] } {
  const paths: string[] = [];
  return {
    paths,
    get: async (path) => {
      paths.push(path);
      const answer = answers[path];
      if (!answer) throw new ApiError("http", 404, "not found");
      return answer() as never;
    },
  };
}

const signal = new AbortController().signal;

describe("loadBlogPosts", () => {
  it("asks for as many posts as the API allows and sorts them newest first", async () => {
    const api = fakeApi({
      "/api/blog/posts?limit=100": () => [
        summary("old", "2025-08-18T09:00:00.000Z"),
        summary("new", "2025-08-22T09:00:00.000Z"),
      ],
    });
    expect((await loadBlogPosts(signal, api))?.map((post) => post.slug)).toEqual(["new", "old"]);
  });

  it("answers null when the API fails, so the page can say so", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const api = fakeApi({
      "/api/blog/posts?limit=100": () => {
        throw new ApiError("network", 0, "down");
      },
    });
    expect(await loadBlogPosts(signal, api)).toBe(null);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});

describe("loadBlogArticle", () => {
  it("returns the article and at most three related posts, never itself", async () => {
    const api = fakeApi({
      "/api/blog/posts/a": () => article("a"),
      "/api/blog/posts/a/related": () => [
        summary("a"),
        summary("b"),
        summary("c"),
        summary("d"),
        summary("e"),
      ],
    });
    const result = await loadBlogArticle("a", signal, api);
    expect(result.status).toBe("found");
    if (result.status !== "found") return;
    expect(result.post.slug).toBe("a");
    expect(result.related.map((post) => post.slug)).toEqual(["b", "c", "d"]);
  });

  it("is not-found for an unknown slug, or one the API refuses as malformed", async () => {
    expect(await loadBlogArticle("missing", signal, fakeApi({}))).toEqual({ status: "not-found" });
    const refused = fakeApi({
      "/api/blog/posts/bad": () => {
        throw new ApiError("http", 400, "bad slug");
      },
    });
    expect(await loadBlogArticle("bad", signal, refused)).toEqual({ status: "not-found" });
  });

  it("is unavailable when the API cannot be reached", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const down = () => {
      throw new ApiError("network", 0, "down");
    };
    const api = fakeApi({ "/api/blog/posts/a": down, "/api/blog/posts/a/related": down });
    expect(await loadBlogArticle("a", signal, api)).toEqual({ status: "unavailable" });
    error.mockRestore();
  });

  it("still shows the article when only the related list fails", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const api = fakeApi({
      "/api/blog/posts/a": () => article("a"),
      "/api/blog/posts/a/related": () => {
        throw new ApiError("timeout", 0, "slow");
      },
    });
    const result = await loadBlogArticle("a", signal, api);
    expect(result).toMatchObject({ status: "found", related: [] });
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });

  it("encodes the slug in the API path", async () => {
    const api = fakeApi({});
    await loadBlogArticle("a b/c", signal, api);
    expect(api.paths).toContain("/api/blog/posts/a%20b%2Fc");
  });
});
