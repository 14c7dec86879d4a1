import { describe, expect, it } from "vitest";
import { withoutTokens } from "../logger.ts";
import { classifyFailure, describeFailure } from "./transport.ts";

describe("delivery failures", () => {
  it("tell a permanent refusal, an unreachable server and anything else apart", () => {
    expect(classifyFailure({ code: "EENVELOPE", responseCode: 550, permanent: true })).toBe("permanent");
    expect(classifyFailure({ code: "EENVELOPE", responseCode: 451, permanent: false })).toBe("transient");
    expect(classifyFailure({ code: "ESOCKET", message: "connect ECONNREFUSED 127.0.0.1:25" })).toBe(
      "unreachable",
    );
    expect(classifyFailure({ code: "ETIMEDOUT" })).toBe("unreachable");
    expect(classifyFailure(new Error("disk full"))).toBe("transient");
  });

  it("are kept with every address masked", () => {
    const error = Object.assign(
      new Error("Can't send mail - all recipients were rejected: 550 <Jo.Bloggs@example.co.uk>: no"),
      {
        code: "EENVELOPE",
        responseCode: 550,
      },
    );
    expect(describeFailure(error)).toBe(
      "EENVELOPE 550 Can't send mail - all recipients were rejected: 550 <<address>>: no",
    );
  });
});

describe("logged URLs", () => {
  it("never carry an email link's token", () => {
    expect(withoutTokens("/api/email/unsubscribe?token=abcDEF_-123")).toBe(
      "/api/email/unsubscribe?token=[redacted]",
    );
    expect(withoutTokens("/confirm?a=1&token=x&b=2")).toBe("/confirm?a=1&token=[redacted]&b=2");
    expect(withoutTokens("/api/prices")).toBe("/api/prices");
  });
});
