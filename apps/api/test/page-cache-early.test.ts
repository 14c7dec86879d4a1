import { existsSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { logOptions } from "@pharmacompare/http-serving";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildWeb } from "../../../scripts/web-build.ts";
import { capturedLog, sendOverSocket } from "./over-a-socket.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

/**
 * The web server's page cache answering before Fastify (decision 027), over real sockets with the
 * API behind it: a stored page goes out with a fresh nonce that its CSP names, compressed as
 * asked, and logged as a hit that Fastify never saw; anything personal still goes to Fastify.
 * Lives with the API's tests because it needs a running API (as log-privacy.test.ts does).
 */
const webBuild = fileURLToPath(new URL("../../web/build/server/index.js", import.meta.url));
const webServerModule = fileURLToPath(new URL("../../web/server/web-server.ts", import.meta.url));
const PAGE = "/condition/erectile-dysfunction?medication=Sildenafil";

let api: TestApi;
let web: FastifyInstance | undefined;
let base: string;
const { stream, lines: webLines } = capturedLog();

beforeAll(async () => {
  if (!existsSync(webBuild)) buildWeb();
  api = await createTestApi();
  const backend = await api.another();
  const address = await backend.listen({ host: "127.0.0.1", port: 0 });
  process.env.API_INTERNAL_URL = address;
  process.env.API_URL = address;
  // Long enough that the version checked by the first request still counts for the next ones.
  process.env.PAGE_CACHE_CHECK_MS = "5000";
  // Imported by path so the API's type check does not take in the web's modules.
  const { createWebServer } = (await import(webServerModule)) as {
    createWebServer(options: { logger: unknown }): Promise<FastifyInstance>;
  };
  web = await createWebServer({ logger: { ...logOptions("info", "web"), stream } });
  await web.listen({ host: "127.0.0.1", port: 0 });
  base = `http://127.0.0.1:${(web.server.address() as AddressInfo).port}`;
}, 300_000);
afterAll(async () => {
  await web?.close();
  await api?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => sendOverSocket(base, path, headers);

const fastifySaw = () => webLines.filter((line) => line.msg === "incoming request").length;
const earlyHits = () => webLines.filter((line) => line.cache === "hit").length;
const nonceOf = (headers: IncomingHttpHeaders) =>
  /'nonce-([^']+)'/.exec(String(headers["content-security-policy"]))?.[1] ?? "";

describe("a stored page over a socket", () => {
  it("is answered before Fastify with its own nonce, the page's headers, and compressed as asked", async () => {
    const miss = await get(PAGE, { "accept-encoding": "br" });
    expect(miss.headers["x-cache"]).toBe("miss");
    const sawBefore = fastifySaw();
    for (const [accept, decode] of [
      ["br", brotliDecompressSync],
      ["gzip", gunzipSync],
      ["identity", (body: Buffer) => body],
    ] as const) {
      const hit = await get(PAGE, { "accept-encoding": accept });
      expect(hit.status).toBe(200);
      expect(hit.headers["x-cache"]).toBe("hit");
      expect(hit.headers["content-encoding"]).toBe(accept === "identity" ? undefined : accept);
      expect(Number(hit.headers["content-length"])).toBe(hit.body.length);
      const html = decode(hit.body).toString("utf8");
      const nonce = nonceOf(hit.headers);
      expect(nonce).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
      expect(nonce).not.toBe(nonceOf(miss.headers));
      expect(html).toContain(`nonce="${nonce}"`);
      expect(html).toContain("Sildenafil");
      // The miss's headers, but for those of one response.
      const perResponse = [
        "date",
        "x-cache",
        "content-security-policy",
        "content-length",
        "content-encoding",
        "transfer-encoding",
        "vary",
      ];
      const page = (headers: IncomingHttpHeaders) =>
        Object.fromEntries(Object.entries(headers).filter(([name]) => !perResponse.includes(name)));
      expect(page(hit.headers), accept).toEqual(page(miss.headers));
    }
    expect(fastifySaw()).toBe(sawBefore);
    expect(earlyHits()).toBe(3);
    expect(webLines.find((line) => line.cache === "hit")).toMatchObject({
      msg: "request completed",
      res: { statusCode: 200 },
    });
  });

  it("leaves a visitor with a cookie, and a query the pages do not read, to Fastify", async () => {
    await get(PAGE);
    const hitsBefore = earlyHits();
    const sawBefore = fastifySaw();
    for (const [path, headers] of [
      [PAGE, { cookie: "pc_consent=essential" }],
      [`${PAGE}&utm_source=newsletter`, {}],
    ] as const) {
      const response = await get(path, headers);
      expect(response.status, path).toBe(200);
      expect(response.headers["x-cache"], path).toBeUndefined();
      expect(response.headers["cache-control"], path).toBe("private, no-store");
    }
    expect(earlyHits()).toBe(hitsBefore);
    expect(fastifySaw()).toBe(sawBefore + 2);
  });
});
