import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import {
  AdminPharmacy,
  adminEndpoints,
  clickOutUrl,
  londonDay,
  type Price,
  publicEndpoints,
} from "@pharmacompare/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { clickOuts, pharmacies, prices } from "../src/db/schema.ts";
import { DEMO_REFERRAL_PARAMS } from "../src/demo-data/index.ts";
import { createClickOutService } from "../src/modules/click-outs/click-out-service.ts";
import { catalogueCaller, expectRefusedUnchanged } from "./catalogue-helpers.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

/**
 * Counted click-outs (issue 31, decision 044): `/go/{priceId}` answers 302 to the stored link with
 * the pharmacy's referral, counts a browser's visit once (in a batch, after the answer), never a
 * bot's or a prefetch's, and answers 404 to anything that is not a visible price.
 */
let api: TestApi;
let price: Price;
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

beforeAll(async () => {
  api = await createTestApi();
  const res = await api.get(urlOf(publicEndpoints.listPricesForMedication, { params: { id: "wegovy" } }));
  const [first] = res.body as Price[];
  if (!first) throw new Error("the demo catalogue has no Wegovy price");
  price = first;
});
afterAll(async () => {
  await api?.close();
});
beforeEach(async () => {
  await api.app.services.clickOuts.flush();
  await api.database.db.delete(clickOuts);
  // The demo gives some pharmacies a consultation address (decision 058): these journeys start without.
  await api.database.db.update(pharmacies).set({ referralParams: "", consultationUrl: "" });
});

/** The path of a price's "Visit pharmacy" link as the web builds it. */
const goPath = (priceId: string, from: "comparison" | "email" = "comparison") =>
  new URL(clickOutUrl("http://api.test", priceId, from)).pathname +
  new URL(clickOutUrl("http://api.test", priceId, from)).search;

const visit = (path: string, headers: Record<string, string> = { "user-agent": BROWSER }, method = "GET") =>
  api.app.inject({ method: method as "GET", url: path, headers });

async function counted() {
  await api.app.services.clickOuts.flush();
  return api.database.db.select().from(clickOuts);
}

describe("GET /go/{priceId}", () => {
  it("answers 302 to the price's stored link and counts the visit once, after the answer", async () => {
    const res = await visit(goPath(price._id));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(price.link);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["set-cookie"]).toBeUndefined();
    // Nothing is written in the redirect's own path: the batch writes it.
    expect(await api.database.db.select().from(clickOuts)).toEqual([]);
    expect(await counted()).toEqual([
      {
        day: londonDay(new Date()),
        pharmacyId: price.pharmacyId,
        medicationId: "wegovy",
        dosage: price.dosage,
        source: "comparison",
        count: 1,
      },
    ]);
    // A second batch adds nothing more, and a second visit adds one to the same row.
    expect(await counted()).toHaveLength(1);
    await visit(goPath(price._id));
    expect((await counted()).map((row) => row.count)).toEqual([2]);
  });

  it("keeps the source to a known value: an unknown `from` counts as other", async () => {
    await visit(`/go/${price._id}?from=https%3A%2F%2Fevil.example%2F`);
    await visit(`/go/${price._id}`);
    await visit(goPath(price._id, "email"));
    const rows = await counted();
    expect(Object.fromEntries(rows.map((row) => [row.source, row.count]))).toEqual({ other: 2, email: 1 });
  });

  it("stores nothing about the visitor: only day, pharmacy, medication, dosage, source and count", async () => {
    await visit(goPath(price._id), {
      "user-agent": BROWSER,
      "x-forwarded-for": "203.0.113.9",
      referer: "https://pharmacompare.example/condition/weight-loss?medication=Wegovy",
      cookie: "pc_admin_session=abc",
    });
    const [row] = await counted();
    expect(Object.keys(row ?? {}).sort()).toEqual(
      ["count", "day", "dosage", "medicationId", "pharmacyId", "source"].sort(),
    );
    const text = JSON.stringify(await api.database.db.execute(sql`select * from click_outs`));
    expect(text).not.toContain("203.0.113");
    expect(text).not.toContain("Mozilla");
  });

  it("does not count bots, prefetches, HEAD or a request without a user agent, but still redirects them", async () => {
    const notCounted: [Record<string, string>, string?][] = [
      [{ "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }],
      [{ "user-agent": "Mozilla/5.0 (compatible; bingbot/2.0)" }],
      [{ "user-agent": "facebookexternalhit/1.1" }],
      [{ "user-agent": "curl/8.5.0" }],
      [{ "user-agent": "Mozilla/5.0 HeadlessChrome/131.0" }],
      // No user agent (inject would add its own when the header is left out).
      [{ "user-agent": "" }],
      [{ "user-agent": BROWSER, "sec-purpose": "prefetch" }],
      [{ "user-agent": BROWSER, "sec-purpose": "prefetch;prerender" }],
      [{ "user-agent": BROWSER, purpose: "prefetch" }],
      [{ "user-agent": BROWSER }, "HEAD"],
    ];
    for (const [headers, method] of notCounted) {
      const res = await visit(goPath(price._id), headers, method);
      expect(res.statusCode, JSON.stringify(headers)).toBe(302);
      expect(res.headers.location).toBe(price.link);
    }
    expect(await counted()).toEqual([]);
  });

  it("answers 404 to an unknown, malformed or hidden price, and never redirects anywhere else", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    for (const id of [
      unknown,
      "not-a-uuid",
      `${price._id}x`,
      "%2F%2Fevil.example",
      "..%2F..%2Fapi%2Fhealth",
    ]) {
      const res = await visit(`/go/${id}?from=comparison`);
      expect(res.statusCode, id).toBe(404);
      expect(res.headers.location, id).toBeUndefined();
      expect(res.json()).toMatchObject({ error: expect.any(String), code: "not_found" });
    }
    // Hidden: its pharmacy switched off.
    await api.withSql(
      `update pharmacies set active = false where id = '${price.pharmacyId}'`,
      `update pharmacies set active = true where id = '${price.pharmacyId}'`,
      async () => {
        expect((await visit(goPath(price._id))).statusCode).toBe(404);
      },
    );
    // Hidden: a dosage the medication no longer lists.
    const [row] = await api.database.db.select().from(prices).where(eq(prices.id, price._id));
    await api.withSql(
      `update prices set dosage = 'withdrawn pack' where id = '${price._id}'`,
      `update prices set dosage = '${row?.dosage.replaceAll("'", "''")}' where id = '${price._id}'`,
      async () => {
        expect((await visit(goPath(price._id))).statusCode).toBe(404);
      },
    );
    expect(await counted()).toEqual([]);
  });

  it("falls back to the pharmacy's website when the price has no link of its own", async () => {
    await api.withSql(
      `update prices set link = null where id = '${price._id}'`,
      `update prices set link = '${price.link}' where id = '${price._id}'`,
      async () => {
        const res = await visit(goPath(price._id));
        expect(res.statusCode).toBe(302);
        expect(res.headers.location).toBe(new URL(price.pharmacy.website).href);
      },
    );
  });

  it("appends the pharmacy's referral parameters to the stored link, host, scheme and path unchanged", async () => {
    await api.database.db
      .update(pharmacies)
      .set({ referralParams: "utm_source=pharmacompare&ref=pc%2D42" })
      .where(eq(pharmacies.id, price.pharmacyId));
    const res = await visit(goPath(price._id));
    expect(res.statusCode).toBe(302);
    const location = String(res.headers.location);
    expect(location).toBe(`${price.link}?utm_source=pharmacompare&ref=pc%2D42`);
    const [stored, landed] = [new URL(price.link ?? ""), new URL(location)];
    expect([landed.protocol, landed.host, landed.pathname]).toEqual([
      stored.protocol,
      stored.host,
      stored.pathname,
    ]);
    expect(landed.searchParams.get("ref")).toBe("pc-42");
    // The public reads say the pharmacy is sponsored, so its links carry rel="sponsored".
    const again = await api.get(urlOf(publicEndpoints.listPricesForMedication, { params: { id: "wegovy" } }));
    const mine = (again.body as Price[]).find((entry) => entry._id === price._id);
    expect(mine?.pharmacy.sponsored).toBe(true);
    // One without referral parameters (the demo gives some pharmacies theirs, decision 053).
    const other = (again.body as Price[]).find(
      (entry) => entry.pharmacyId !== price.pharmacyId && !(entry.pharmacyId in DEMO_REFERRAL_PARAMS),
    );
    expect(other?.pharmacy.sponsored).toBe(false);
  });
});

describe("the batched writes", () => {
  it("keep the counts when the database cannot take them, and write them with the next batch", async () => {
    const real = api.database.db;
    let down = true;
    // The real database, whose inserts fail while `down` (as when PostgreSQL restarts).
    const flaky = new Proxy(real, {
      get(target, key, receiver) {
        if (key === "insert" && down)
          return () => ({
            values: () => ({
              onConflictDoUpdate: () => Promise.reject(Object.assign(new Error("down"), { code: "57P01" })),
            }),
          });
        return Reflect.get(target, key, receiver);
      },
    });
    const warnings: unknown[] = [];
    const log = { warn: (entry: unknown) => warnings.push(entry) } as unknown as Parameters<
      typeof createClickOutService
    >[1]["log"];
    const service = createClickOutService(flaky, { now: () => new Date(), log });
    const target = {
      location: price.link ?? "",
      pharmacyId: price.pharmacyId,
      medicationId: "wegovy",
      dosage: price.dosage,
      kind: "product" as const,
    };
    service.count(target, "comparison");
    service.count(target, "comparison");
    expect(await service.flush()).toBe(0);
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings)).not.toContain(price.pharmacyId);
    down = false;
    service.count(target, "comparison");
    expect(await service.flush()).toBe(3);
    expect((await api.database.db.select().from(clickOuts)).map((row) => row.count)).toEqual([3]);
  });
});

describe("GET /go/pharmacy/{pharmacyId}", () => {
  it("redirects to a public pharmacy's website and counts it without a medication", async () => {
    const res = await visit(`/go/pharmacy/${price.pharmacyId}?from=pharmacy-page`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(new URL(price.pharmacy.website).href);
    expect(await counted()).toMatchObject([
      { pharmacyId: price.pharmacyId, medicationId: "", dosage: "", source: "pharmacy-page", count: 1 },
    ]);
  });

  it("answers 404 to an unknown or unregistered pharmacy", async () => {
    expect((await visit("/go/pharmacy/no-such-pharmacy")).statusCode).toBe(404);
    expect((await visit("/go/pharmacy/Not_A_Slug")).statusCode).toBe(404);
    await api.withSql(
      `update pharmacies set gphc_number = null where id = '${price.pharmacyId}'`,
      `update pharmacies set gphc_number = '${price.pharmacy.gphcNumber}' where id = '${price.pharmacyId}'`,
      async () => {
        expect((await visit(`/go/pharmacy/${price.pharmacyId}`)).statusCode).toBe(404);
      },
    );
  });
});

describe("a pharmacy's referral parameters in the back-office", () => {
  it("are saved as query parameters (a leading ? dropped) and cleared with an empty value", async () => {
    const call = await catalogueCaller(api);
    const params = { id: price.pharmacyId };
    const saved = await call(adminEndpoints.updatePharmacy, {
      params,
      body: { referralParams: " ?utm_source=pharmacompare&ref=abc-1 " },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(AdminPharmacy.parse((saved.body as { pharmacy: unknown }).pharmacy)).toMatchObject({
      referralParams: "utm_source=pharmacompare&ref=abc-1",
      sponsored: true,
    });
    const cleared = await call(adminEndpoints.updatePharmacy, { params, body: { referralParams: "" } });
    expect(
      (cleared.body as { pharmacy: { referralParams: string; sponsored: boolean } }).pharmacy,
    ).toMatchObject({
      referralParams: "",
      sponsored: false,
    });
  });

  it("refuse anything that could change the link's scheme, host or path with a 400 naming the problem", async () => {
    const call = await catalogueCaller(api);
    const refused: [string, RegExp][] = [
      ["https://evil.example/?ref=1", /scheme, host or path/],
      ["@evil.example", /scheme, host or path/],
      ["ref=1/../../admin", /scheme, host or path/],
      ["ref=1#top", /fragment/],
      ["ref=1?x=2", /without "\?"/],
      ["ref=a b", /spaces/],
      ["ref", /name=value/],
      ["r<e>f=1", /parameter names/],
      ["ref=<script>", /values may use/],
      [`ref=${"a".repeat(400)}`, /at most 300/],
    ];
    for (const [referralParams, problem] of refused) {
      const body = await expectRefusedUnchanged(
        api,
        () =>
          call(adminEndpoints.updatePharmacy, { params: { id: price.pharmacyId }, body: { referralParams } }),
        400,
      );
      expect(body.fields?.referralParams, referralParams).toMatch(problem);
    }
  });
});

describe("prescription-only visits that start at the consultation (decision 058)", () => {
  const CONSULTATION = "/online-doctor/start?treatment={medication}";

  /** A pharmacy with a public price for both Wegovy (POM) and Viagra Connect (P), and those prices. */
  async function pharmacyWithBoth() {
    const read = async (id: string) =>
      (await api.get(urlOf(publicEndpoints.listPricesForMedication, { params: { id } }))).body as Price[];
    const [pom, pharmacyMedicine] = [await read("wegovy"), await read("viagra-connect")];
    const both = pom.find((entry) => pharmacyMedicine.some((other) => other.pharmacyId === entry.pharmacyId));
    const other = pharmacyMedicine.find((entry) => entry.pharmacyId === both?.pharmacyId);
    if (!both || !other) throw new Error("no demo pharmacy prices both Wegovy and Viagra Connect");
    return { pom: both, p: other, origin: new URL(both.pharmacy.website).origin };
  }

  async function setConsultation(pharmacyId: string, body: Record<string, string>) {
    const call = await catalogueCaller(api);
    const res = await call(adminEndpoints.updatePharmacy, { params: { id: pharmacyId }, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  it("sends a prescription-only medicine to the consultation address, with its name and the referral, and counts it", async () => {
    const { pom, origin } = await pharmacyWithBoth();
    await setConsultation(pom.pharmacyId, {
      consultationUrl: `${origin}${CONSULTATION}`,
      referralParams: "ref=pc-44",
    });
    const res = await visit(goPath(pom._id));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${origin}/online-doctor/start?treatment=Wegovy&ref=pc-44`);
    expect(res.headers["cache-control"]).toBe("no-store");
    // Counted as any click-out: under the medication and dosage the row showed.
    expect(await counted()).toEqual([
      expect.objectContaining({
        pharmacyId: pom.pharmacyId,
        medicationId: "wegovy",
        dosage: pom.dosage,
        count: 1,
      }),
    ]);
    // The public rows say the visit starts at a consultation; the address itself is not in them.
    const again = await api.get(urlOf(publicEndpoints.listPricesForMedication, { params: { id: "wegovy" } }));
    const mine = (again.body as Price[]).find((entry) => entry._id === pom._id);
    expect(mine?.pharmacy.startsAtConsultation).toBe(true);
    expect(JSON.stringify(again.body)).not.toContain("online-doctor");
  });

  it("keeps a pharmacy medicine on its product link at the same pharmacy, with the referral", async () => {
    const { p, origin } = await pharmacyWithBoth();
    await setConsultation(p.pharmacyId, {
      consultationUrl: `${origin}${CONSULTATION}`,
      referralParams: "ref=pc-44",
    });
    const res = await visit(goPath(p._id));
    expect(res.statusCode).toBe(302);
    expect(p.link).toBeTruthy();
    expect(res.headers.location).toBe(`${p.link}${p.link?.includes("?") ? "&" : "?"}ref=pc-44`);
  });

  it("keeps a prescription-only medicine on its product link where the pharmacy has no consultation address", async () => {
    const { pom } = await pharmacyWithBoth();
    const res = await visit(goPath(pom._id));
    expect(res.headers.location).toBe(pom.link);
    expect(pom.pharmacy.startsAtConsultation).toBe(false);
  });

  it("takes an address without the placeholder as it is, and keeps the pharmacy page's website link", async () => {
    const { pom, origin } = await pharmacyWithBoth();
    await setConsultation(pom.pharmacyId, { consultationUrl: `${origin}/consultation` });
    expect((await visit(goPath(pom._id))).headers.location).toBe(`${origin}/consultation`);
    const site = await visit(`/go/pharmacy/${pom.pharmacyId}?from=pharmacy-page`);
    expect(site.headers.location).toBe(new URL(pom.pharmacy.website).href);
  });
});

/** Sends `bytes` over a raw socket and answers the status line the server sent back. */
function statusLine(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // Written, not ended: a client that half-closes gets no answer from Node's HTTP server to a
    // request still in flight (http.Server's default, httpAllowHalfOpen false), which is not what
    // this test is about; the request asks to close the connection after its answer.
    const socket = connect(port, "127.0.0.1", () => socket.write(bytes));
    let received = "";
    socket.setEncoding("latin1");
    socket.on("data", (chunk: string) => {
      received += chunk;
    });
    socket.setTimeout(5_000, () => socket.destroy(new Error(`no answer to ${JSON.stringify(bytes)}`)));
    socket.on("error", reject);
    socket.on("close", () => resolve(received.split("\r\n")[0] ?? ""));
  });
}

describe("odd ids over a raw socket", () => {
  it("never answer a 5xx: each is a 400 or a 404, and the server still redirects afterwards", async () => {
    await api.app.listen({ host: "127.0.0.1", port: 0 });
    const { port } = api.app.server.address() as AddressInfo;
    const odd = [
      "%00",
      "%ZZ",
      "%C0%AF",
      "..%2F..%2Fadmin",
      "%2F%2Fevil.example",
      "'%20or%201=1--",
      "x".repeat(4000),
      `${price._id}%00`,
      `${price._id.toUpperCase()}`,
      "00000000-0000-0000-0000-00000000000g",
      "%F0%9F%92%8A",
      "pharmacy/%00",
      "pharmacy/..",
    ];
    for (const id of odd) {
      const line = await statusLine(
        port,
        `GET /go/${id}?from=%00 HTTP/1.1\r\nHost: api.test\r\nUser-Agent: ${BROWSER}\r\nConnection: close\r\n\r\n`,
      );
      expect(line, id).toMatch(/^HTTP\/1\.1 (302|400|404|414) /);
    }
    const line = await statusLine(
      port,
      `GET /go/${price._id} HTTP/1.1\r\nHost: api.test\r\nUser-Agent: ${BROWSER}\r\nConnection: close\r\n\r\n`,
    );
    expect(line).toMatch(/^HTTP\/1\.1 302 /);
  });
});
