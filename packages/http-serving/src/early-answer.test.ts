import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { answerBeforeFramework } from "./early-answer.ts";

/** A server whose one listener stands for Fastify, with `answer` put before it. */
async function serverWith(answer: Parameters<typeof answerBeforeFramework>[1]) {
  const failures: unknown[] = [];
  const server = createServer((_request, response) => response.end("framework"));
  expect(answerBeforeFramework(server, answer, (error) => failures.push(error))).toBe(true);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const get = () =>
    new Promise<string>((resolve, reject) => {
      request({ host: "127.0.0.1", port, path: "/" }, (response) => {
        let body = "";
        response.on("data", (chunk) => {
          body += chunk;
        });
        response.on("end", () => resolve(body));
        response.on("error", reject);
      })
        .on("error", reject)
        .end();
    });
  return { server, get, failures };
}

let close: (() => void) | undefined;
afterEach(() => close?.());

describe("answerBeforeFramework", () => {
  it("hands a request to the framework when the early answer throws, and reports the error", async () => {
    const { server, get, failures } = await serverWith(() => {
      throw new TypeError("Invalid URL");
    });
    close = () => server.close();
    expect(await get()).toBe("framework");
    expect(failures).toHaveLength(1);
  });

  it("closes the connection when the early answer throws after it began, and keeps serving", async () => {
    let calls = 0;
    const { server, get } = await serverWith((_request, response) => {
      calls += 1;
      if (calls > 1) return false;
      response.writeHead(200, { "content-length": 10 });
      throw new Error("half-sent");
    });
    close = () => server.close();
    await expect(get()).rejects.toThrow();
    expect(await get()).toBe("framework");
  });
});
