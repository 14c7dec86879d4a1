import { publicEndpoints } from "@pharmacompare/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggerOptions } from "../src/logger.ts";
import { capturedLog } from "./over-a-socket.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

/**
 * The pages' CSP reports (issue 25): both forms browsers send are taken and logged with only what
 * says what was blocked (never the sample, a query value or a visitor's text); bodies are bounded
 * and the reports from one network are limited, so the endpoint cannot flood the logs.
 */
const { stream, lines } = capturedLog();

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({}, { logger: { ...loggerOptions("info", "api"), stream } });
});
afterAll(async () => {
  await api?.close();
});

const url = urlOf(publicEndpoints.reportCspViolation);
const violations = () => lines.filter((line) => line.msg === "content security policy violation");

function report(payload: string, contentType: string, remoteAddress = "198.51.100.20") {
  return api.app.inject({
    method: "POST",
    url,
    payload,
    headers: { "content-type": contentType },
    remoteAddress,
  });
}

describe("POST /api/csp-reports", () => {
  it("logs a report-uri report with the directive, the blocked origin and the page's path without query values", async () => {
    lines.length = 0;
    const res = await report(
      JSON.stringify({
        "csp-report": {
          "document-uri": "https://www.example.co.uk/search?q=my-private-search",
          "violated-directive": "script-src-elem",
          "effective-directive": "script-src-elem",
          "blocked-uri": "https://evil.example/steal.js?who=me",
          "script-sample": "alert('typed by a visitor')",
          disposition: "enforce",
        },
      }),
      "application/csp-report",
    );
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe("");
    expect(violations()).toHaveLength(1);
    expect(violations()[0]?.csp).toEqual({
      directive: "script-src-elem",
      blocked: "https://evil.example",
      page: "/search?q=[redacted]",
      disposition: "enforce",
    });
    const logged = JSON.stringify(lines);
    for (const secret of ["my-private-search", "typed by a visitor", "who=me"])
      expect(logged).not.toContain(secret);
  });

  it("logs each csp-violation of a Reporting API batch and ignores other report types", async () => {
    lines.length = 0;
    const res = await report(
      JSON.stringify([
        {
          type: "csp-violation",
          body: {
            documentURL: "https://www.example.co.uk/condition/acne",
            effectiveDirective: "script-src-elem",
            blockedURL: "inline",
            sample: "steal()",
            lineNumber: 12,
            disposition: "enforce",
          },
        },
        { type: "deprecation", body: { id: "x" } },
      ]),
      "application/reports+json",
    );
    expect(res.statusCode).toBe(204);
    expect(violations().map((line) => line.csp)).toEqual([
      {
        directive: "script-src-elem",
        blocked: "inline",
        page: "/condition/acne",
        line: 12,
        disposition: "enforce",
      },
    ]);
  });

  it("refuses what is not a report: not JSON, the wrong shape, an empty batch, too large", async () => {
    lines.length = 0;
    expect((await report("{not json", "application/csp-report")).statusCode).toBe(400);
    const wrong = await report(JSON.stringify({ something: "else" }), "application/csp-report");
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toHaveProperty("error");
    // A batch with no report in it is no report (the write-route fuzzer found it accepted).
    expect((await report("[]", "application/reports+json")).statusCode).toBe(400);
    const large = await report(
      JSON.stringify({ "csp-report": { "script-sample": "x".repeat(40_000) } }),
      "application/csp-report",
    );
    expect(large.statusCode).toBe(413);
    expect(violations()).toHaveLength(0);
  });

  it("takes at most 60 reports a minute from one network, then answers 429 and logs no more", async () => {
    lines.length = 0;
    const one = JSON.stringify({ "csp-report": { "violated-directive": "img-src", "blocked-uri": "data" } });
    const statuses: number[] = [];
    for (let i = 0; i < 62; i += 1)
      statuses.push((await report(one, "application/csp-report", "203.0.113.99")).statusCode);
    expect(statuses.slice(0, 60).every((status) => status === 204)).toBe(true);
    expect(statuses.slice(60)).toEqual([429, 429]);
    expect(violations()).toHaveLength(60);
    // Another network is counted apart.
    expect((await report(one, "application/csp-report", "203.0.113.100")).statusCode).toBe(204);
  });
});
