import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./outbox-service.ts";

// Moved from email/transport.test.ts: the retry policy is the outbox's, not the transport's.
describe("delivery failures", () => {
  it("wait twice as long after each attempt, at most six hours", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(30)).toBe(6 * 60 * 60 * 1000);
  });
});
