import { Writable } from "node:stream";
import { adminEndpoints, publicEndpoints } from "@pharmacompare/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggerOptions } from "../src/logger.ts";
import { bearer, login, signIn } from "./admin-helpers.ts";
import { TEST_ADMIN } from "./fixtures.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

/*
 * The API's production logger, writing into memory, through a sign-in (a wrong password first),
 * an authenticated call, a price alert, a contact message and an email link: none of the
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

    const logged = lines.join("\n");
    expect(lines.length).toBeGreaterThan(10);
    expect(logged).toContain("request completed");
    for (const secret of [
      TEST_ADMIN.password,
      WRONG_PASSWORD,
      token,
      "Bearer",
      ONE_TIME_CODE,
      "tok-77-secret",
      VISITOR,
      encodeURIComponent(VISITOR),
      TEST_ADMIN.email,
    ]) {
      expect(logged, secret).not.toContain(secret);
    }
  });
});
