import { randomBytes } from "node:crypto";
import {
  allEndpoints,
  DEFAULT_SUBSCRIPTION_PREFERENCES,
  type EndpointDefinition,
  endpointUrl,
  publicEndpoints,
  takesEmailToken,
} from "@pharmacompare/contract";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_RESPONSE_CACHE } from "../src/cache/response-cache.ts";
import { emailLinks } from "../src/db/schema.ts";
import { hashLinkToken } from "../src/email/secrets.ts";
import { registerEndpoint } from "../src/routes/register-endpoint.ts";
import { testClock } from "./admin-helpers.ts";
import { confirmedSubscribers } from "./subscribers.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

/**
 * Every answer to a request that carries an email link's token says `Cache-Control: no-store`
 * (issue 42, ASVS 8.2.1): the token opens someone's subscription and alerts, and a browser's or a
 * proxy's copy of the answer would outlive the link. The endpoints are found in the registry
 * (decision 012), so an endpoint added later is covered without this file naming it; the API's
 * response cache (decisions 020, 027) is on, and keeps none of them.
 */
const clock = testClock({ frozen: true });
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({}, { now: clock.now, responseCache: DEFAULT_RESPONSE_CACHE });
});
afterAll(async () => {
  await api?.close();
});

const key = (endpoint: EndpointDefinition) => `${endpoint.method} ${endpoint.path}`;
const tokenEndpoints = allEndpoints.filter(takesEmailToken);

/**
 * A body each token endpoint accepts with a live token, so its success answer is checked too. A new
 * token endpoint fails the first test below until it is given one here. Unsubscribe runs last.
 */
const LIVE_BODIES: Record<string, unknown> = {
  [key(publicEndpoints.confirmEmail)]: undefined,
  [key(publicEndpoints.managedSubscription)]: undefined,
  [key(publicEndpoints.manageEmails)]: { preferences: DEFAULT_SUBSCRIPTION_PREFERENCES, conditions: [] },
  [key(publicEndpoints.managedAlerts)]: undefined,
  [key(publicEndpoints.manageAlert)]: { action: "stop-all" },
  [key(publicEndpoints.unsubscribe)]: undefined,
};

function call(endpoint: EndpointDefinition, token: string, body: unknown) {
  return api.app.inject({
    method: endpoint.method,
    url: endpointUrl(endpoint, { query: { token } }),
    ...(body === undefined ? {} : { payload: body as object }),
  });
}

describe("answers to requests carrying an email link's token", () => {
  it("are found in the registry: the confirm, unsubscribe, manage and alert links, each marked no-store", () => {
    expect(tokenEndpoints.map(key).sort()).toEqual(Object.keys(LIVE_BODIES).sort());
    for (const endpoint of tokenEndpoints) expect(endpoint.cache, key(endpoint)).toBe("no-store");
  });

  it("say no-store when the token is live, and the response cache keeps none of them", async () => {
    const subscriber = await confirmedSubscribers(() => api, clock.now)("no-store@example.co.uk");
    const token = randomBytes(32).toString("base64url");
    const confirmToken = randomBytes(32).toString("base64url");
    await api.database.db.insert(emailLinks).values([
      { tokenHash: hashLinkToken(token), purpose: "unsubscribe", subscriptionId: subscriber.id },
      { tokenHash: hashLinkToken(confirmToken), purpose: "confirm", subscriptionId: subscriber.id },
    ]);
    const ordered = [...tokenEndpoints].sort(
      (a, b) => Number(a === publicEndpoints.unsubscribe) - Number(b === publicEndpoints.unsubscribe),
    );
    for (const endpoint of ordered) {
      const name = key(endpoint);
      const live = endpoint === publicEndpoints.confirmEmail ? confirmToken : token;
      // Twice: a second answer must not come from a cache either.
      for (const attempt of [1, 2]) {
        const res = await call(endpoint, live, LIVE_BODIES[name]);
        expect(res.statusCode, `${name} #${attempt}: ${res.body}`).toBe(200);
        expect(res.headers["cache-control"], name).toBe("no-store");
        expect(res.headers.etag, name).toBeUndefined();
      }
    }
    expect(api.app.responseCache?.size.entries).toBe(0);
  });

  it("say no-store when they are refused: an unknown token, or a malformed one", async () => {
    for (const endpoint of tokenEndpoints) {
      const name = key(endpoint);
      const unknown = await call(endpoint, "x".repeat(43), LIVE_BODIES[name]);
      expect(unknown.statusCode, name).toBe(404);
      expect(unknown.headers["cache-control"], name).toBe("no-store");
      const malformed = await call(endpoint, "short", LIVE_BODIES[name]);
      expect(malformed.statusCode, name).toBe(400);
      expect(malformed.headers["cache-control"], name).toBe("no-store");
    }
  });

  it("come only from entries marked no-store: the API refuses at start-up to register one that is not", async () => {
    const bare = Fastify({ logger: false });
    bare.setValidatorCompiler(validatorCompiler);
    bare.setSerializerCompiler(serializerCompiler);
    const forgotten = { ...publicEndpoints.managedAlerts, cache: undefined };
    expect(() => registerEndpoint(bare, forgotten, async () => ({ email: "", alerts: [] }) as never)).toThrow(
      /takes an email token: its entry must say cache: "no-store"/,
    );
    const madePublic = { ...publicEndpoints.managedSubscription, cache: "public" as const };
    expect(() => registerEndpoint(bare, madePublic, async () => ({}) as never)).toThrow(/email token/);
    await bare.close();
  });
});
