import type { FeedRun } from "@pharmacompare/contract";
import { describe, expect, it } from "vitest";
import { runCountsText } from "./feed-columns.tsx";

const run = (counts: Partial<NonNullable<FeedRun["counts"]>>): FeedRun => ({
  id: "run",
  startedAt: "2026-11-26T03:17:00.000Z",
  finishedAt: "2026-11-26T03:17:05.000Z",
  outcome: "succeeded",
  manual: false,
  counts: {
    read: 0,
    changed: 0,
    confirmed: 0,
    held: 0,
    refused: 0,
    refusals: [],
    notModified: false,
    triggeredAlerts: 0,
    ...counts,
  },
  error: null,
});

describe("a feed run's summary on the Feeds screen", () => {
  it("names the rows confirmed unchanged, not only the changed ones (issue 41)", () => {
    expect(runCountsText(run({ read: 120, changed: 3, confirmed: 114, held: 1, refused: 2 }))).toBe(
      "Read 120 · changed 3 · confirmed 114 · held 1 · refused 2",
    );
    expect(runCountsText(run({ notModified: true, confirmed: 1 }))).toBe(
      "Not modified since the last run; 1 price re-confirmed",
    );
    expect(runCountsText(run({ notModified: true, confirmed: 40 }))).toBe(
      "Not modified since the last run; 40 prices re-confirmed",
    );
  });
});
