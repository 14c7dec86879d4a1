import { describe, expect, it } from "vitest";
import { AuditQuery } from "./audit.ts";

describe("AuditQuery's date range", () => {
  it("refuses a From day after the To day, and accepts one day", () => {
    expect(AuditQuery.safeParse({ from: "2026-05-02", to: "2026-05-01" }).success).toBe(false);
    expect(AuditQuery.safeParse({ from: "2026-05-01", to: "2026-05-01" }).success).toBe(true);
  });

  it("says what a date must look like", () => {
    const result = AuditQuery.safeParse({ from: "2026-02-31" });
    expect(result.error?.issues[0]?.message).toBe(
      "must be a date (YYYY-MM-DD) or a date and time with its offset",
    );
  });
});
