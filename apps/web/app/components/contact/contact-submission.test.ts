import { contactMessages } from "@pharmacompare/contract";
import { describe, expect, it, vi } from "vitest";
import { createApiClient } from "../../lib/api-client.ts";
import { sendContactMessage } from "./contact-submission.ts";

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

const fields = {
  name: "Sam",
  email: "sam@example.com",
  subject: "feedback",
  message: "Lovely site, thank you.",
  website: "",
};

function clientAnswering(status: number, body: unknown) {
  const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) =>
    Response.json(body, { status }),
  );
  return { fetch, api: createApiClient({ baseUrl: "http://api.test", fetch }) };
}

describe("sendContactMessage", () => {
  it("posts the fields as JSON and succeeds with the API's message", async () => {
    const { api, fetch } = clientAnswering(201, { ok: true, message: contactMessages.success });
    const outcome = await sendContactMessage(api, formOf(fields), {}, () => {});
    expect(outcome).toEqual({ status: "success", message: contactMessages.success });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("http://api.test/api/contact");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual(fields);
  });

  it("is an error, keeping what was typed, when the API refuses or answers without a message", async () => {
    for (const [status, body] of [
      [500, { error: "Internal server error" }],
      [429, { error: contactMessages.tooMany }],
      [200, { ok: true }],
    ] as const) {
      const log = vi.fn();
      const outcome = await sendContactMessage(clientAnswering(status, body).api, formOf(fields), {}, log);
      expect(outcome).toEqual({
        status: "error",
        message:
          "Sorry, there was an error sending your message. Please try again or email us directly at support@pharmacompare.co.uk",
        values: {
          name: "Sam",
          email: "sam@example.com",
          subject: "feedback",
          message: "Lovely site, thank you.",
        },
      });
      expect(log).toHaveBeenCalledOnce();
    }
  });

  it("is an error, never a throw, when the API cannot be reached", async () => {
    const api = createApiClient({
      baseUrl: "http://api.test",
      fetch: async () => {
        throw new TypeError("fetch failed");
      },
    });
    const log = vi.fn();
    const outcome = await sendContactMessage(api, formOf(fields), {}, log);
    expect(outcome.status).toBe("error");
    expect(log.mock.calls[0]?.[0]).toContain("Could not reach the API");
  });
});
