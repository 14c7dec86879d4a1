import { describe, expect, it } from "vitest";
import { BlogPostInput, readTimeOf, slugify } from "./blog.ts";

describe("slugify (the editor's Generate button)", () => {
  it.each([
    ["How to Save on Wegovy", "how-to-save-on-wegovy"],
    ["  --Men's Health: 5 tips!--  ", "men-s-health-5-tips"],
    ["Café & Crème brûlée", "cafe-creme-brulee"],
    ["100% off?!", "100-off"],
    ["***", ""],
  ])("%s → %s", (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it("cuts to 120 characters without a trailing hyphen", () => {
    const slug = slugify(`${"a".repeat(119)} b`);
    expect(slug).toBe("a".repeat(119));
    expect(slugify("word ".repeat(40)).length).toBeLessThanOrEqual(120);
  });
});

describe("readTimeOf", () => {
  it("counts words at 200 a minute, rounded up, at least 1", () => {
    expect(readTimeOf("")).toBe(1);
    expect(readTimeOf("word ".repeat(200))).toBe(1);
    expect(readTimeOf("word ".repeat(201))).toBe(2);
    // Markdown marks alone are not words.
    expect(readTimeOf(`# Title\n\n- ${"word ".repeat(399)}\n---`)).toBe(2);
  });
});

describe("BlogPostInput", () => {
  const valid = { title: "T", slug: "t", excerpt: "e", metaDescription: "m", content: "c" };

  it("applies the defaults and trims list items", () => {
    expect(BlogPostInput.parse({ ...valid, tags: [" a ", "b"] })).toMatchObject({
      category: "General Health",
      tags: ["a", "b"],
      metaKeywords: [],
      featuredImage: "/images/blog-placeholder.jpg",
      published: false,
    });
  });

  it("refuses a featured image address with a line break, tab, C1 control or zero-width space inside (issue 42)", () => {
    for (const featuredImage of [
      "https://img.example/a\r\nb.jpg",
      "/images/a\tb.jpg",
      "/images/a\u0085b.jpg",
      "/images/a\u200bb.jpg",
    ]) {
      const result = BlogPostInput.safeParse({ ...valid, featuredImage });
      expect(
        result.error?.issues.map((issue) => [issue.path.join("."), issue.message]),
        featuredImage,
      ).toEqual([
        [
          "featuredImage",
          "must not contain spaces, line breaks, tabs or other invisible characters: type the address on one line (a space is written %20)",
        ],
      ]);
    }
    expect(BlogPostInput.parse({ ...valid, featuredImage: "/images/a%20b.jpg" }).featuredImage).toBe(
      "/images/a%20b.jpg",
    );
  });

  it("names the list, not the item, when a tag or keyword is blank or repeated", () => {
    const result = BlogPostInput.safeParse({ ...valid, tags: ["a", "A "], metaKeywords: ["x", " "] });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["tags", 'must not repeat the tag "A"'],
      ["metaKeywords", "must not contain a blank keyword"],
    ]);
  });
});
