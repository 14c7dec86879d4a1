import { describe, expect, it } from "vitest";
import { localInputToIso, toLocalInput } from "./message-dates.ts";

describe("the Admin Messages dialog's dates", () => {
  it("sends a field's wall-clock time as the same moment, with the browser's offset", () => {
    for (const value of ["2025-08-18T10:05", "2025-01-15T23:30", "2025-03-30T03:15", "2025-10-26T00:45"]) {
      const iso = localInputToIso(value);
      expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
      expect(new Date(iso ?? "").getTime()).toBe(new Date(value).getTime());
      expect(iso?.slice(0, 16)).toBe(value);
    }
  });

  it("sends a blank field as null and passes an unreadable one on for the API to refuse", () => {
    expect(localInputToIso("")).toBeNull();
    expect(localInputToIso("  ")).toBeNull();
    expect(localInputToIso("tomorrow")).toBe("tomorrow");
  });

  it("shows a stored moment in the field as local time, and back again unchanged", () => {
    const stored = "2025-08-18T09:05:00.000Z";
    const field = toLocalInput(stored);
    expect(field).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(new Date(localInputToIso(field) ?? "").toISOString()).toBe(stored);
    expect(toLocalInput("not a date")).toBe("");
  });
});
