import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api-client.ts";
import { failureText, UNREACHABLE_MESSAGE } from "./admin-route.ts";

describe("failureText when the API is down (issue 15)", () => {
  const fallback = "Could not load this list.";

  it("says the API cannot be reached when nothing answered or the request timed out", () => {
    expect(failureText(new ApiError("network", 0, "fetch failed"), fallback)).toBe(UNREACHABLE_MESSAGE);
    expect(failureText(new ApiError("timeout", 0, "timed out"), fallback)).toBe(UNREACHABLE_MESSAGE);
  });

  it("says the same for a gateway's bare 502/503/504 (the API processes are down behind nginx)", () => {
    for (const status of [502, 503, 504]) {
      expect(failureText(new ApiError("http", status, "Bad Gateway"), fallback)).toBe(UNREACHABLE_MESSAGE);
    }
  });

  it("shows the API's own sentence when it answered one (its database is down)", () => {
    const error = new ApiError("http", 503, "unavailable", {
      refusal: { error: "Service unavailable: the database cannot be reached. Please try again shortly." },
    });
    expect(failureText(error, fallback)).toBe(
      "Service unavailable: the database cannot be reached. Please try again shortly.",
    );
  });

  it("keeps the screen's own text for other failures", () => {
    expect(failureText(new ApiError("http", 500, "Internal"), fallback)).toBe(fallback);
  });
});
