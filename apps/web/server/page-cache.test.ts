import { createHash, randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { gunzipSync, gzipSync } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import { fastify } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cacheKey, registerPageCache } from "./page-cache.ts";

const NONCE_HEADER = "x-test-nonce";

/**
 * A server shaped like the web server: a nonce per request in a header, the page cache, then the
 * hook that names the request's nonce in the CSP. Its pages count their renders and print the
 * nonce as React Router does, on a script.
 */
async function server(
  options: {
    version?: () => number | null;
    failing?: () => boolean;
    maxEntries?: number;
    maxAgeMs?: number;
    versionCheckMs?: number;
    /** What pages under /slow wait for before they render. */
    gate?: () => Promise<void>;
    /** The tags a new version changed (each page is tagged `page:<its path>`); absent: unknown. */
    changed?: () => string[];
    renderAheadPages?: number;
  } = {},
) {
  const app = fastify();
  let clock = 0;
  let failures = 0;
  const renders: string[] = [];
  /** Renders of /slow pages that have begun (they push to `renders` once the gate opens). */
  const waiting: string[] = [];
  const compressions: string[] = [];
  app.addHook("onRequest", async (request) => {
    request.raw.headers[NONCE_HEADER] = randomBytes(16).toString("base64");
  });
  const cache = registerPageCache(app, {
    dataVersion: async () => {
      const version = options.version ? options.version() : 1;
      if (version === null) throw new Error("API down");
      return options.changed ? { version, tags: options.changed() } : version;
    },
    renderTags: (request) => [`page:${request.url}`],
    ...(options.renderAheadPages ? { renderAheadPages: options.renderAheadPages } : {}),
    apiFailures: () => failures,
    nonceHeader: NONCE_HEADER,
    newNonce: () => randomBytes(16).toString("base64"),
    compress: (body, encoding) => {
      compressions.push(encoding);
      return gzipSync(body);
    },
    now: () => clock,
    versionCheckMs: options.versionCheckMs ?? 0,
    maxAgeMs: options.maxAgeMs ?? 60_000,
    maxEntries: options.maxEntries ?? 100,
    compressionThreshold: 0,
  });
  app.addHook("onSend", async (request, reply, payload) => {
    const hashes = request.cachedScriptHashes;
    reply.header(
      "content-security-policy",
      `script-src ${hashes ? hashes.join(" ") : `'nonce-${request.raw.headers[NONCE_HEADER]}'`}`,
    );
    return payload;
  });
  // As in the web server: the compression plugin after the page cache and the CSP.
  await app.register(fastifyCompress, { encodings: ["gzip"], threshold: 0 });
  const page = (request: { url: string; headers: Record<string, unknown> }) => {
    renders.push(request.url);
    if (options.failing?.()) failures += 1;
    // The page's own script, and one an injection bug let through from stored content.
    return `<html><body><p>${request.url} from £12.99 — Café</p><script nonce="${request.headers[NONCE_HEADER]}">hydrate()</script><script nonce="guess">steal()</script></body></html>`;
  };
  app.get("/*", async (request, reply) => {
    reply.type("text/html; charset=utf-8");
    if (request.url.startsWith("/gone")) reply.code(404);
    if (request.url.startsWith("/sets-cookie")) reply.header("set-cookie", "a=b");
    if (request.url.startsWith("/streamed")) return reply.send(Readable.from([page(request)]));
    if (request.url.startsWith("/slow")) {
      waiting.push(request.url);
      await options.gate?.();
    }
    const marker = request.headers[NONCE_HEADER];
    if (request.url.startsWith("/unhashable")) renders.push(request.url);
    if (request.url.startsWith("/unhashable-src"))
      return `<html><script nonce="${marker}" src="/x.js"></script></html>`;
    if (request.url.startsWith("/unhashable-comment"))
      return `<html><script nonce="${marker}">a("<!--")</script></html>`;
    return page(request);
  });
  app.get("/data.json", async () => ({ ok: true }));
  return {
    app,
    cache,
    renders,
    waiting,
    compressions,
    tick: (ms: number) => {
      clock += ms;
    },
  };
}

let close: (() => Promise<unknown>) | undefined;
afterEach(async () => {
  await close?.();
});

async function started(options?: Parameters<typeof server>[0]) {
  const made = await server(options);
  close = () => made.app.close();
  return made;
}

const scriptNonce = (body: string) => /<script nonce="([^"]+)">/.exec(body)?.[1];
const policyNonce = (policy: unknown) => /'nonce-([^']+)'/.exec(String(policy))?.[1];

describe("the page cache", () => {
  it("renders a page once and serves its bytes again under a CSP naming the hash of its own script only", async () => {
    const { app, renders } = await started();
    const first = await app.inject({ method: "GET", url: "/condition/acne" });
    const second = await app.inject({ method: "GET", url: "/condition/acne" });
    const third = await app.inject({ method: "GET", url: "/condition/acne" });
    expect(renders).toEqual(["/condition/acne"]);
    expect([first, second, third].map((res) => res.headers["x-cache"])).toEqual(["miss", "hit", "hit"]);
    for (const res of [first, second, third]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    }
    // The render itself goes out under its own nonce (its marker).
    expect(scriptNonce(first.body)).toBeTruthy();
    expect(policyNonce(first.headers["content-security-policy"])).toBe(scriptNonce(first.body));
    // Hits: the same bytes, and only the marked script's hash; the injected one is never hashed.
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(third.rawPayload.equals(first.rawPayload)).toBe(true);
    const hash = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
    expect(second.headers["content-security-policy"]).toBe(`script-src ${hash("hydrate()")}`);
    expect(second.headers["content-security-policy"]).not.toContain(hash("steal()"));
  });

  it("compresses a stored page once per encoding, however many hits it serves", async () => {
    const { app, cache, compressions } = await started({ versionCheckMs: 60_000 });
    await app.inject({ method: "GET", url: "/condition/acne" });
    const page = cache.pageBeforeFastify(
      Object.assign(Readable.from([]), {
        method: "GET",
        url: "/condition/acne",
        headers: { host: "localhost" },
      }) as never,
    );
    expect(page).not.toBeNull();
    const once = page?.encoded("gzip");
    const again = page?.encoded("gzip");
    expect(again).toBe(once);
    expect(compressions).toEqual(["gzip"]);
    expect(gunzipSync(once as Buffer).equals(page?.body as Buffer)).toBe(true);
  });

  it("answers a hit through the hook with the bytes compressed once, as an early answer does", async () => {
    const { app, compressions } = await started();
    const gzip = { "accept-encoding": "gzip" };
    const first = await app.inject({ method: "GET", url: "/condition/acne", headers: gzip });
    const hits = [
      await app.inject({ method: "GET", url: "/condition/acne", headers: gzip }),
      await app.inject({ method: "GET", url: "/condition/acne", headers: gzip }),
    ];
    expect(first.headers["x-cache"]).toBe("miss");
    const page = gunzipSync(first.rawPayload);
    for (const hit of hits) {
      expect(hit.headers["x-cache"]).toBe("hit");
      expect(hit.headers["content-encoding"]).toBe("gzip");
      expect(hit.headers.vary).toBe("accept-encoding");
      expect(gunzipSync(hit.rawPayload).equals(page)).toBe(true);
    }
    // The stored page was compressed once for both hits, not by the plugin per response.
    expect(compressions).toEqual(["gzip"]);
    const plain = await app.inject({ method: "GET", url: "/condition/acne" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.equals(page)).toBe(true);
  });

  it("renders a page once for visitors who ask for it together: the others wait for that render", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { app, renders, waiting } = await started({ gate: () => gate });
    const answers = Array.from({ length: 5 }, () => app.inject({ method: "GET", url: "/slow/acne" }));
    await vi.waitFor(() => expect(waiting).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    const sent = await Promise.all(answers);
    expect(renders).toEqual(["/slow/acne"]);
    expect(sent.map((res) => res.headers["x-cache"]).sort()).toEqual(["hit", "hit", "hit", "hit", "miss"]);
    for (const res of sent) expect(res.statusCode).toBe(200);
    const stored = sent.find((res) => res.headers["x-cache"] === "hit")?.rawPayload;
    for (const res of sent.filter((one) => one.headers["x-cache"] === "hit"))
      expect(res.rawPayload.equals(stored as Buffer)).toBe(true);
  });

  it("past the backstop age, sends the old page to others while one visitor renders it again", async () => {
    let gate = Promise.resolve();
    const { app, renders, waiting, tick } = await started({ maxAgeMs: 1000, gate: () => gate });
    const old = await app.inject({ method: "GET", url: "/slow/acne" });
    tick(1000);
    let release = () => {};
    gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const renderingAgain = app.inject({ method: "GET", url: "/slow/acne" });
    await vi.waitFor(() => expect(waiting).toHaveLength(2));
    const meanwhile = await app.inject({ method: "GET", url: "/slow/acne" });
    expect(meanwhile.headers["x-cache"]).toBe("hit");
    expect(meanwhile.body).toBe(old.body);
    release();
    expect((await renderingAgain).headers["x-cache"]).toBe("miss");
    expect(renders).toHaveLength(2);
  });

  it("does not store a page whose marked script loads a file or cannot be hashed plainly", async () => {
    const { app, renders } = await started();
    for (const url of ["/unhashable-src", "/unhashable-comment"]) {
      const first = await app.inject({ method: "GET", url });
      const again = await app.inject({ method: "GET", url });
      expect([first.headers["x-cache"], again.headers["x-cache"]]).toEqual(["bypass", "bypass"]);
    }
    expect(renders).toHaveLength(4);
  });

  it("keys by path and the allowed query keys in any order", async () => {
    const { app, renders } = await started();
    await app.inject({ method: "GET", url: "/condition/acne?dosage=5mg&sort=price" });
    const reordered = await app.inject({ method: "GET", url: "/condition/acne?sort=price&dosage=5mg" });
    expect(reordered.headers["x-cache"]).toBe("hit");
    const other = await app.inject({ method: "GET", url: "/condition/acne?dosage=10mg&sort=price" });
    expect(other.headers["x-cache"]).toBe("miss");
    expect(renders).toHaveLength(2);
  });

  it("never serves or keeps a page for a visitor with a cookie or credentials, the back-office, or an unknown query key", async () => {
    const { app, renders, cache } = await started();
    const personal = [
      { url: "/", headers: { cookie: "session=x" } },
      { url: "/", headers: { authorization: "Bearer x" } },
      { url: "/admin/dashboard", headers: {} },
      { url: "/admin", headers: {} },
      { url: "/condition/acne?utm_source=mail", headers: {} },
      { url: "/condition/acne.data", headers: {} },
      // The back-office however its path is spelt: React Router matches decoded and in any case.
      { url: "/ADMIN/dashboard", headers: {} },
      { url: "/Admin", headers: {} },
      { url: "/%61dmin/login", headers: {} },
      // Free-text search: every random query would evict a real page.
      { url: "/search?q=finasteride", headers: {} },
      // A Host the router would build another URL from.
      { url: "/condition/acne", headers: { host: "evil.example/admin?" } },
    ];
    for (const request of [...personal, ...personal]) {
      const res = await app.inject({ method: "GET", ...request });
      expect(res.headers["x-cache"], request.url).toBeUndefined();
    }
    expect(renders).toHaveLength(personal.length * 2);
    expect(cache.size).toBe(0);
  });

  it("keys nothing a parser would read otherwise: //host/path is not /path, bad escapes are not their %25 spelling", async () => {
    const { renders, cache } = await started();
    const key = (url: string) => cacheKey({ method: "GET", url, headers: { host: "localhost:3000" } });
    expect(key("/condition/acne")).toBe("/condition/acne");
    expect(key("//evil.example/condition/acne")).toBeNull();
    for (const url of [
      "//",
      "//x",
      "///",
      "//[",
      "/\\evil.example/",
      "/%zz",
      "/condition/acne?medication=%zz",
      "*",
    ])
      expect(key(url), url).toBeNull();
    expect(key("/condition/acne?medication=%25zz")).toBe("/condition/acne?medication=%25zz");
    expect(renders).toHaveLength(0);
    expect(cache.size).toBe(0);
  });

  it("keeps only whole, anonymous 200 pages: not a 404, not one that sets a cookie", async () => {
    const { app, renders } = await started();
    for (const url of ["/gone", "/gone", "/sets-cookie", "/sets-cookie"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.headers["x-cache"]).toBe("bypass");
      expect(scriptNonce(res.body)).toBe(policyNonce(res.headers["content-security-policy"]));
    }
    expect(renders).toHaveLength(4);
    const streamed = await app.inject({ method: "GET", url: "/streamed" });
    expect(streamed.headers["x-cache"]).toBe("miss");
    const again = await app.inject({ method: "GET", url: "/streamed" });
    expect(again.headers["x-cache"]).toBe("hit");
    expect(again.body).toContain("<p>/streamed from £12.99 — Café</p>");
  });

  it("drops every page when the public data version changes", async () => {
    let version = 1;
    const { app, renders } = await started({ version: () => version });
    await app.inject({ method: "GET", url: "/" });
    await app.inject({ method: "GET", url: "/blog" });
    version = 2;
    expect((await app.inject({ method: "GET", url: "/" })).headers["x-cache"]).toBe("miss");
    expect((await app.inject({ method: "GET", url: "/blog" })).headers["x-cache"]).toBe("miss");
    expect((await app.inject({ method: "GET", url: "/blog" })).headers["x-cache"]).toBe("hit");
    expect(renders).toEqual(["/", "/blog", "/", "/blog"]);
  });

  it("renders ahead the most recently used pages a change dropped, up to its limit: the next visitor is sent stored bytes", async () => {
    let version = 1;
    let changed: string[] = [];
    const { app, renders } = await started({
      version: () => version,
      changed: () => changed,
      renderAheadPages: 2,
    });
    const get = async (url: string) => (await app.inject({ method: "GET", url })).headers["x-cache"];
    for (const url of ["/condition/acne", "/condition/asthma", "/condition/hair-loss", "/blog"])
      await get(url);
    expect(await get("/condition/asthma")).toBe("hit");
    // A feed changes the three condition pages' prices; the blog's data is untouched.
    version = 2;
    changed = ["page:/condition/acne", "page:/condition/asthma", "page:/condition/hair-loss"];
    // The visitor whose request finds the change is sent the blog page as stored.
    expect(await get("/blog")).toBe("hit");
    // The two most recently used of the dropped pages are rendered again, most recent first.
    await vi.waitFor(() => expect(renders.slice(4)).toEqual(["/condition/asthma", "/condition/hair-loss"]));
    expect(await get("/condition/asthma")).toBe("hit");
    expect(await get("/condition/hair-loss")).toBe("hit");
    expect(await get("/condition/acne")).toBe("miss");
    expect(renders.slice(4)).toEqual(["/condition/asthma", "/condition/hair-loss", "/condition/acne"]);
  });

  it("does not keep a page rendered while an API call failed (fallback data), nor serve or keep any while the version is unknown", async () => {
    let failing = true;
    let version: number | null = 1;
    const { app, renders, cache } = await started({ failing: () => failing, version: () => version });
    expect((await app.inject({ method: "GET", url: "/" })).headers["x-cache"]).toBe("bypass");
    failing = false;
    expect((await app.inject({ method: "GET", url: "/" })).headers["x-cache"]).toBe("miss");
    version = null;
    const down = await app.inject({ method: "GET", url: "/" });
    expect(down.headers["x-cache"]).toBeUndefined();
    expect(scriptNonce(down.body)).toBe(policyNonce(down.headers["content-security-policy"]));
    expect(renders).toHaveLength(3);
    expect(cache.size).toBe(1);
  });

  it("keeps its pages through a failed version check, for when the same version answers again", async () => {
    // Under load one check may time out; emptying the cache then made every page render again,
    // which slowed the next check too (issue 33).
    let version: number | null = 1;
    const { app, renders, cache } = await started({ version: () => version });
    expect((await app.inject({ method: "GET", url: "/" })).headers["x-cache"]).toBe("miss");
    version = null;
    expect((await app.inject({ method: "GET", url: "/" })).headers["x-cache"]).toBeUndefined();
    version = 1;
    expect((await app.inject({ method: "GET", url: "/" })).headers["x-cache"]).toBe("hit");
    expect(renders).toEqual(["/", "/"]);
    version = null;
    await app.inject({ method: "GET", url: "/" });
    version = 2;
    expect((await app.inject({ method: "GET", url: "/" })).headers["x-cache"]).toBe("miss");
    expect(renders).toEqual(["/", "/", "/", "/"]);
    expect(cache.size).toBe(1);
  });

  it("lets no page grow older than the backstop age, and evicts the least recently used beyond its size", async () => {
    const { app, tick } = await started({ maxAgeMs: 1000, maxEntries: 2 });
    await app.inject({ method: "GET", url: "/a" });
    tick(999);
    expect((await app.inject({ method: "GET", url: "/a" })).headers["x-cache"]).toBe("hit");
    tick(1);
    expect((await app.inject({ method: "GET", url: "/a" })).headers["x-cache"]).toBe("miss");

    await app.inject({ method: "GET", url: "/b" });
    await app.inject({ method: "GET", url: "/a" });
    await app.inject({ method: "GET", url: "/c" });
    expect((await app.inject({ method: "GET", url: "/a" })).headers["x-cache"]).toBe("hit");
    expect((await app.inject({ method: "GET", url: "/b" })).headers["x-cache"]).toBe("miss");
  });

  it("leaves responses that are not HTML alone", async () => {
    const { app, cache } = await started();
    const res = await app.inject({ method: "GET", url: "/data.json" });
    expect(res.json()).toEqual({ ok: true });
    expect(res.headers["x-cache"]).toBeUndefined();
    expect(cache.size).toBe(0);
  });
});
