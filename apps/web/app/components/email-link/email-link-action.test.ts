import { emailLinkMessages, publicEndpoints } from "@pharmacompare/contract";
import { describe, expect, it, vi } from "vitest";
import { createApiClient } from "../../lib/api-client.ts";
import { followEmailLink, linkToken } from "./email-link-action.ts";

const token = "a".repeat(43);

function clientAnswering(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) =>
    Response.json(body, { status }),
  );
  return { fetch, api: createApiClient({ baseUrl: "http://api.test", fetch }) };
}

describe("followEmailLink", () => {
  it("posts the token to the endpoint and shows the API's message", async () => {
    const { api, fetch } = clientAnswering(200, {
      message: emailLinkMessages.alertConfirmed,
      kind: "price-alert",
    });
    const outcome = await followEmailLink(api, publicEndpoints.confirmEmail, token);
    expect(outcome).toEqual({
      status: "done",
      message: emailLinkMessages.alertConfirmed,
      kind: "price-alert",
    });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe(`http://api.test/api/email/confirm?token=${token}`);
    expect(init?.method).toBe("POST");

    const unsubscribed = clientAnswering(200, {
      message: emailLinkMessages.subscriptionUnsubscribed,
      kind: "subscription",
    });
    await followEmailLink(unsubscribed.api, publicEndpoints.unsubscribe, token);
    expect(unsubscribed.fetch.mock.calls[0]?.[0]).toBe(
      `http://api.test/api/email/unsubscribe?token=${token}`,
    );
  });

  it("passes on that the link confirmed a held change (decision 031)", async () => {
    const { api } = clientAnswering(200, {
      message: emailLinkMessages.subscriptionChangeConfirmed,
      kind: "subscription",
      change: true,
    });
    expect(await followEmailLink(api, publicEndpoints.confirmEmail, token)).toEqual({
      status: "done",
      message: emailLinkMessages.subscriptionChangeConfirmed,
      kind: "subscription",
      change: true,
    });
  });

  it("passes on the one kind a price-news link stopped, and asks for everything when told (decision 041)", async () => {
    const { api, fetch } = clientAnswering(200, {
      message: emailLinkMessages.kindUnsubscribed.weeklyDigest,
      kind: "subscription",
      stopped: "weeklyDigest",
    });
    expect(await followEmailLink(api, publicEndpoints.unsubscribe, token)).toEqual({
      status: "done",
      message: emailLinkMessages.kindUnsubscribed.weeklyDigest,
      kind: "subscription",
      stopped: "weeklyDigest",
    });
    await followEmailLink(api, publicEndpoints.unsubscribe, token, {}, undefined, { everything: true });
    expect(fetch.mock.calls[1]?.[0]).toBe(
      `http://api.test/api/email/unsubscribe?token=${token}&everything=true`,
    );
  });

  it("says the link is not valid for the API's 404 or 400, and for no token at all", async () => {
    for (const status of [404, 400]) {
      const { api } = clientAnswering(status, { error: "Unknown link" });
      expect(await followEmailLink(api, publicEndpoints.unsubscribe, token)).toEqual({
        status: "unknown",
        message: emailLinkMessages.unknownLink,
      });
    }
    const { api, fetch } = clientAnswering(200, {});
    expect(await followEmailLink(api, publicEndpoints.confirmEmail, "")).toMatchObject({ status: "unknown" });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("fails, without throwing, when the API is down or broken", async () => {
    const log = vi.fn();
    const { api } = clientAnswering(500, { error: "Internal server error" });
    expect(await followEmailLink(api, publicEndpoints.confirmEmail, token, {}, log)).toEqual({
      status: "failed",
    });
    expect(log).toHaveBeenCalledOnce();
  });
});

describe("linkToken", () => {
  it("prefers the posted token and falls back to the address", () => {
    const form = new FormData();
    form.set("token", ` ${token} `);
    expect(linkToken(form, new URL("http://x/confirm?token=other"))).toBe(token);
    expect(linkToken(new FormData(), new URL(`http://x/confirm?token=${token}`))).toBe(token);
    expect(linkToken(new FormData(), new URL("http://x/confirm"))).toBe("");
  });
});
