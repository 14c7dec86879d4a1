import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildWeb } from "../../../scripts/web-build.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

/**
 * Structured data carries names that staff typed (issue 25): a medication, pharmacy or article
 * named to close the JSON-LD script and open a redirect must reach the server HTML escaped inside
 * the script, byte for byte — not merely be stopped later by the CSP, which does not govern
 * `<meta http-equiv=refresh>`. The web server renders real pages with the API behind it.
 */
const webBuild = fileURLToPath(new URL("../../web/build/server/index.js", import.meta.url));
const webServerModule = fileURLToPath(new URL("../../web/server/web-server.ts", import.meta.url));
const PAYLOAD = "</script><meta http-equiv=refresh content=0;url=https://example.invalid>";

let api: TestApi;
let web: FastifyInstance | undefined;

beforeAll(async () => {
  if (!existsSync(webBuild)) buildWeb();
  api = await createTestApi();
  await api.app.listen({ host: "127.0.0.1", port: 0 });
  for (const statement of [
    `update medications set name = '${PAYLOAD}' where id = 'viagra'`,
    `update pharmacies set name = 'Kestrel ${PAYLOAD}' where id = 'kestrel-lane-pharmacy'`,
    `update blog_posts set title = 'Prices ${PAYLOAD}' where slug = 'how-to-save-money-on-prescriptions-in-the-uk'`,
  ])
    await api.database.db.execute(statement);
  const address = `http://127.0.0.1:${(api.app.server.address() as { port: number }).port}`;
  process.env.API_INTERNAL_URL = address;
  process.env.API_URL = address;
  // Imported by path so the API's type check does not take in the web's modules.
  const { createWebServer } = (await import(webServerModule)) as {
    createWebServer(options?: object): Promise<FastifyInstance>;
  };
  web = await createWebServer({ pageCache: false });
}, 300_000);
afterAll(async () => {
  await web?.close();
  await api?.close();
});

/** The page's JSON-LD blocks as sent, and whether the payload's markup appears anywhere raw. */
async function jsonLdOf(url: string) {
  const res = await web?.inject({ method: "GET", url });
  expect(res?.statusCode, `${url} ${res?.body.slice(0, 3000)}`).toBe(200);
  const html = res?.body ?? "";
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => match[1] ?? "",
  );
  return { html, blocks };
}

describe("JSON-LD built from stored names", () => {
  it.each([
    [
      "a medication's name, on its condition page",
      `/condition/erectile-dysfunction?medication=${encodeURIComponent(PAYLOAD)}`,
    ],
    ["a pharmacy's name, on its page", "/pharmacies/kestrel-lane-pharmacy"],
    ["an article's title, on its page", "/blog/how-to-save-money-on-prescriptions-in-the-uk"],
  ])("carries %s escaped inside the script", async (_what, url) => {
    const { html, blocks } = await jsonLdOf(url);
    expect(html).not.toContain("<meta http-equiv=refresh");
    expect(html).not.toContain(PAYLOAD);
    const escaped = blocks.filter((block) =>
      block.includes("\\u003c/script\\u003e\\u003cmeta http-equiv=refresh"),
    );
    expect(escaped.length, url).toBeGreaterThan(0);
    // Still the name, once parsed.
    expect(escaped.some((block) => JSON.stringify(JSON.parse(block)).includes(PAYLOAD))).toBe(true);
  });
});
