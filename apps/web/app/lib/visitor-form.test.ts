import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { publicEndpoints } from "@pharmacompare/contract";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApiClient } from "./api-client.ts";
import { formText } from "./form-text.ts";
import {
  type SendVisitorForm,
  sendVisitorForm,
  type VisitorForm,
  visitorFormAction,
} from "./visitor-form.ts";

/*
 * The contact and subscribe pages' actions (their own tests cover what each form shows): what
 * goes to the API over real HTTP from the server's action and from the browser's.
 */

interface Seen {
  headers: IncomingHttpHeaders;
  body: unknown;
}

let server: Server;
let baseUrl = "";
const seen: Seen[] = [];
let answer: { status: number; body: unknown } = { status: 201, body: { message: "Check your inbox." } };

beforeAll(async () => {
  server = createServer((request, response) => {
    let text = "";
    request.on("data", (chunk) => {
      text += chunk;
    });
    request.on("end", () => {
      seen.push({ headers: request.headers, body: JSON.parse(text) });
      response.writeHead(answer.status, { "Content-Type": "application/json" });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

type Outcome = { status: "success"; message: string } | { status: "error"; email: string };

const subscribeForm: VisitorForm<{ email: string }, { message: string }, Outcome> = {
  failure: "subscribe: not subscribed",
  read: (form) => ({ email: formText(form, "email") }),
  call: (api, values, init) =>
    api.call(publicEndpoints.subscribe, { body: { ...values, source: "footer" } }, init),
  sent: (answer) => ({ status: "success", message: answer.message }),
  refused: (_error, values) => ({ status: "error", email: values.email }),
};

const sendToApi: SendVisitorForm<Outcome> = (api, form, init, log) =>
  sendVisitorForm(subscribeForm, api, form, init, log);
const sending = async () => [createApiClient({ baseUrl }), sendToApi] as const;

/** The form's failure, as typed, when its sending code could not be fetched. */
const unsent = (form: FormData): Outcome => ({ status: "error", email: formText(form, "email") });

function posted(headers: Record<string, string> = {}): Request {
  return new Request("http://site.test/subscribe", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams({ email: "sam@example.co.uk" }),
  });
}

describe("a visitor form's action", () => {
  it("on the server, sends the form on with the visitor's address chain, and logs a refusal's cause", async () => {
    answer = { status: 201, body: { message: "Check your inbox." } };
    seen.length = 0;
    const log = vi.fn();
    const outcome = await visitorFormAction(posted({ "X-Forwarded-For": "203.0.113.44" }), {
      load: sending,
      unsent,
      relay: { log },
    });
    expect(outcome).toEqual({ status: "success", message: "Check your inbox." });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.headers["x-forwarded-for"]).toBe("203.0.113.44");
    expect(seen[0]?.body).toEqual({ email: "sam@example.co.uk", source: "footer" });
    expect(log).not.toHaveBeenCalled();

    answer = { status: 429, body: { error: "Too many requests. Please try again in a minute." } };
    expect(
      await visitorFormAction(posted({ "X-Forwarded-For": "203.0.113.44" }), {
        load: sending,
        unsent,
        relay: { log },
      }),
    ).toEqual({ status: "error", email: "sam@example.co.uk" });
    expect(log).toHaveBeenCalledOnce();
    expect(log.mock.calls[0]?.[0]).toMatch(/^subscribe: not subscribed: /);
  });

  it("in the browser, calls the API without a forwarded chain, and answers the form's failure as typed when the sending code cannot be fetched", async () => {
    answer = { status: 201, body: { message: "Check your inbox." } };
    seen.length = 0;
    expect(
      await visitorFormAction(posted({ "X-Forwarded-For": "203.0.113.44" }), { load: sending, unsent }),
    ).toEqual({ status: "success", message: "Check your inbox." });
    expect(seen[0]?.headers["x-forwarded-for"]).toBeUndefined();

    const offline = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module"));
    expect(await visitorFormAction(posted(), { load: offline, unsent })).toEqual({
      status: "error",
      email: "sam@example.co.uk",
    });
    expect(seen).toHaveLength(1);
  });

  it("on the server, a sending code that cannot be loaded is ours to fix: it throws", async () => {
    const broken = () => Promise.reject(new Error("no such module"));
    await expect(
      visitorFormAction(posted(), {
        load: broken,
        unsent,
        relay: { log: () => {} },
      }),
    ).rejects.toThrow("no such module");
  });
});
