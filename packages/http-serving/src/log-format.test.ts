import { describe, expect, it } from "vitest";
import { chooseLogFormat, requestSummary } from "./log-format.ts";

describe("chooseLogFormat", () => {
  it("is readable only on a terminal in development (unset counts as development)", () => {
    expect(chooseLogFormat({ isTTY: true }, "development")).toBe("pretty");
    expect(chooseLogFormat({ isTTY: true }, undefined)).toBe("pretty");
  });

  it("is JSON when piped, in production and under test", () => {
    expect(chooseLogFormat({ isTTY: false }, "development")).toBe("json");
    expect(chooseLogFormat({}, "development")).toBe("json");
    expect(chooseLogFormat({ isTTY: true }, "production")).toBe("json");
    expect(chooseLogFormat({ isTTY: true }, "test")).toBe("json");
  });
});

describe("requestSummary", () => {
  it("says method, address, status and time, and a cache hit", () => {
    expect(
      requestSummary({
        req: { method: "GET", url: "/x?page=2" },
        res: { statusCode: 200 },
        responseTime: 3.6,
      }),
    ).toBe("GET /x?page=2 200 4 ms");
    expect(
      requestSummary({
        req: { method: "HEAD", url: "/" },
        res: { statusCode: 304 },
        responseTime: 0.2,
        cache: "hit",
      }),
    ).toBe("HEAD / 304 0 ms cache hit");
  });
});
