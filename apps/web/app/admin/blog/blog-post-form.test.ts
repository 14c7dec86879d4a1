import type { AdminBlogPost } from "@pharmacompare/contract";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CountedTextarea, WordListField } from "./blog-editor-fields.tsx";
import {
  additionProblem,
  addListEntries,
  blogInput,
  characterCount,
  draftFromForm,
  draftOf,
  draftProblems,
  refusedBlogFields,
} from "./blog-post-form.ts";

const post: AdminBlogPost = {
  _id: "6f1c7d1e-8a38-4b7e-9d0f-0d5b1c1f2a3b",
  id: "6f1c7d1e-8a38-4b7e-9d0f-0d5b1c1f2a3b",
  slug: "saving-on-weight-loss",
  title: "Saving on weight loss",
  excerpt: "How to pay less.",
  content: "## Why\n\nBecause.",
  author: "Admin",
  publishDate: null,
  lastUpdated: "2026-11-01T10:00:00.000Z",
  category: "Weight Loss",
  tags: ["Wegovy", "Savings"],
  featuredImage: "/images/blog-placeholder.jpg",
  metaDescription: "Pay less for weight loss medication.",
  metaKeywords: ["wegovy price"],
  readTime: 1,
  published: false,
};

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("a new post", () => {
  it("starts empty, a draft, in General Health", () => {
    expect(draftOf(null)).toEqual({
      title: "",
      slug: "",
      category: "General Health",
      tags: [],
      published: false,
      excerpt: "",
      metaDescription: "",
      metaKeywords: [],
      content: "",
    });
  });

  it("is refused before sending, each required field named", () => {
    expect(draftProblems(draftOf(null))).toEqual({
      title: "Title is required",
      slug: "Slug is required",
      excerpt: "Excerpt is required",
      metaDescription: "Meta description is required",
      content: "Content is required",
    });
  });
});

describe("the checks before sending", () => {
  const good = draftOf(post);

  it("pass a complete post", () => {
    expect(draftProblems(good)).toEqual({});
  });

  it("hold the excerpt to 300 characters and the meta description to 160, saying by how much", () => {
    expect(draftProblems({ ...good, excerpt: "x".repeat(300), metaDescription: "y".repeat(160) })).toEqual(
      {},
    );
    expect(draftProblems({ ...good, excerpt: "x".repeat(301), metaDescription: "y".repeat(175) })).toEqual({
      excerpt: "Excerpt must be at most 300 characters: it has 301, 1 too many",
      metaDescription: "Meta description must be at most 160 characters: it has 175, 15 too many",
    });
  });

  it("take a blank (spaces only) as missing", () => {
    expect(draftProblems({ ...good, title: "   ", content: "\n\n" })).toEqual({
      title: "Title is required",
      content: "Content is required",
    });
  });

  it.each(["Upper-Case", "two--hyphens", "-leading", "spaces in it", "café"])(
    "refuse the slug %s",
    (slug) => {
      expect(draftProblems({ ...good, slug }).slug).toMatch(/^Slug must be lowercase letters and digits/);
    },
  );
});

describe("tags and keywords", () => {
  it("add each of a comma-separated entry, trimmed, blanks dropped", () => {
    expect(addListEntries(["Wegovy"], " Ozempic , ,Savings,")).toEqual({
      items: ["Wegovy", "Ozempic", "Savings"],
      repeated: [],
    });
  });

  it("leave out a repeat, ignoring case, and say so", () => {
    const addition = addListEntries(["Wegovy"], "wegovy, Mounjaro, MOUNJARO");
    expect(addition).toEqual({ items: ["Wegovy", "Mounjaro"], repeated: ["wegovy", "MOUNJARO"] });
    expect(additionProblem("tag", "wegovy", addListEntries(["Wegovy"], "wegovy"))).toBe(
      "“wegovy” is already a tag",
    );
    expect(additionProblem("tag", "", addListEntries([], ""))).toBe("Type a tag to add");
    expect(additionProblem("keyword", " , ", addListEntries([], " , "))).toBe("Type a keyword to add");
    expect(additionProblem("tag", "New", addListEntries([], "New"))).toBeUndefined();
  });
});

describe("the form as sent", () => {
  it("reads every field, and text typed in a list's box but never added joins the list", () => {
    const draft = draftFromForm(
      form([
        ["title", "  A title  "],
        ["slug", "a-title"],
        ["category", "Money Saving"],
        ["tags", "Savings"],
        ["tags", "Prices, UK"],
        ["tagsEntry", "savings, Generics"],
        ["published", "on"],
        ["excerpt", "Short."],
        ["metaDescription", "Meta."],
        ["metaKeywords", "cheap"],
        ["metaKeywordsEntry", ""],
        ["content", "# Body"],
      ]),
    );
    // An item arrives whole, commas and all; only the unfinished entry is split.
    expect(draft.tags).toEqual(["Savings", "Prices, UK", "Generics"]);
    expect(draft.metaKeywords).toEqual(["cheap"]);
    expect(draft.published).toBe(true);
    expect(blogInput(draft, null)).toEqual({
      title: "A title",
      slug: "a-title",
      category: "Money Saving",
      excerpt: "Short.",
      metaDescription: "Meta.",
      content: "# Body",
      tags: ["Savings", "Prices, UK", "Generics"],
      metaKeywords: ["cheap"],
      featuredImage: null,
      published: true,
    });
  });

  it("is a draft when the box is not ticked, and keeps an edited post's image", () => {
    const draft = draftFromForm(form([["title", "T"]]));
    expect(draft.published).toBe(false);
    expect(draft.category).toBe("General Health");
    expect(blogInput(draftOf(post), post.featuredImage).featuredImage).toBe("/images/blog-placeholder.jpg");
  });
});

describe("the API's refusal beside the fields", () => {
  it("reads each field's message as a sentence after its label; an item's path belongs to its list", () => {
    expect(
      refusedBlogFields({
        slug: "is already taken",
        "tags.2": "each tag must be text",
        metaKeywords: 'must not repeat the keyword "cheap"',
        content: "Content is too long",
        unknown: "is odd",
      }),
    ).toEqual({
      slug: "Slug is already taken",
      tags: "Tags each tag must be text",
      metaKeywords: 'Meta keywords must not repeat the keyword "cheap"',
      content: "Content is too long",
    });
  });
});

describe("the character counter", () => {
  it("shows x/max and says what remains, or how many are too many", () => {
    expect(characterCount("abc", 160)).toEqual({
      length: 3,
      over: false,
      visible: "3/160",
      spoken: "3 of 160 characters used, 157 remaining",
    });
    expect(characterCount("x".repeat(161), 160)).toMatchObject({
      over: true,
      spoken: "1 character too many",
    });
    expect(characterCount("x".repeat(305), 300)).toMatchObject({
      visible: "305/300",
      spoken: "5 characters too many",
    });
  });

  it("describes its field with the count, and has a polite live region for typing", () => {
    const html = renderToStaticMarkup(
      createElement(CountedTextarea, {
        id: "blog-excerpt",
        label: "Excerpt",
        name: "excerpt",
        max: 300,
        value: "Hello",
        onValueChange: () => {},
        hint: "Shown on cards.",
      }),
    );
    expect(html).toContain('aria-describedby="blog-excerpt-hint blog-excerpt-count"');
    expect(html).toContain('<span aria-hidden="true">5/300</span>');
    expect(html).toContain("5 of 300 characters used, 295 remaining");
    expect(html).toContain('aria-live="polite"');
    // No maxlength: pasted text is never cut silently.
    expect(html).not.toContain("maxlength");
  });
});

describe("the list field", () => {
  it("sends each item as its own field, each with a Remove button naming it", () => {
    const html = renderToStaticMarkup(
      createElement(WordListField, {
        id: "blog-tags",
        name: "tags",
        label: "Tags",
        noun: "tag",
        items: ["Wegovy", "<b>Savings</b>"],
        onItemsChange: () => {},
        hint: "Press Enter.",
        maxLength: 60,
      }),
    );
    expect(html).toContain('<input type="hidden" name="tags" value="Wegovy"/>');
    expect(html).toContain("Remove tag “Wegovy”");
    // Text, never markup.
    expect(html).toContain("&lt;b&gt;Savings&lt;/b&gt;");
    expect(html).not.toContain("<b>");
    expect(html).toContain('name="tagsEntry"');
    expect(html).toContain('<ul aria-label="Tags added"');
  });
});
