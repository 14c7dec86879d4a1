import type { AddressInfo } from "node:net";
import { oneLinePerRequest } from "@pharmacompare/http-serving";
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { loggerOptions } from "./logger.ts";

/** What a terminal would show: every write, split into lines. */
function terminal() {
  const written: string[] = [];
  return {
    output: { write: (text: string) => written.push(text) },
    lines: () => written.join("").split("\n").filter(Boolean),
  };
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** A Fastify server with the API's logger options and request log, listening on a real port. */
async function serve(logger: object) {
  const app = Fastify({ logger, logController: oneLinePerRequest() });
  app.get("/hello", async () => ({ hello: "world" }));
  app.get("/broken", async () => {
    throw new Error("it broke");
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  close = () => app.close();
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe("the API's log in a developer's terminal (decision 039)", () => {
  it("prints one readable line per request, redacted, with the server's name", async () => {
    const screen = terminal();
    const base = await serve(loggerOptions("info", "api", "pretty", screen.output));
    const before = screen.lines().length;
    expect((await fetch(`${base}/hello?page=2&email=jane@example.co.uk`)).status).toBe(200);
    await close?.();
    close = undefined;

    const requestLines = screen
      .lines()
      .slice(before)
      .filter((line) => line.includes("/hello"));
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatch(/INFO.*\(api\).*GET \/hello\?page=2&email=\[redacted\] 200 \d+ ms/);
    expect(screen.lines().join("\n")).not.toContain("jane@example.co.uk");
    expect(screen.lines().join("\n")).not.toContain("incoming request");
    expect(screen.lines().some((line) => line.trimStart().startsWith("{"))).toBe(false);
  });

  it("still names a failure and its error", async () => {
    const screen = terminal();
    const base = await serve(loggerOptions("info", "api", "pretty", screen.output));
    expect((await fetch(`${base}/broken`)).status).toBe(500);
    const text = screen.lines().join("\n");
    expect(text).toMatch(/ERROR.*\(api\)/);
    expect(text).toContain("it broke");
    expect(text).toMatch(/GET \/broken 500 \d+ ms/);
  });

  it("writes JSON, one line a request with its method, address, status and time, when piped", async () => {
    const piped = terminal();
    const base = await serve({ ...loggerOptions("info", "api", "json"), stream: piped.output });
    await fetch(`${base}/hello?page=2`);
    await fetch(`${base}/broken`);
    const entries = piped.lines().map(
      (line) =>
        JSON.parse(line) as {
          msg: string;
          name: string;
          req?: { method: string; url: string };
          res?: { statusCode: number };
          responseTime?: number;
        },
    );
    // Decision 050: Fastify's "incoming request" line is gone; what it said is on the one line
    // (a failure also has its error's own line, as before).
    expect(entries.some((entry) => entry.msg === "incoming request")).toBe(false);
    const forRequest = entries.filter((entry) => entry.msg === "request completed");
    expect(
      forRequest.map((entry) => [entry.msg, entry.req?.method, entry.req?.url, entry.res?.statusCode]),
    ).toEqual([
      ["request completed", "GET", "/hello?page=2", 200],
      ["request completed", "GET", "/broken", 500],
    ]);
    expect(forRequest.every((entry) => typeof entry.responseTime === "number")).toBe(true);
    expect(entries.every((entry) => entry.name === "api")).toBe(true);
  });
});
