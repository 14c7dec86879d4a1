import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type AdminPrice, adminEndpoints, endpointUrl } from "@pharmacompare/contract";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pharmacies, pharmacyFeeds, prices } from "../src/db/schema.ts";
import { bearer, signIn } from "./admin-helpers.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

/**
 * One rule for every URL field (issue 42): an address with a line break, tab, line separator, space
 * or control character inside is refused with a 400 naming the field, and one that passes is stored
 * as the URL parser's `href`, which is exactly where `/go` sends a visitor. Before, "\r\n" inside a
 * link was stored as typed while the parser (and so the redirect) dropped it: the stored link and
 * the one followed differed. Bodies are sent as raw JSON text, as any client could.
 */
let api: TestApi;
let token: string;
let feedServer: Server;
let feedBase: string;

const PHARMACY = "kestrel-lane-pharmacy";
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

/** Text that carries the characters the JSON escapes stand for (JSON.stringify would escape them back). */
const raw = (json: string) => json;

beforeAll(async () => {
  api = await createTestApi({ FEEDS_ALLOW_INSECURE: "true" });
  token = await signIn(api.app);
  await api.database.db.update(pharmacies).set({ referralParams: "" });
  feedServer = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/csv" }).end(feedCsv);
  });
  feedServer.listen(0, "127.0.0.1");
  await once(feedServer, "listening");
  feedBase = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  feedServer?.closeAllConnections();
  feedServer?.close();
  await api?.close();
});
let feedCsv = "";

async function send(method: "POST" | "PUT", url: string, body: string) {
  const res = await api.app.inject({
    method,
    url,
    headers: { ...bearer(token), "content-type": "application/json" },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() as { error?: string; fields?: Record<string, string> } };
}

async function website(): Promise<string> {
  const [row] = await api.database.db
    .select({ website: pharmacies.website })
    .from(pharmacies)
    .where(eq(pharmacies.id, PHARMACY));
  return row?.website ?? "";
}

/** A price of the pharmacy to edit, and its id. */
async function aPrice() {
  const [row] = await api.database.db
    .select()
    .from(prices)
    .where(eq(prices.pharmacyId, PHARMACY))
    .orderBy(prices.id)
    .limit(1);
  if (!row) throw new Error("the demo pharmacy has no price");
  return row;
}

const go = (priceId: string) =>
  api.app.inject({
    method: "GET",
    url: `/go/${priceId}?from=comparison`,
    headers: { "user-agent": BROWSER },
  });

/** The hostile addresses, each as JSON string text: the escapes become the characters themselves. */
const HOSTILE: [string, string][] = [
  ["CR LF", String.raw`/buy\r\nSet-Cookie: a=b`],
  ["LF", String.raw`/buy\nx`],
  ["tab", String.raw`/bu\ty`],
  ["line separator U+2028", String.raw`/buy\u2028x`],
  ["paragraph separator U+2029", String.raw`/buy\u2029x`],
  ["space", "/buy now"],
  ["no-break space", String.raw`/buy\u00a0now`],
  ["NUL", String.raw`/buy\u0000`],
  ["DEL", String.raw`/buy\u007f`],
  ["C1 next line U+0085", String.raw`/buy\u0085x`],
  ["zero-width space", String.raw`/bu\u200by`],
];

describe("a price's link", () => {
  it.each(HOSTILE)("refuses %s inside with a 400 naming the field, storing nothing", async (_name, tail) => {
    const price = await aPrice();
    const site = new URL(await website()).origin;
    const res = await send(
      "PUT",
      endpointUrl(adminEndpoints.updatePrice, { params: { id: price.id } }),
      raw(`{"link":"${site}${tail}"}`),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.fields?.link).toMatch(/^must not contain (spaces, line breaks|control characters)/);
    expect(res.body.error).toEqual(expect.any(String));
    expect((await aPrice()).link).toBe(price.link);
  });

  it("stores an encoded %0d%0a as typed, the parser's href, and /go's Location is exactly the stored link", async () => {
    const price = await aPrice();
    const host = new URL(await website()).host;
    const typed = `  HTTPS://${host.toUpperCase()}/Buy/../buy?q=%0d%0a&r=a%20b  `;
    const res = await send(
      "PUT",
      endpointUrl(adminEndpoints.updatePrice, { params: { id: price.id } }),
      JSON.stringify({ link: typed }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const href = new URL(typed.trim()).href;
    expect(href).toBe(`https://${host}/buy?q=%0d%0a&r=a%20b`);
    expect((res.body as AdminPrice).link).toBe(href);
    expect((await aPrice()).link).toBe(href);
    const redirect = await go(price.id);
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(href);
  });

  it("/go never follows a link stored before the rule that reads differently from where it leads", async () => {
    const price = await aPrice();
    const site = await website();
    // Written straight to the table, as an old row may hold it.
    await api.database.db
      .update(prices)
      .set({ link: "https://kestrel.example/a\r\nb" })
      .where(eq(prices.id, price.id));
    const redirect = await go(price.id);
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe(new URL(site).href);
  });
});

describe("a pharmacy's website and Trustpilot page", () => {
  it.each(HOSTILE)("refuses %s inside the website, naming the field", async (_name, tail) => {
    const before = await website();
    const res = await send(
      "PUT",
      endpointUrl(adminEndpoints.updatePharmacy, { params: { id: PHARMACY } }),
      raw(`{"website":"https://kestrel.example${tail}"}`),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.fields?.website).toMatch(/^must not contain (spaces, line breaks|control characters)/);
    expect(await website()).toBe(before);
  });

  it("refuses a line break inside the Trustpilot page, and stores both as their href", async () => {
    const params = { params: { id: PHARMACY } };
    const refused = await send(
      "PUT",
      endpointUrl(adminEndpoints.updatePharmacy, params),
      raw(String.raw`{"trustpilotUrl":"https://uk.trustpilot.example/review/kestrel\r\nx"}`),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.fields?.trustpilotUrl).toMatch(/^must not contain spaces, line breaks/);
    const site = await website();
    const saved = await send(
      "PUT",
      endpointUrl(adminEndpoints.updatePharmacy, params),
      JSON.stringify({ website: site.toUpperCase(), trustpilotUrl: "https://UK.Trustpilot.example" }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [row] = await api.database.db.select().from(pharmacies).where(eq(pharmacies.id, PHARMACY));
    expect(row?.website).toBe(new URL(site).href);
    expect(row?.trustpilotUrl).toBe("https://uk.trustpilot.example/");
    const redirect = await api.app.inject({
      method: "GET",
      url: `/go/pharmacy/${PHARMACY}?from=pharmacy-page`,
      headers: { "user-agent": BROWSER },
    });
    expect(redirect.headers.location).toBe(row?.website);
  });
});

describe("a feed's address and rows", () => {
  it("refuses a feed address with a line break or tab inside, and stores a good one as its href", async () => {
    const url = endpointUrl(adminEndpoints.setPharmacyFeed, { params: { id: PHARMACY } });
    for (const tail of [String.raw`\r\nHost: evil.example`, String.raw`\t`, String.raw`\u2028`]) {
      const res = await send("PUT", url, raw(`{"url":"${feedBase}/feed${tail}.csv","format":"flat-csv"}`));
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.fields?.url).toMatch(/^must not contain spaces, line breaks/);
    }
    const saved = await send(
      "PUT",
      url,
      JSON.stringify({ url: `${feedBase}/./feed.csv`, format: "flat-csv" }),
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [row] = await api.database.db
      .select({ url: pharmacyFeeds.url })
      .from(pharmacyFeeds)
      .where(eq(pharmacyFeeds.pharmacyId, PHARMACY));
    expect(row?.url).toBe(`${feedBase}/feed.csv`);
  });

  it("refuses a feed row whose link has a space or control character inside, row by row; stores a good one as its href", async () => {
    const price = await aPrice();
    const [medication] = await api.database.db.query.medications.findMany({
      where: (medications, { eq }) => eq(medications.id, price.medicationId),
    });
    const host = new URL(await website()).host;
    feedCsv = [
      "medication,dosage,price,link",
      `${medication?.name},${price.dosage},${price.price},"https://${host}/a b"`,
      `${medication?.name},${price.dosage},${price.price},https://${host}/a\u2028b`,
      `${medication?.name},${price.dosage},${price.price},https://${host.toUpperCase()}/fine?q=%0d%0a`,
    ].join("\n");
    const run = await api.app.inject({
      method: "POST",
      url: endpointUrl(adminEndpoints.runPharmacyFeed, { params: { id: PHARMACY } }),
      headers: bearer(token),
    });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().counts).toMatchObject({
      refused: 2,
      refusals: [
        { row: 2, reason: expect.stringMatching(/^the link must not contain spaces, line breaks/) },
        { row: 3, reason: expect.stringMatching(/^the link must not contain spaces, line breaks/) },
      ],
    });
    const [stored] = await api.database.db
      .select({ link: prices.link })
      .from(prices)
      .where(and(eq(prices.id, price.id)));
    expect(stored?.link).toBe(`https://${host}/fine?q=%0d%0a`);
  });
});

describe("a price sheet's links", () => {
  it("skips a link with a tab or space inside with its reason; a good one is listed as its href", async () => {
    const [viagra] = await api.database.db
      .select({
        pharmacyId: prices.pharmacyId,
        dosage: prices.dosage,
        price: prices.price,
        name: pharmacies.name,
      })
      .from(prices)
      .innerJoin(pharmacies, eq(pharmacies.id, prices.pharmacyId))
      .where(eq(prices.medicationId, "viagra"))
      .limit(1);
    if (!viagra) throw new Error("the demo catalogue has no Viagra price");
    const [site] = await api.database.db
      .select({ website: pharmacies.website })
      .from(pharmacies)
      .where(eq(pharmacies.id, viagra.pharmacyId));
    const host = new URL(site?.website ?? "").host;
    const sheet = (link: string) =>
      [
        '"Generic name","Sildenafil"',
        "Form,Tablets",
        "Description,",
        "Condition,Erectile Dysfunction",
        "Last updated,2026-01-01",
        `Pharmacy,Rating,${viagra.dosage},link`,
        `"${viagra.name}",4,${viagra.price + 1},"${link}"`,
      ].join("\r\n");
    const preview = async (link: string) => {
      const res = await api.app.inject({
        method: "POST",
        url: endpointUrl(adminEndpoints.previewPriceSheet),
        headers: bearer(token),
        payload: { fileName: "Viagra.csv", content: Buffer.from(sheet(link)).toString("base64") },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { skipped: { reason: string }[]; linkChanges: { newLink: string }[] };
    };
    for (const link of [`https://${host}/a b`, `https://${host}/a\tb`, `https://${host}/a\u2028b`]) {
      const refused = await preview(link);
      expect(refused.skipped).toContainEqual(
        expect.objectContaining({
          reason: expect.stringMatching(
            /^link ".*" must not contain spaces, line breaks, tabs or other invisible characters.*; the row's prices are read without it$/s,
          ),
        }),
      );
      expect(refused.linkChanges).toEqual([]);
    }
    const good = await preview(`https://${host.toUpperCase()}/buy?q=%0d%0a`);
    expect(good.linkChanges.map((change) => change.newLink)).toEqual([`https://${host}/buy?q=%0d%0a`]);
    await api.app.inject({
      method: "DELETE",
      url: endpointUrl(adminEndpoints.discardPriceSheet),
      headers: bearer(token),
    });
  });
});
