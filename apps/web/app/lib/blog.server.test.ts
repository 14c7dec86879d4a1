import { type BlogPost, type BlogPostSummary, endpointUrl, publicEndpoints } from "@pharmacompare/contract";
import { describe, expect, it } from "vitest";
import { apiAnswering } from "./api-client.fake.ts";
import { type ApiClient, ApiError } from "./api-client.ts";
import { loadBlogArticle, loadBlogPosts } from "./blog.server.ts";
import { captureServerLog } from "./server-log.fake.ts";

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

/** An API double answering by URL; a thrown error stands for a failed call. */
function fakeApi(answers: Record<string, () => unknown>): ApiClient & { paths: string[] } {
  const paths: string[] = [];
  const api = apiAnswering((_endpoint, url) => {
    paths.push(url);
    const answer = answers[url];
    if (!answer) throw new ApiError("http", 404, "not found");
    return answer();
  });
  return Object.assign(api, { paths });
}

const listUrl = endpointUrl(publicEndpoints.listBlogPosts, { query: { limit: 100 } });
const postUrl = (slug: string) => endpointUrl(publicEndpoints.getBlogPost, { params: { slug } });
const relatedUrl = (slug: string) => endpointUrl(publicEndpoints.relatedBlogPosts, { params: { slug } });

const signal = new AbortController().signal;

describe("loadBlogPosts", () => {
  it("asks for as many posts as the API allows and sorts them newest first", async () => {
    const api = fakeApi({
      [listUrl]: () => [
        summary("old", "2025-08-18T09:00:00.000Z"),
        summary("new", "2025-08-22T09:00:00.000Z"),
      ],
    });
    expect((await loadBlogPosts(signal, api))?.map((post) => post.slug)).toEqual(["new", "old"]);
  });

  it("answers null when the API fails, so the page can say so", async () => {
    const error = captureServerLog();
    const api = fakeApi({
      [listUrl]: () => {
        throw new ApiError("network", 0, "down");
      },
    });
    expect(await loadBlogPosts(signal, api)).toBe(null);
    expect(error.lines).toHaveLength(1);
    error.release();
  });
});

describe("loadBlogArticle", () => {
  it("returns the article and at most three related posts, never itself", async () => {
    const api = fakeApi({
      [postUrl("a")]: () => article("a"),
      [relatedUrl("a")]: () => [summary("a"), summary("b"), summary("c"), summary("d"), summary("e")],
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
      [postUrl("bad")]: () => {
        throw new ApiError("http", 400, "bad slug");
      },
    });
    expect(await loadBlogArticle("bad", signal, refused)).toEqual({ status: "not-found" });
  });

  it("is unavailable when the API cannot be reached", async () => {
    const error = captureServerLog();
    const down = () => {
      throw new ApiError("network", 0, "down");
    };
    const api = fakeApi({ [postUrl("a")]: down, [relatedUrl("a")]: down });
    expect(await loadBlogArticle("a", signal, api)).toEqual({ status: "unavailable" });
    error.release();
  });

  it("still shows the article when only the related list fails", async () => {
    const error = captureServerLog();
    const api = fakeApi({
      [postUrl("a")]: () => article("a"),
      [relatedUrl("a")]: () => {
        throw new ApiError("timeout", 0, "slow");
      },
    });
    const result = await loadBlogArticle("a", signal, api);
    expect(result).toMatchObject({ status: "found", related: [] });
    expect(error.lines).toHaveLength(1);
    error.release();
  });

  it("encodes the slug in the API path", async () => {
    const api = fakeApi({});
    await loadBlogArticle("a b/c", signal, api);
    expect(api.paths).toContain(postUrl("a b/c"));
  });
});
