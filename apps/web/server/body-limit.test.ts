import { Readable } from "node:stream";
import { fastify } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { limitRequestBodies } from "./body-limit.ts";

/** A server shaped like the web server: every body handed on as a stream, as React Router's adapter does. */
async function server(limit: number) {
  const app = fastify();
  limitRequestBodies(app, limit);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
  const seen: number[] = [];
  app.post("/form", async (request) => {
    let size = 0;
    for await (const chunk of request.body as Readable) size += (chunk as Buffer).length;
    seen.push(size);
    return { size };
  });
  app.get("/page", async () => ({ ok: true }));
  return { app, seen };
}

let close: (() => Promise<unknown>) | undefined;
afterEach(async () => {
  await close?.();
});

describe("limitRequestBodies", () => {
  it("hands a body within the limit on whole", async () => {
    const { app, seen } = await server(1024);
    close = () => app.close();
    const res = await app.inject({ method: "POST", url: "/form", payload: "a".repeat(1024) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ size: 1024 });
    expect(seen).toEqual([1024]);
    expect((await app.inject({ method: "GET", url: "/page" })).statusCode).toBe(200);
  });

  it("refuses a declared Content-Length over the limit with 413 before the route runs", async () => {
    const { app, seen } = await server(1024);
    close = () => app.close();
    const res = await app.inject({ method: "POST", url: "/form", payload: "a".repeat(1025) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: "The request body is larger than 1 KB" });
    expect(seen).toEqual([]);
  });

  it("refuses a streamed body without a length once it passes the limit, before the route runs", async () => {
    const { app, seen } = await server(1024);
    close = () => app.close();
    await app.listen({ host: "127.0.0.1", port: 0 });
    const address = app.server.address();
    if (!address || typeof address === "string") throw new Error("listening");
    // Chunked: no Content-Length, 4 KB in 512-byte pieces.
    const body = Readable.from(Array.from({ length: 8 }, () => Buffer.alloc(512, 97)));
    const res = await fetch(`http://127.0.0.1:${address.port}/form`, {
      method: "POST",
      body: Readable.toWeb(body) as ReadableStream,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(seen).toEqual([]);
  });
});
