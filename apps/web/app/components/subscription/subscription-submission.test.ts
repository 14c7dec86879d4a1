import { DEFAULT_SUBSCRIPTION_PREFERENCES, subscriptionMessages } from "@pharmacompare/contract";
import { describe, expect, it, vi } from "vitest";
import { createApiClient } from "../../lib/api-client.ts";
import { CONDITIONS_SHOWN_FIELD, INTERESTS_SHOWN_FIELD, readSubscribeForm } from "./subscribe-fields.ts";
import { sendSubscription } from "./subscription-submission.ts";

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

function clientAnswering(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) =>
    Response.json(body, { status }),
  );
  return { fetch, api: createApiClient({ baseUrl: "http://api.test", fetch }) };
}

describe("readSubscribeForm", () => {
  it("reads the conditions a form lists (none ticked: every condition), and none from a form without them", () => {
    const form = formOf({ email: "a@b.co", source: "footer", [CONDITIONS_SHOWN_FIELD]: "shown" });
    expect(readSubscribeForm(form).conditions).toEqual([]);
    form.append("condition", "hair-loss");
    form.append("condition", "acne");
    expect(readSubscribeForm(form).conditions).toEqual(["hair-loss", "acne"]);
    expect(readSubscribeForm(formOf({ email: "a@b.co", source: "footer" }))).not.toHaveProperty("conditions");
  });

  it("takes the defaults from a form without the interest boxes (the footer's)", () => {
    expect(readSubscribeForm(formOf({ email: " sam@example.com ", source: "footer" }))).toEqual({
      email: "sam@example.com",
      source: "footer",
      preferences: DEFAULT_SUBSCRIPTION_PREFERENCES,
    });
  });

  it("reads the boxes a form shows, unticked ones as no", () => {
    const values = readSubscribeForm(
      formOf({ email: "a@b.co", source: "popup", [INTERESTS_SHOWN_FIELD]: "shown", weeklyDigest: "yes" }),
    );
    expect(values.preferences).toEqual({
      priceDrops: false,
      newMedications: false,
      promotions: false,
      weeklyDigest: true,
    });
    expect(values.source).toBe("popup");
  });

  it("falls back to the footer's source for anything unknown", () => {
    expect(readSubscribeForm(formOf({ email: "a@b.co", source: "evil" })).source).toBe("footer");
  });
});

describe("sendSubscription", () => {
  it("posts email, source and preferences, and shows the server's message", async () => {
    const { api, fetch } = clientAnswering(201, { message: "Check your inbox." });
    const outcome = await sendSubscription(
      api,
      formOf({
        email: "sam@example.com",
        source: "popup",
        [INTERESTS_SHOWN_FIELD]: "shown",
        priceDrops: "yes",
      }),
    );
    expect(outcome).toEqual({ status: "success", message: "Check your inbox." });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("http://api.test/subscriptions/subscribe");
    expect(JSON.parse(String(init?.body))).toEqual({
      email: "sam@example.com",
      source: "popup",
      preferences: { priceDrops: true, newMedications: false, promotions: false, weeklyDigest: false },
    });
  });

  it("says the specification's fallback when the server's answer has no message", async () => {
    const { api } = clientAnswering(201, { message: "" });
    expect(await sendSubscription(api, formOf({ email: "sam@example.com", source: "footer" }))).toEqual({
      status: "success",
      message: subscriptionMessages.successFallback,
    });
  });

  it("shows the server's message when it refuses, else the specification's error", async () => {
    const log = vi.fn();
    const tooMany = await sendSubscription(
      clientAnswering(429, { error: "Too many subscriptions from your connection." }).api,
      formOf({ email: "sam@example.com", source: "footer" }),
      {},
      log,
    );
    expect(tooMany).toMatchObject({
      status: "error",
      message: "Too many subscriptions from your connection.",
    });
    const broken = await sendSubscription(
      clientAnswering(500, { error: "Internal server error" }).api,
      formOf({ email: "sam@example.com", source: "footer" }),
      {},
      log,
    );
    expect(broken).toMatchObject({ status: "error", message: "Error subscribing. Please try again." });
    const email = await sendSubscription(
      clientAnswering(400, {
        error: 'Invalid body field "email": must be a valid email address',
        fields: { email: "must be a valid email address" },
      }).api,
      formOf({ email: "a@b", source: "footer" }),
      {},
      log,
    );
    expect(email).toMatchObject({
      status: "error",
      message: undefined,
      fields: { email: "Email must be a valid email address" },
      values: { email: "a@b" },
    });
    const down = createApiClient({
      baseUrl: "http://api.test",
      fetch: async () => {
        throw new TypeError("fetch failed");
      },
    });
    expect(await sendSubscription(down, formOf({ email: "a@b.co", source: "popup" }), {}, log)).toMatchObject(
      {
        status: "error",
        message: "Error subscribing. Please try again.",
      },
    );
  });
});
