import { describe, expect, it } from "vitest";
import { mergedTags, PURGE_MAX_DELAY_MS, purgeHeaders, purgeRetryDelayMs } from "./purger.ts";

describe("shared cache purges (decision 064)", () => {
  it("merges a cache's waiting purges into one: site covers every narrower tag", () => {
    expect(
      mergedTags([{ tags: ["medication:finasteride"] }, { tags: ["pharmacy:3", "medication:finasteride"] }]),
    ).toEqual(["medication:finasteride", "pharmacy:3"]);
    expect(mergedTags([{ tags: ["medication:finasteride"] }, { tags: ["site"] }])).toEqual(["site"]);
  });

  it("cuts a long list of tags into headers Varnish accepts", () => {
    const tags = Array.from({ length: 600 }, (_, index) => `medication:medication-number-${index}`);
    const headers = purgeHeaders(tags);
    expect(headers.length).toBeGreaterThan(1);
    for (const header of headers) expect(header.length).toBeLessThanOrEqual(4_000);
    expect(headers.join(" ").split(" ")).toEqual(tags);
    expect(purgeHeaders([])).toEqual([]);
  });

  it("waits longer after each failure, up to a cap, and never gives up", () => {
    expect([1, 2, 3, 4].map(purgeRetryDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(purgeRetryDelayMs(40)).toBe(PURGE_MAX_DELAY_MS);
  });
});
