import { createHash } from "node:crypto";
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
 * API behind it: a stored page goes out as the bytes its render made, compressed as asked once per
 * encoding, under a CSP that names the hashes of its own scripts (decision 046), and logged as a hit that Fastify never saw; anything personal still goes to Fastify.
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

/** Requests Fastify handled: its one line each, not marked as an early hit (decision 050). */
const fastifySaw = () =>
  webLines.filter((line) => line.msg === "request completed" && line.cache !== "hit").length;
const earlyHits = () => webLines.filter((line) => line.cache === "hit").length;
const nonceOf = (headers: IncomingHttpHeaders) =>
  /'nonce-([^']+)'/.exec(String(headers["content-security-policy"]))?.[1] ?? "";
const scriptSources = (headers: IncomingHttpHeaders) =>
  /script-src ([^;]*)/.exec(String(headers["content-security-policy"]))?.[1] ?? "";
/** The CSP hash of each inline script carrying `nonce` in `html`. */
const hashesOfScripts = (html: string, nonce: string) =>
  [
    ...html.matchAll(
      new RegExp(`<script nonce="${nonce.replace(/[+/=]/g, "\\$&")}"[^>]*>([\\s\\S]*?)</script>`, "g"),
    ),
  ].map(
    ([, text]) =>
      `'sha256-${createHash("sha256")
        .update(text ?? "")
        .digest("base64")}'`,
  );

describe("a stored page over a socket", () => {
  it("is answered before Fastify as its render's bytes, under its scripts' hashes, with the page's headers, compressed as asked", async () => {
    const miss = await get(PAGE, { "accept-encoding": "br" });
    expect(miss.headers["x-cache"]).toBe("miss");
    const rendered = brotliDecompressSync(miss.body).toString("utf8");
    const marker = nonceOf(miss.headers);
    expect(marker).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
    const ownHashes = hashesOfScripts(rendered, marker);
    expect(ownHashes.length).toBeGreaterThan(1);
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
      expect(html).toBe(rendered);
      expect(nonceOf(hit.headers)).toBe("");
      expect(scriptSources(hit.headers)).toBe(`${[...new Set(ownHashes)].join(" ")} 'strict-dynamic' 'self'`);
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
    // Compressed once: a second brotli hit is the same bytes, made no slower by a second compression.
    const again = await get(PAGE, { "accept-encoding": "br" });
    expect(brotliDecompressSync(again.body).toString("utf8")).toBe(rendered);
    expect(fastifySaw()).toBe(sawBefore);
    expect(earlyHits()).toBe(4);
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

  it("sends a page it renders for one visitor whole, compressed in one piece as asked", async () => {
    // A query the pages do not read: rendered for this request, never stored.
    for (const encoding of ["br", "gzip"] as const) {
      const response = await get(`${PAGE}&utm_source=${encoding}`, {
        "accept-encoding": encoding === "br" ? "br, gzip" : "gzip",
      });
      expect(response.headers["x-cache"]).toBeUndefined();
      expect(response.headers["content-encoding"]).toBe(encoding);
      // One compressed body of known length, not a chunked stream.
      expect(response.headers["transfer-encoding"]).toBeUndefined();
      expect(Number(response.headers["content-length"])).toBe(response.body.length);
      const html = (
        encoding === "br" ? brotliDecompressSync(response.body) : gunzipSync(response.body)
      ).toString();
      expect(html).toContain("</html>");
    }
  });
});
