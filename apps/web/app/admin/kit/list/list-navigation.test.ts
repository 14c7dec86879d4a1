import { MAX_PAGE } from "@pharmacompare/contract";
import { describe, expect, it } from "vitest";
import { hasFilters, listHref, listSearch, readFilters, readPage, showingText } from "./list-navigation.ts";

describe("readPage", () => {
  it.each([
    [null, 1],
    ["", 1],
    ["1", 1],
    ["7", 7],
    ["0", 1],
    ["-2", 1],
    ["2.5", 1],
    ["abc", 1],
    [String(MAX_PAGE + 1), MAX_PAGE],
  ])("%j → %i", (value, expected) => {
    expect(readPage(value)).toBe(expected);
  });
});

describe("list addresses", () => {
  const params = new URLSearchParams("action=login&actorEmail=%20ada%40example.com%20&page=3&other=x");

  it("reads the named filters, trimmed, blank when absent", () => {
    expect(readFilters(params, ["action", "actorEmail", "from"])).toEqual({
      action: "login",
      actorEmail: "ada@example.com",
      from: "",
    });
  });

  it("keeps blank filters and page 1 out of the address", () => {
    expect(listSearch({ action: "login", from: "" })).toBe("?action=login");
    expect(listSearch({ action: "login", from: "" }, 1)).toBe("?action=login");
    expect(listSearch({ action: "", from: "" }, 2)).toBe("?page=2");
    expect(listSearch({ actorEmail: "a+b@example.com" }, 3)).toBe("?actorEmail=a%2Bb%40example.com&page=3");
  });

  it("links the unfiltered first page as the list itself", () => {
    expect(listHref({ action: "" }, 1)).toBe(".");
    expect(listHref({ action: "logout" }, 2)).toBe("?action=logout&page=2");
  });

  it("knows whether any filter is set", () => {
    expect(hasFilters({ action: "", from: "" })).toBe(false);
    expect(hasFilters({ action: "", from: "2026-01-01" })).toBe(true);
  });
});

describe("showingText", () => {
  it("counts the rows on this page within the whole list", () => {
    expect(showingText({ page: 1, limit: 20, total: 45 }, 20, "entries")).toBe("Showing 1–20 of 45 entries");
    expect(showingText({ page: 3, limit: 20, total: 45 }, 5, "entries")).toBe("Showing 41–45 of 45 entries");
    expect(showingText({ page: 51, limit: 20, total: 1234 }, 20, "entries")).toBe(
      "Showing 1,001–1,020 of 1,234 entries",
    );
  });

  it("says nothing for an empty page", () => {
    expect(showingText({ page: 1, limit: 20, total: 0 }, 0, "entries")).toBe("");
  });
});
