import { existsSync } from "node:fs";
import { createServer } from "node:net";
import { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { adminEndpoints, contactMessages, publicEndpoints } from "@pharmacompare/contract";
import { logOptions } from "@pharmacompare/http-serving";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildWeb } from "../../../scripts/web-build.ts";
import { loggerOptions } from "../src/logger.ts";
import { bearer, login, signIn } from "./admin-helpers.ts";
import { TEST_ADMIN } from "./fixtures.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

/*
 * The API's production logger, writing into memory, through a sign-in (a wrong password first),
 * an authenticated call, a second-factor step and setup, a price alert, a contact message and an email link: none of the
 * secrets or visitors' addresses that passed through may be in the logs (issue 12).
 */
const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    done();
  },
});

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({}, { logger: { ...loggerOptions("info", "api"), stream } });
});
afterAll(async () => {
  await api?.close();
});

const VISITOR = "priya.visitor-logs@example.co.uk";
const WRONG_PASSWORD = "not-the-password-9431";
const ONE_TIME_CODE = "482913";
const CHALLENGE = "challenge-token-for-the-log-test-0000000000";

describe("the API's logs", () => {
  it("hold no password, token, authorization header, one-time code or visitor's email address", async () => {
    expect(
      (await login(api.app, { email: TEST_ADMIN.email, password: WRONG_PASSWORD, code: ONE_TIME_CODE }))
        .statusCode,
    ).toBe(401);
    const token = await signIn(api.app);
    const me = await api.app.inject({
      method: "GET",
      url: urlOf(adminEndpoints.currentAdmin),
      headers: bearer(token),
    });
    expect(me.statusCode).toBe(200);
    // The second factor: a made-up challenge with a code, and a setup whose secret is answered.
    const secondStep = await api.app.inject({
      method: "POST",
      url: urlOf(adminEndpoints.loginSecondFactor),
      payload: { challenge: CHALLENGE, code: ONE_TIME_CODE },
    });
    expect(secondStep.statusCode).toBe(401);
    const setup = await api.app.inject({
      method: "POST",
      url: urlOf(adminEndpoints.startSecondFactorSetup),
      headers: bearer(token),
    });
    expect(setup.statusCode).toBe(200);
    const totpSecret = (setup.json() as { secret: string }).secret;

    const price = await api.app.services.prices.lowest("viagra", "50mg x 4 tablets");
    if (!price) throw new Error("no demo price");
    const alert = await api.app.inject({
      method: "POST",
      url: urlOf(publicEndpoints.createPriceAlert),
      remoteAddress: "203.0.113.71",
      payload: {
        email: VISITOR,
        medicationId: "viagra",
        medicationName: "Viagra",
        dosage: "50mg x 4 tablets",
        targetPrice: Math.round(price.price * 90) / 100,
        currentPrice: price.price,
        lowestPharmacy: { name: price.pharmacy.name, price: price.price },
        consent: true,
      },
    });
    expect(alert.statusCode).toBe(201);
    const contact = await api.app.inject({
      method: "POST",
      url: urlOf(publicEndpoints.sendContactMessage),
      remoteAddress: "203.0.113.72",
      payload: {
        name: "Priya Visitor",
        email: VISITOR,
        subject: "general",
        message: "Please reply to my address.",
      },
    });
    expect(contact.statusCode).toBe(201);
    // An email link in the query, and a visitor's address where a token belongs.
    await api.app.inject({
      method: "GET",
      url: urlOf(publicEndpoints.confirmEmail, { query: { token: "tok-77-secret" } }),
    });
    await api.app.inject({
      method: "GET",
      url: `${urlOf(publicEndpoints.unsubscribe, { query: { token: "x" } })}&email=${encodeURIComponent(VISITOR)}`,
    });

    // A search term is sent in the path (the search suggestions).
    expect(
      (await api.app.inject({ method: "GET", url: "/api/medications/search/rosacea-flare-ups" })).statusCode,
    ).toBe(200);

    const logged = lines.join("\n");
    expect(lines.length).toBeGreaterThan(10);
    expect(logged).toContain("request completed");
    for (const secret of [
      TEST_ADMIN.password,
      WRONG_PASSWORD,
      token,
      "Bearer",
      ONE_TIME_CODE,
      CHALLENGE,
      totpSecret,
      "tok-77-secret",
      "rosacea-flare-ups",
      VISITOR,
      encodeURIComponent(VISITOR),
      TEST_ADMIN.email,
    ]) {
      expect(logged, secret).not.toContain(secret);
    }
  });
});

/** The web build the standalone web server serves (made by `npm run build`, and by Playwright's run). */
const webBuild = fileURLToPath(new URL("../../web/build/server/index.js", import.meta.url));
const webServerModule = fileURLToPath(new URL("../../web/server/web-server.ts", import.meta.url));

describe("the web server's logs, with the API behind it", () => {
  beforeAll(() => {
    // `npm test` builds first; a bare `vitest run` on a fresh clone builds here.
    if (!existsSync(webBuild)) buildWeb();
  }, 300_000);

  it("hold no password, token, authorization header, cookie, one-time code or visitor's email address", async () => {
    const apiLines: string[] = [];
    const webLines: string[] = [];
    const into = (target: string[]) =>
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          target.push(...chunk.toString("utf8").split("\n").filter(Boolean));
          done();
        },
      });
    const backend = await api.another(
      {},
      { logger: { ...loggerOptions("info", "api"), stream: into(apiLines) } },
    );
    let web: FastifyInstance | undefined;
    try {
      const address = await backend.listen({ host: "127.0.0.1", port: 0 });
      process.env.API_INTERNAL_URL = address;
      process.env.API_URL = address;
      // Imported by path so the API's type check does not take in the web's modules.
      const { createWebServer } = (await import(webServerModule)) as {
        createWebServer(options: { logger: unknown }): Promise<FastifyInstance>;
      };
      web = await createWebServer({ logger: { ...logOptions("info", "web"), stream: into(webLines) } });
      const visitor = "sam.webvisitor@example.co.uk";
      const secrets = { authorization: "Bearer web-secret-bearer", cookie: "session=web-secret-cookie" };
      const form = (fields: Record<string, string>) => ({
        "content-type": "application/x-www-form-urlencoded",
        ...secrets,
        payload: new URLSearchParams(fields).toString(),
      });
      const post = async (url: string, fields: Record<string, string>) => {
        const { payload, ...headers } = form(fields);
        return web?.inject({ method: "POST", url, headers, payload, remoteAddress: "203.0.113.80" });
      };
      const contact = await post("/contact", {
        name: "Sam Webvisitor",
        email: visitor,
        subject: "general",
        message: "Write back to me, please.",
      });
      expect(contact?.statusCode).toBe(200);
      const price = await api.app.services.prices.lowest("viagra", "50mg x 4 tablets");
      if (!price) throw new Error("no demo price");
      const alert = await post("/condition/erectile-dysfunction?index", {
        intent: "price-alert",
        email: visitor,
        targetPrice: (Math.round(price.price * 90) / 100).toFixed(2),
        consent: "on",
        medicationId: "viagra",
        medicationName: "Viagra",
        dosage: "50mg x 4 tablets",
        currentPrice: String(price.price),
        lowestPharmacy: price.pharmacy.name,
        password: "typed-into-the-wrong-form",
        code: "771204",
      });
      expect(alert?.statusCode).toBeLessThan(500);
      const link = await web.inject({
        method: "GET",
        url: `/confirm?token=web-link-secret&email=${encodeURIComponent(visitor)}`,
        headers: secrets,
      });
      expect(link.statusCode).toBeLessThan(500);

      expect(webLines.join("\n")).toContain("request completed");
      // The web's actions sent both writes on to the API.
      const apiUrls = apiLines.map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url);
      expect(apiUrls).toContain(urlOf(publicEndpoints.sendContactMessage));
      expect(apiUrls).toContain(urlOf(publicEndpoints.createPriceAlert));
      const logged = [...webLines, ...apiLines].join("\n");
      for (const secret of [
        visitor,
        encodeURIComponent(visitor),
        "web-secret-bearer",
        "web-secret-cookie",
        "typed-into-the-wrong-form",
        "771204",
        "web-link-secret",
      ]) {
        expect(logged, secret).not.toContain(secret);
      }
    } finally {
      await web?.close();
      await backend.close();
    }
  });
});

/** A local address nothing listens on: a port the system handed out, then closed again. */
async function closedAddress(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/**
 * Everything the process prints while `run` runs: console calls (Vitest routes them around the
 * process's streams) and direct writes to standard output and error.
 */
async function printedDuring(run: () => Promise<void>): Promise<string> {
  const printed: string[] = [];
  const keep = (...args: unknown[]) => {
    printed.push(
      args.map((arg) => (arg instanceof Error ? `${arg.message}\n${arg.stack}` : String(arg))).join(" "),
    );
  };
  const spies = [
    ...(["log", "info", "warn", "error", "debug", "trace"] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation(keep),
    ),
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
      keep(chunk);
      return true;
    }),
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => {
      keep(chunk);
      return true;
    }),
  ];
  try {
    await run();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return printed.join("\n");
}

// Last in this file: the web build reads its configuration once per process, so the web server of
// the test above, once its API is closed, is as much an outage as this one's unused port.
describe("the web server's logs, with the API down", () => {
  beforeAll(() => {
    if (!existsSync(webBuild)) buildWeb();
  }, 300_000);

  it("hold no search term, email-link token or visitor's email address, and say the API was unreachable", async () => {
    const webLines: string[] = [];
    const address = await closedAddress();
    process.env.API_INTERNAL_URL = address;
    process.env.API_URL = address;
    const { createWebServer } = (await import(webServerModule)) as {
      createWebServer(options: { logger: unknown }): Promise<FastifyInstance>;
    };
    const web = await createWebServer({
      logger: {
        ...logOptions("info", "web"),
        stream: new Writable({
          write(chunk: Buffer, _encoding, done) {
            webLines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
            done();
          },
        }),
      },
    });
    const term = "zolmitriptan-outage-term";
    const token = "outage-link-token-5521";
    const visitor = "outage.visitor@example.co.uk";
    try {
      const printed = await printedDuring(async () => {
        const search = await web.inject({ method: "GET", url: `/search?q=${term}` });
        expect(search.statusCode).toBe(200);
        const confirmPage = await web.inject({ method: "GET", url: `/confirm?token=${token}` });
        expect(confirmPage.statusCode).toBe(200);
        const confirm = await web.inject({
          method: "POST",
          url: `/confirm?token=${token}`,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: new URLSearchParams({ token }).toString(),
        });
        expect(confirm.statusCode).toBe(200);
        const condition = await web.inject({ method: "GET", url: "/condition/erectile-dysfunction" });
        expect(condition.statusCode).toBeLessThan(500);
        const contact = await web.inject({
          method: "POST",
          url: "/contact",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          payload: new URLSearchParams({
            name: "Outage Visitor",
            email: visitor,
            subject: "general",
            message: "Sent while the API is down.",
          }).toString(),
        });
        expect(contact.statusCode).toBe(200);
        expect(contact.body).toContain(contactMessages.failure);
      });

      const logged = webLines.join("\n");
      expect(logged).toContain("request completed");
      expect(logged).toContain("Could not reach the API");
      for (const secret of [term, token, visitor, encodeURIComponent(visitor)]) {
        expect(logged, secret).not.toContain(secret);
        expect(printed, secret).not.toContain(secret);
      }
    } finally {
      await web.close();
    }
  });
});
