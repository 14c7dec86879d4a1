import { describe, expect, it } from "vitest";
import { countCategories, showsUpdatedDate, sortNewestFirst } from "./blog.ts";

describe("showsUpdatedDate: only when the calendar day differs", () => {
  it("is hidden when the dates are identical", () => {
    expect(showsUpdatedDate("2025-08-22T09:00:00.000Z", "2025-08-22T09:00:00.000Z")).toBe(false);
  });

  it("is hidden for a later edit on the same UK day", () => {
    expect(showsUpdatedDate("2025-08-22T09:00:00.000Z", "2025-08-22T17:45:00.000Z")).toBe(false);
  });

  it("is shown from the next day on", () => {
    expect(showsUpdatedDate("2025-08-22T09:00:00.000Z", "2025-08-23T08:00:00.000Z")).toBe(true);
    expect(showsUpdatedDate("2025-08-18T09:00:00.000Z", "2025-09-02T09:00:00.000Z")).toBe(true);
  });

  it("compares days in UK time, not UTC", () => {
    // 23:30 UTC on 22 August is already 23 August in London (BST): a different day.
    expect(showsUpdatedDate("2025-08-22T09:00:00.000Z", "2025-08-22T23:30:00.000Z")).toBe(true);
    // 23:30 UTC on 21 August is 00:30 on 22 August in London: the same day as 09:00 UTC.
    expect(showsUpdatedDate("2025-08-21T23:30:00.000Z", "2025-08-22T09:00:00.000Z")).toBe(false);
  });

  it("is hidden when either date is unreadable", () => {
    expect(showsUpdatedDate("2025-08-22T09:00:00.000Z", "not a date")).toBe(false);
  });
});

describe("sortNewestFirst", () => {
  it("orders by publish date, newest first, without changing its input", () => {
    const posts = [
      { id: "a", publishDate: "2025-08-18T09:00:00.000Z" },
      { id: "c", publishDate: "2025-08-22T09:00:00.000Z" },
      { id: "b", publishDate: "2025-08-20T09:00:00.000Z" },
    ];
    expect(sortNewestFirst(posts).map((post) => post.id)).toEqual(["c", "b", "a"]);
    expect(posts.map((post) => post.id)).toEqual(["a", "c", "b"]);
  });
});

describe("countCategories", () => {
  it("counts posts per category, most first, then by name", () => {
    const posts = ["Weight Loss", "Money Saving", "Weight Loss", "Hair Loss"].map((category) => ({
      category,
    }));
    expect(countCategories(posts)).toEqual([
      { category: "Weight Loss", count: 2 },
      { category: "Hair Loss", count: 1 },
      { category: "Money Saving", count: 1 },
    ]);
  });

  it("is empty for no posts", () => {
    expect(countCategories([])).toEqual([]);
  });
});
