import { describe, expect, it } from "vitest";
import { normaliseTags } from "./cache-tags.ts";

describe("normaliseTags (decision 063)", () => {
  it("names each tag once, sorted", () => {
    expect(normaliseTags(["pharmacy:a", "condition:acne", "pharmacy:a"])).toEqual([
      "condition:acne",
      "pharmacy:a",
    ]);
  });

  it("says site for nothing named, site among them, or a tag outside the vocabulary", () => {
    expect(normaliseTags([])).toEqual(["site"]);
    expect(normaliseTags(["condition:acne", "site"])).toEqual(["site"]);
    expect(normaliseTags(["condition:acne", "medication:two words"])).toEqual(["site"]);
    expect(normaliseTags(["colour:blue"])).toEqual(["site"]);
  });

  it("leaves the medications out of a change too wide to name each, keeping their conditions", () => {
    const medications = Array.from({ length: 150 }, (_, index) => `medication:m${index}`);
    const wide = normaliseTags([
      ...medications,
      "condition:acne",
      "condition:hair-loss",
      "pharmacy:p",
      "prices",
    ]);
    expect(wide).toEqual(["condition:acne", "condition:hair-loss", "pharmacy:p", "prices"]);
    const conditions = Array.from({ length: 150 }, (_, index) => `condition:c${index}`);
    expect(normaliseTags(conditions)).toEqual(["site"]);
    // Fewer than 100 but long: still within a NOTIFY's 8,000 bytes.
    const long = Array.from({ length: 99 }, (_, index) => `condition:${"x".repeat(75)}${index}`);
    expect(normaliseTags(long)).toEqual(["site"]);
    const withVersion = ["123456", ...normaliseTags(long.slice(0, 70))].join(" ");
    expect(Buffer.byteLength(withVersion)).toBeLessThan(8000);
  });
});
