import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { adminEndpoints, publicEndpoints } from "@pharmacompare/contract";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sparePort } from "../../../scripts/postgres-server.ts";
import { startVarnish, type VarnishServer, varnishInstalled } from "../../../scripts/varnish-server.ts";
import { CACHE_TAG_HEADER, type CacheTag } from "../src/cache/cache-tags.ts";
import { transactionAnnouncingChanges } from "../src/cache/data-version.ts";
import { cachePurges, medications, pharmacies, prices } from "../src/db/schema.ts";
import { owePurges } from "../src/modules/shared-cache/purger.ts";
import { bearer, MINUTE, signIn, testClock } from "./admin-helpers.ts";
import { concurrencyTest, createTestApi, type TestApi, urlOf } from "./test-api.ts";

/**
 * Varnish in front, for real (decision 064): Debian's varnishd with the repository's VCL
 * (ops/varnish/pharmacompare.vcl) on loopback, in front of two API instances on one database, as
 * two product processes would be. Skipped only where varnishd is not installed (CI installs it).
 *
 * The product's public reads say their own s-maxage and tags (decision 063); the onSend hook of
 * this file only names the backend that answered, and would add `site` to an answer that
 * somehow said nothing.
 */
const installed = varnishInstalled();

/** The tags and shared-cache lifetime the product will send itself (cache/cache-tags.ts). */
function tagPublicReads(name: string) {
  return (app: FastifyInstance) => {
    app.addHook("onSend", async (request, reply, payload) => {
      reply.header("x-test-backend", name);
      const cacheControl = String(reply.getHeader("cache-control") ?? "");
      if (!/\bpublic\b/.test(cacheControl)) return payload;
      if (!/s-maxage/.test(cacheControl)) reply.header("cache-control", `${cacheControl}, s-maxage=600`);
      if (!reply.hasHeader(CACHE_TAG_HEADER)) {
        const medication = /^\/api\/medications\/([^/?]+)/.exec(request.url)?.[1];
        reply.header(CACHE_TAG_HEADER, medication ? `medication:${medication} site` : "site");
      }
      return payload;
    });
  };
}

/**
 * A stand-in for the web tier that asks to be cached for everything: `public, s-maxage` and a tag
 * on every answer, a Set-Cookie where asked. What Varnish still refuses to store here, it refuses
 * by the VCL's own rules, whatever a backend says. Each answer counts the requests it has seen.
 */
function greedyBackend(): Promise<Server> {
  let seen = 0;
  const server = createServer((request, response) => {
    seen += 1;
    response.setHeader("cache-control", "public, max-age=0, s-maxage=600");
    response.setHeader(CACHE_TAG_HEADER, "site");
    if (request.url?.startsWith("/sets-cookie")) response.setHeader("set-cookie", "visitor=1; Path=/");
    response.end(`answer ${seen}`);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

describe.skipIf(!installed)("Varnish in front of two product processes (decision 064)", () => {
  let api: TestApi;
  let other: FastifyInstance;
  let varnish: VarnishServer;
  let web: Server;
  let token: string;
  const clock = testClock();
  const origins: string[] = [];
  /** Two medications with listed prices, and one price row of the first. */
  let first: string;
  let second: string;
  let priceId: string;
  let dosages: Map<string, string>;

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${varnish.url}${path}`, { headers, redirect: "manual" });
  const cacheOf = async (path: string, headers: Record<string, string> = {}) => {
    const response = await get(path, headers);
    await response.arrayBuffer();
    return response.headers.get("x-cache");
  };
  const comparison = (id: string) =>
    urlOf(publicEndpoints.compareMedication, { params: { id }, query: { dosage: dosages.get(id) ?? "" } });
  const waiting = async () => (await api.database.db.select().from(cachePurges)).length;

  beforeAll(async () => {
    const port = await sparePort();
    const env = { PURGE_URLS: `http://127.0.0.1:${port}` };
    api = await createTestApi(env, { now: clock.now, routes: tagPublicReads("one") });
    other = await api.another(env, { setup: tagPublicReads("two") });
    for (const app of [api.app, other]) {
      await app.listen({ host: "127.0.0.1", port: 0 });
      origins.push(`127.0.0.1:${(app.server.address() as AddressInfo).port}`);
    }
    web = await greedyBackend();
    varnish = await startVarnish({
      api: origins,
      web: [`127.0.0.1:${(web.address() as AddressInfo).port}`],
      probeIntervalSeconds: 1,
      // Both APIs share this one test process: on a busy machine /health can take over a second.
      probeTimeoutSeconds: 5,
      port,
    });
    token = await signIn(api.app);
    // Every price listed now (the snapshot's confirmations are as old as the suite's seed).
    await api.database.db.update(prices).set({ lastConfirmed: clock.now() });
    const listed = await api.database.db
      .selectDistinct({
        medicationId: prices.medicationId,
        id: prices.id,
        dosage: prices.dosage,
        condition: medications.subcategoryId,
      })
      .from(prices)
      .innerJoin(pharmacies, eq(pharmacies.id, prices.pharmacyId))
      .innerJoin(medications, eq(medications.id, prices.medicationId))
      .where(and(eq(pharmacies.active, true), eq(prices.inStock, true)))
      .orderBy(prices.medicationId);
    first = listed[0]?.medicationId as string;
    priceId = listed[0]?.id as string;
    dosages = new Map(listed.map((row) => [row.medicationId, row.dosage]).reverse() as [string, string][]);
    dosages.set(first, listed[0]?.dosage as string);
    // Of another condition, so a price change of the first touches none of its tags.
    second = listed.find((row) => row.condition !== listed[0]?.condition)?.medicationId as string;
  }, 60_000);

  afterAll(async () => {
    await varnish?.stop();
    await new Promise((resolve) => web?.close(resolve));
    await api?.close();
  });

  it("serves a public read from the cache the second time, across both processes", async () => {
    expect(await cacheOf(comparison(first))).toBe("miss");
    const again = await get(comparison(first));
    expect(again.status).toBe(200);
    expect(again.headers.get("x-cache")).toBe("hit");
    expect(again.headers.get("age")).not.toBeNull();
    // The tags are the cache's business, not the visitor's.
    expect(again.headers.get(CACHE_TAG_HEADER)).toBeNull();
    // The director sends misses round the two processes.
    const served = new Set<string | null>();
    for (let i = 0; i < 10 && served.size < 2; i += 1) {
      const res = await get(urlOf(publicEndpoints.health));
      await res.arrayBuffer();
      served.add(res.headers.get("x-test-backend"));
    }
    expect(served).toEqual(new Set(["one", "two"]));
  });

  it("a price change through the admin API purges its tags only, and the next read shows the new price", async () => {
    for (const id of [first, second]) await cacheOf(comparison(id));
    expect(await cacheOf(comparison(first))).toBe("hit");
    expect(await cacheOf(comparison(second))).toBe("hit");
    const update = await other.inject({
      method: "PUT",
      url: urlOf(adminEndpoints.updatePrice, { params: { id: priceId } }),
      headers: bearer(token),
      payload: { price: 77.77 },
    });
    expect(update.statusCode).toBe(200);
    // Sent as the write commits (the write waits for it up to a second): nothing owed, and the
    // next read is fetched anew.
    await expect.poll(waiting, { timeout: 5_000 }).toBe(0);
    const after = await get(comparison(first));
    expect(after.headers.get("x-cache")).toBe("miss");
    expect(await after.text()).toContain("77.77");
    // Another condition's medication was not touched: still served from Varnish.
    expect(await cacheOf(comparison(second))).toBe("hit");
  });

  it("a purge of one medication's tag drops its answers only", async () => {
    for (const id of [first, second]) await cacheOf(comparison(id));
    expect(await cacheOf(comparison(first))).toBe("hit");
    expect(await cacheOf(comparison(second))).toBe("hit");
    // What a write that names its tags owes (the bump calls owePurges with them).
    await transactionAnnouncingChanges(api.database.db, (tx) =>
      owePurges(tx, [`medication:${first}` as CacheTag]),
    );
    expect(await api.app.services.sharedCache.sendDue()).toEqual({ sent: 1, settled: 1, failed: 0 });
    expect(await cacheOf(comparison(first))).toBe("miss");
    expect(await cacheOf(comparison(second))).toBe("hit");
  });

  it("never stores anything personal, token-bearing, admin, a click-out or a write", async () => {
    // The greedy stand-in is stored where nothing forbids it…
    await cacheOf("/condition/hair-loss");
    expect(await cacheOf("/condition/hair-loss")).toBe("hit");
    // …and never where something does, whatever it says.
    const refused: [string, Record<string, string>][] = [
      ["/admin/prices", {}],
      ["/confirm?token=secret-one", {}],
      ["/unsubscribe?token=secret-two", {}],
      ["/manage-emails?token=secret-three", {}],
      ["/subscribe?token=secret-four", {}],
      ["/condition/hair-loss", { cookie: "pc_admin_session=abc" }],
      ["/condition/hair-loss", { authorization: "Bearer abc" }],
    ];
    for (const [path, headers] of refused) {
      const one = await get(path, headers);
      const two = await get(path, headers);
      expect([one.headers.get("x-cache"), two.headers.get("x-cache")], path).toEqual(["pass", "pass"]);
      expect(await two.text(), path).not.toBe(await one.text());
    }
    // An answer that sets a cookie is fetched anew every time.
    const cookieOne = await get("/sets-cookie");
    const cookieTwo = await get("/sets-cookie");
    expect(cookieTwo.headers.get("x-cache")).not.toMatch(/hit/);
    expect(await cookieTwo.text()).not.toBe(await cookieOne.text());
    // A POST goes through.
    const post = await fetch(`${varnish.url}/contact`, { method: "POST", body: "x" });
    expect(post.headers.get("x-cache")).toBe("pass");
    // The real API: the back-office's reads and a click-out are never answered from the cache.
    const admin = urlOf(adminEndpoints.listAdminPricesForMedication, { params: { id: first } });
    expect(await cacheOf(admin, bearer(token))).toBe("pass");
    expect(await cacheOf(admin, bearer(token))).toBe("pass");
    const clickOut = urlOf(publicEndpoints.clickOutToPrice, { params: { priceId } });
    expect(await cacheOf(clickOut)).toBe("pass");
    expect(await cacheOf(clickOut)).toBe("pass");
  });

  it("takes a purge only from its ACL, and only one that names tags", async () => {
    await cacheOf(comparison(second));
    expect(await cacheOf(comparison(second))).toBe("hit");
    // 127.0.0.2 is this machine too, but not in the purgers ACL (127.0.0.1 and ::1 here).
    const outsider = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(
        `${varnish.url}/`,
        { method: "PURGE", headers: { "xkey-purge": "site" }, localAddress: "127.0.0.2" },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on("error", reject);
      request.end();
    });
    expect(outsider).toBe(403);
    expect(await cacheOf(comparison(second))).toBe("hit");
    const untagged = await fetch(`${varnish.url}/`, { method: "PURGE" });
    expect(untagged.status).toBe(400);
  });

  it("keeps a purge while Varnish is down, retries it, and sends it when Varnish is back", async () => {
    await varnish.halt();
    const update = await api.app.inject({
      method: "PUT",
      url: urlOf(adminEndpoints.updatePrice, { params: { id: priceId } }),
      headers: bearer(token),
      payload: { price: 66.66 },
    });
    expect(update.statusCode).toBe(200);
    // One purge owed to the one cache, tried once and failed.
    const owedRows = () => api.database.db.select().from(cachePurges);
    await expect.poll(async () => (await owedRows())[0]?.lastError, { timeout: 5_000 }).toBeTruthy();
    const [owed] = await owedRows();
    expect(owed).toMatchObject({ attempts: 1 });
    // The write's own tags, not the whole site (decision 063).
    expect(owed?.tags).toContain(`medication:${first}`);
    expect(owed?.tags).not.toContain("site");
    expect(owed?.lastError).toBeTruthy();
    // The site answers directly meanwhile, with the new price.
    const direct = await fetch(`http://${origins[1]}${comparison(first)}`);
    expect(await direct.text()).toContain("66.66");
    // Retried once due, and still down: tried again, still owed.
    expect(owed?.nextAttemptAt.getTime()).toBeGreaterThan(clock.now().getTime() - 1000);
    clock.advance(MINUTE);
    expect(await api.app.services.sharedCache.sendDue()).toEqual({ sent: 0, settled: 0, failed: 1 });
    expect(await api.database.db.select({ attempts: cachePurges.attempts }).from(cachePurges)).toEqual([
      { attempts: 2 },
    ]);
    await varnish.resume();
    clock.advance(MINUTE);
    expect(await other.services.sharedCache.sendDue()).toEqual({ sent: 1, settled: 1, failed: 0 });
    expect(await waiting()).toBe(0);
    const through = await get(comparison(first));
    expect(await through.text()).toContain("66.66");
  });

  concurrencyTest(
    "two processes sending at once settle each owed purge once, and both tags are purged",
    async () => {
      for (const id of [first, second]) await cacheOf(comparison(id));
      expect(await cacheOf(comparison(second))).toBe("hit");
      await transactionAnnouncingChanges(api.database.db, async (tx) => {
        await owePurges(tx, [`medication:${first}` as CacheTag]);
        await owePurges(tx, [`medication:${second}` as CacheTag]);
      });
      const runs = await Promise.all([
        api.app.services.sharedCache.sendDue(),
        other.services.sharedCache.sendDue(),
      ]);
      // Each row claimed by one of the two (mostly one takes both and sends them merged as one purge).
      expect(runs.reduce((sum, run) => sum + run.settled, 0)).toBe(2);
      expect(runs.reduce((sum, run) => sum + run.failed, 0)).toBe(0);
      expect(await waiting()).toBe(0);
      expect(await cacheOf(comparison(first))).toBe("miss");
      expect(await cacheOf(comparison(second))).toBe("miss");
    },
  );
});

it.skipIf(installed)(
  "Varnish in front: skipped, varnishd is not installed (apt-get install varnish varnish-modules)",
  () => {},
);
