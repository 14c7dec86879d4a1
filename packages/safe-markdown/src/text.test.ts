import { describe, expect, it } from "vitest";
import { markdownText } from "./text.ts";

/** A newsletter's plain-text part (issue 41): what the renderer made of the markdown, as text. */
describe("markdown as plain text", () => {
  const body = [
    "## Winter savings",
    "",
    "Prices for **hay fever** and _allergy_ treatments fell & more.",
    "",
    "- Tablets",
    "- Sprays",
    "",
    "### How to compare",
    "",
    "1. Open the [comparison](/condition/hay-fever).",
    "2. Read [the guide](https://www.pharmacompare.example/blog/guide).",
    "",
    "<script>alert(1)</script>",
    "",
    "[Not a link](javascript:alert(1)) ![A chart](/images/chart.png)",
  ].join("\n");
  const text = markdownText(body, { siteUrl: "https://www.pharmacompare.example" });

  it("reads as text: no markdown syntax left", () => {
    expect(text).not.toMatch(/\*\*|__|^#{1,6} |\[[^\]]*\]\([^)]*\)|<script/m);
  });

  it("keeps the words, the structure and every link's whole address", () => {
    expect(text).toBe(
      [
        "WINTER SAVINGS",
        "",
        "Prices for hay fever and allergy treatments fell & more.",
        "",
        "- Tablets",
        "- Sprays",
        "",
        "How to compare",
        "",
        "1. Open the comparison (https://www.pharmacompare.example/condition/hay-fever).",
        "2. Read the guide (https://www.pharmacompare.example/blog/guide).",
        "",
        "Not a link A chart",
      ].join("\n"),
    );
  });
});
