import { contactMessages } from "@pharmacompare/contract";
import { describe, expect, it, vi } from "vitest";
import { createApiClient } from "../../lib/api-client.ts";
import { CONTACT_EMAIL_HINT } from "./contact-fields.ts";
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

  it("adds the email hint when the API's 400 names the email field in `fields`, and only then", async () => {
    const refused = clientAnswering(400, {
      error: 'Invalid body field "email": Invalid email address',
      code: "invalid_request",
      fields: { email: "Invalid email address" },
    });
    const outcome = await sendContactMessage(refused.api, formOf({ ...fields, email: "a@b" }), {}, () => {});
    const both = clientAnswering(400, {
      error: 'Invalid body field "name": Too big; body field "email": Bad',
      code: "invalid_request",
      fields: { name: "Too big", email: "Bad" },
    });
    expect(await sendContactMessage(both.api, formOf(fields), {}, () => {})).toHaveProperty(
      "emailHint",
      CONTACT_EMAIL_HINT,
    );
    expect(outcome).toMatchObject({
      status: "error",
      message: contactMessages.failure,
      emailHint: CONTACT_EMAIL_HINT,
      values: { email: "a@b" },
    });

    for (const [status, body] of [
      [400, { error: 'Invalid body field "message": Too small', fields: { message: "Too small" } }],
      [400, { error: 'Invalid body field "emailConfirm": Required', fields: { emailConfirm: "Required" } }],
      // The sentence alone never counts: only the fields the API names.
      [400, { error: 'Invalid body field "email": but no fields' }],
      [500, { error: "Internal server error", fields: { email: "not really" } }],
    ] as const) {
      const other = await sendContactMessage(clientAnswering(status, body).api, formOf(fields), {}, () => {});
      expect(other.status).toBe("error");
      expect(other).not.toHaveProperty("emailHint");
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
