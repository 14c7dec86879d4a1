import { describe, expect, it } from "vitest";
import { feedBody, runsPerDayLabel } from "./feed-input.ts";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
};
const base = { url: " https://feeds.example.co.uk/prices.csv ", format: "flat-csv", runsPerDay: "6" };

describe("the pharmacy form's feed settings as the PUT body", () => {
  it("keeps the stored credential unless staff replace or remove it (write-only)", () => {
    expect(feedBody(form({ ...base, headerChoice: "keep", headerName: "X", headerValue: "y" }))).toEqual({
      url: "https://feeds.example.co.uk/prices.csv",
      format: "flat-csv",
      runsPerDay: 6,
      active: false,
    });
    expect(feedBody(form({ ...base, headerChoice: "remove" })).header).toBeNull();
    expect(
      feedBody(
        form({
          ...base,
          active: "on",
          headerChoice: "replace",
          headerName: "Authorization",
          headerValue: "k",
        }),
      ),
    ).toMatchObject({ active: true, header: { name: "Authorization", value: "k" } });
  });

  it("sends no header when none is stored and both fields are empty, and half a header for the API to refuse", () => {
    expect(feedBody(form({ ...base, headerName: "", headerValue: "" }))).not.toHaveProperty("header");
    expect(feedBody(form({ ...base, headerName: "Authorization", headerValue: "" })).header).toEqual({
      name: "Authorization",
      value: "",
    });
  });

  it("says how often in words", () => {
    expect(runsPerDayLabel(1)).toBe("Once a day");
    expect(runsPerDayLabel(6)).toBe("Every 4 hours");
    expect(runsPerDayLabel(24)).toBe("Every hour");
    expect(runsPerDayLabel(12)).toBe("Every 2 hours");
  });
});
