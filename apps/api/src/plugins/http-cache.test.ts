import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { PUBLIC_CACHE_CONTROL, registerHttpCache } from "./http-cache.ts";

async function buildApp() {
  const app = Fastify();
  registerHttpCache(app);
  app.get("/public", { config: { cache: "public" } }, async () => ({ hello: "world" }));
  app.post("/public", { config: { cache: "public" } }, async () => ({ posted: true }));
  app.get("/private", async () => ({ secret: true }));
  app.get("/public-missing", { config: { cache: "public" } }, async (_request, reply) =>
    reply.code(404).send({ error: "gone" }),
  );
  await app.ready();
  return app;
}

describe("registerHttpCache", () => {
  it("tags flagged GET 200s and answers a matching If-None-Match with an empty 304", async () => {
    const app = await buildApp();
    const first = await app.inject({ url: "/public" });
    expect(first.headers["cache-control"]).toBe(PUBLIC_CACHE_CONTROL);
    const etag = String(first.headers.etag);
    const second = await app.inject({ url: "/public", headers: { "if-none-match": etag } });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe("");
    expect(second.headers["content-type"]).toBeUndefined();
    expect(second.headers["content-length"]).toBeUndefined();
    await app.close();
  });

  it("leaves unflagged routes, other methods and non-200 answers alone", async () => {
    const app = await buildApp();
    for (const res of [
      await app.inject({ url: "/private" }),
      await app.inject({ method: "POST", url: "/public" }),
      await app.inject({ url: "/public-missing" }),
    ]) {
      expect(res.headers["cache-control"]).toBeUndefined();
      expect(res.headers.etag).toBeUndefined();
    }
    await app.close();
  });
});
