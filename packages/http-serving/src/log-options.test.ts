import { describe, expect, it } from "vitest";
import { logOptions, redactLogLine, urlForLog } from "./log-options.ts";

describe("urlForLog", () => {
  it("keeps the path and the query's keys, and values only of keys that hold no personal data", () => {
    expect(urlForLog("/api/prices")).toBe("/api/prices");
    expect(urlForLog("/confirm?token=abc&email=a%40b.co")).toBe("/confirm?token=[redacted]&email=[redacted]");
    expect(urlForLog("/search?q=my+condition&page=2&sort=price")).toBe(
      "/search?q=[redacted]&page=2&sort=price",
    );
    expect(urlForLog("/x?flag&")).toBe("/x?flag");
    expect(urlForLog("/x?")).toBe("/x");
  });

  it("drops a search term sent in the path, as a query value would be", () => {
    expect(urlForLog("/api/medications/search/hair%20loss%20at%2019")).toBe(
      "/api/medications/search/[redacted]",
    );
    expect(urlForLog("/api/medications/search/acne?limit=5")).toBe(
      "/api/medications/search/[redacted]?limit=5",
    );
    expect(urlForLog("/api/medications/viagra")).toBe("/api/medications/viagra");
  });
});

describe("redactLogLine", () => {
  const line = (value: unknown) => JSON.parse(redactLogLine(`${JSON.stringify(value)}\n`)) as unknown;

  it("masks secrets at any depth and every email address, in messages and errors too", () => {
    const logged = line({
      msg: "mail to jo.bloggs@example.co.uk failed",
      req: { headers: { authorization: "Bearer s3cr3t", cookie: "sid=1", "set-cookie": "x" } },
      body: { credentials: { password: "hunter22", newPassword: "n", totp_code: "123456" }, code: "654321" },
      list: [{ token: "t0k" }, "x@y.org"],
      err: { type: "Error", message: "550 <x@y.org> rejected", stack: "Error: 550", code: "EENVELOPE" },
    });
    const text = JSON.stringify(logged);
    for (const secret of ["jo.bloggs", "x@y.org", "s3cr3t", "sid=1", "hunter22", "123456", "654321", "t0k"]) {
      expect(text).not.toContain(secret);
    }
    expect(logged).toMatchObject({
      msg: "mail to [email] failed",
      body: { credentials: { password: "[redacted]", totp_code: "[redacted]" }, code: "[redacted]" },
      // An error's own code says what failed: it stays.
      err: { code: "EENVELOPE", message: "550 <[email]> rejected" },
    });
  });

  it("masks the second factor's challenge, recovery codes and secret in every spelling", () => {
    const logged = line({
      body: { challenge: "ch4ll3nge", code: "246810" },
      res: {
        recoveryCodes: ["abcd-efgh-jkmn-pqrs"],
        secret: "JBSWY3DPEHPK3PXP",
        otpauthUri: "otpauth://totp/x?secret=JBSWY3DPEHPK3PXP",
        qrSvg: "<svg/>",
      },
      recovery_code: "wxyz-2345-6789-abcd",
    });
    const text = JSON.stringify(logged);
    for (const secret of ["ch4ll3nge", "246810", "abcd-efgh", "JBSWY3DP", "<svg", "wxyz-2345"]) {
      expect(text).not.toContain(secret);
    }
  });

  it("lets an ordinary line through unchanged", () => {
    const ordinary = '{"level":30,"msg":"request completed","res":{"statusCode":200}}\n';
    expect(redactLogLine(ordinary)).toBe(ordinary);
  });

  it("masks email addresses in a line that is not JSON", () => {
    expect(redactLogLine("to a@b.com\n")).toBe("to [email]\n");
  });

  it("is the last step of the shared logger options", () => {
    expect(logOptions("info", "web").hooks.streamWrite).toBe(redactLogLine);
  });
});
