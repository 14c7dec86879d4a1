import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseRequestTarget, sortedQuery } from "./request-target.ts";

describe("parseRequestTarget", () => {
  it("reads a plain origin-form target: the path as sent, the query decoded", () => {
    const target = parseRequestTarget("/condition/hair-loss?medication=Finasteride&dosage=1mg%20x%2028");
    expect(target?.path).toBe("/condition/hair-loss");
    expect(target?.query.get("dosage")).toBe("1mg x 28");
  });

  it.each([
    ["//", "protocol-relative: read as a host by new URL(target, base)"],
    ["//x", "protocol-relative"],
    ["///", "protocol-relative"],
    ["//[", "protocol-relative, and unparseable"],
    ["//evil.example/condition/a", "another host's path must not collapse into /condition/a"],
    ["/\\evil.example/a", "a backslash is read as a slash"],
    ["\\", "not origin form"],
    ["*", "asterisk form"],
    ["http://localhost/", "absolute form"],
    ["", "empty"],
    ["/a/../admin", "dot segments are removed by parsing"],
    ["/a/%2e%2e/admin", "escaped dot segments too"],
    ["/%zz", "a bad escape in the path"],
    ["/%", "a lone %"],
    ["/search?q=%zz", "a bad escape in the query"],
    ["/search?q=%E0%A4%A", "a truncated escape"],
    ["/search?q=%ff", "an escape that is not UTF-8"],
    ["/a#b", "a fragment"],
    ["/a b", "a space"],
    ["/a\u0000b", "NUL"],
    ["/café", "non-ASCII, which parsing escapes"],
    [`/${"a".repeat(3000)}`, "over-long"],
  ])("refuses %j (%s)", (target) => {
    expect(parseRequestTarget(target)).toBeNull();
  });

  it("keeps %25-escaped text apart from the bad escape it spells", () => {
    expect(parseRequestTarget("/search?q=%zz")).toBeNull();
    expect(parseRequestTarget("/search?q=%25zz")?.query.get("q")).toBe("%zz");
  });

  it("sorts the query by name with values in their order", () => {
    const target = parseRequestTarget("/x?b=2&a=1&a=0");
    expect(target && sortedQuery(target.query)).toBe("a=1&a=0&b=2");
  });

  it("never throws, and what it accepts is origin form that URL parsing leaves as it is", () => {
    const pieces = fc.constantFrom(
      "/",
      "//",
      "\\",
      "%",
      "%2",
      "%2f",
      "%zz",
      "?",
      "&",
      "=",
      "#",
      ".",
      "..",
      "a",
      "admin",
      "ADMIN",
      "+",
      " ",
      "\u0000",
      "é",
      "*",
      ":",
      "@",
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(pieces).map((parts) => parts.join("")),
        ),
        (target) => {
          const parsed = parseRequestTarget(target);
          if (parsed === null) return;
          expect(target.startsWith("/") && !target.startsWith("//")).toBe(true);
          expect(new URL(target, "http://h.invalid").pathname).toBe(parsed.path);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
