import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client.ts";
import { captureServerLog } from "./server-log.fake.ts";
import { logServerError, serverLog } from "./server-log.server.ts";

describe("the app's server log", () => {
  it("writes through the logger handed over, with the shared redaction applied to the error", () => {
    const captured = captureServerLog();
    try {
      logServerError(
        "contact: the message was not sent",
        new ApiError("http", 400, "sam.visitor@example.co.uk is not accepted"),
      );
    } finally {
      captured.release();
    }
    expect(captured.lines).toHaveLength(1);
    const line = JSON.parse(captured.lines[0] ?? "{}") as {
      msg: string;
      err: { message: string; kind: string };
    };
    expect(line.msg).toBe("contact: the message was not sent");
    expect(line.err.kind).toBe("http");
    expect(line.err.message).toBe("[email] is not accepted");
    expect(captured.lines.join("\n")).not.toContain("sam.visitor");
  });

  it("gives the slot back on release, leaving a later hand-over in place", () => {
    const first = captureServerLog();
    const second = captureServerLog();
    first.release();
    logServerError("still the second");
    second.release();
    expect(first.lines).toEqual([]);
    expect(second.lines).toHaveLength(1);
    // With nothing handed over, lines go to the fallback logger (stdout), not to a released one.
    serverLog().info("after both were released");
    expect(second.lines).toHaveLength(1);
  });
});
