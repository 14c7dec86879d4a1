import { connect } from "node:net";
import { Writable } from "node:stream";
import { fastify } from "fastify";
import { afterEach, describe, expect, it, vi } from "vitest";
import { logOptions } from "./log-options.ts";
import { isStaticAssetRequest, oneLinePerRequest } from "./request-log.ts";

let close: (() => Promise<unknown>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** A server with the servers' log options and request log, its lines kept parsed. */
async function serve(quiet?: (url: string) => boolean) {
  const lines: Record<string, unknown>[] = [];
  let arrived = () => {};
  const reached = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n")) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = fastify({
    logger: { ...logOptions("info", "web"), stream },
    logController: oneLinePerRequest(quiet ? { quiet } : {}),
  });
  for (const path of ["/assets/entry.client-AbC123.js", "/favicon.svg", "/fonts/inter.woff2", "/about"]) {
    app.get(path, async () => "ok");
  }
  // An answer whose stream fails because the visitor has gone, as a render's does.
  app.get("/slow", async (request) => {
    arrived();
    await new Promise((resolve) => request.raw.socket.once("close", resolve));
    throw Object.assign(new Error("Premature close"), { code: "ERR_STREAM_PREMATURE_CLOSE" });
  });
  app.get("/broken", async () => {
    throw Object.assign(new Error("Premature close"), { code: "ERR_STREAM_PREMATURE_CLOSE" });
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  close = () => app.close();
  const address = app.server.address();
  return { lines, reached, port: typeof address === "object" && address ? address.port : 0 };
}

describe("the request log", () => {
  it("logs a visitor who left before the answer as that, at info, not as a failure with status 500", async () => {
    const { lines, reached, port } = await serve();
    const socket = connect(port, "127.0.0.1");
    socket.write("GET /slow HTTP/1.1\r\nHost: localhost\r\n\r\n");
    await reached;
    socket.destroy();
    await vi.waitFor(() =>
      expect(lines.map((line) => line.msg)).toContain(
        "the visitor closed the connection before the answer was sent",
      ),
    );
    expect(lines.filter((line) => Number(line.level) >= 50)).toEqual([]);
  });

  it("still logs the same error as a failure when the visitor is still there", async () => {
    const { lines, port } = await serve();
    expect((await fetch(`http://127.0.0.1:${port}/broken`)).status).toBe(500);
    await vi.waitFor(() =>
      expect(lines.some((line) => line.level === 50 && line.msg === "Premature close")).toBe(true),
    );
  });

  it("logs a static file served at debug, so start-up's lines stay on a terminal; a page and a missing file at info (issue 41)", async () => {
    const { lines, port } = await serve(isStaticAssetRequest);
    for (const path of [
      "/assets/entry.client-AbC123.js?v=1",
      "/favicon.svg",
      "/fonts/inter.woff2",
      "/about",
      "/assets/gone.js",
    ]) {
      await (await fetch(`http://127.0.0.1:${port}${path}`)).arrayBuffer();
    }
    await vi.waitFor(() => expect(lines.filter((line) => line.msg === "request completed")).toHaveLength(2));
    const urls = lines
      .filter((line) => line.msg === "request completed")
      .map((line) => [(line.req as { url: string }).url, (line.res as { statusCode: number }).statusCode]);
    expect(urls).toEqual([
      ["/about", 200],
      ["/assets/gone.js", 404],
    ]);
    // The API's routes and the site's pages are never static files.
    for (const url of ["/", "/api/medications", "/openapi.json", "/sitemap.xml", "/condition/acne?x=a.js"]) {
      expect(isStaticAssetRequest(url), url).toBe(false);
    }
  });
});
