import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { defineEndpoint, type HttpMethod } from "@pharmacompare/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError, createApiClient } from "./api-client.ts";

const Thing = z.object({ id: z.string(), price: z.number() });

/** Endpoints of the little server below, defined the way the contract defines the real ones. */
const getThing = defineEndpoint({
  method: "GET",
  path: "/things/:id",
  access: "public",
  tag: "things",
  summary: "One thing",
  params: z.object({ id: z.string() }),
  responses: { 200: Thing },
});
const writeThing = <M extends HttpMethod>(method: M) =>
  defineEndpoint({
    method,
    path: "/things/echo",
    access: "public",
    tag: "things",
    summary: "Echo",
    body: z.object({ email: z.string() }),
    responses: { 200: Thing },
  });
const postWithoutBody = defineEndpoint({
  method: "POST",
  path: "/things/echo",
  access: "public",
  tag: "things",
  summary: "Echo",
  responses: { 200: Thing },
});
const deleteThing = defineEndpoint({ ...postWithoutBody, method: "DELETE" });
const thing = (id: string) => ({ params: { id } });

let server: Server;
let baseUrl: string;
let lastHeaders: IncomingHttpHeaders = {};
let lastMethod = "";
let lastBody = "";

beforeAll(async () => {
  server = createServer(async (req, res) => {
    lastHeaders = req.headers;
    lastMethod = req.method ?? "";
    lastBody = "";
    for await (const chunk of req) lastBody += chunk;
    const send = (status: number, body: string) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(body);
    };
    switch (req.url) {
      case "/things/echo":
        return send(200, JSON.stringify({ id: "echo", price: lastBody.length }));
      case "/things/good":
        return send(200, JSON.stringify({ id: "sildenafil", price: 12.5 }));
      case "/things/wrong-shape":
        return send(200, JSON.stringify({ id: "sildenafil", price: "cheap" }));
      case "/things/not-json":
        return send(200, "<html>oops</html>");
      case "/things/refused":
        return send(
          400,
          JSON.stringify({
            error: 'Invalid body field "email": bad',
            code: "invalid_request",
            fields: { email: "bad" },
          }),
        );
      case "/things/broken":
        return send(500, "Internal details that must not matter");
      case "/things/slow":
        // Never answers: the client's timeout has to end the call.
        return;
      default:
        return send(404, JSON.stringify({ error: "Medication not found" }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}

describe("createApiClient().call", () => {
  it("returns the body parsed with the given schema and asks for JSON", async () => {
    const api = createApiClient({ baseUrl: `${baseUrl}/` });
    await expect(api.call(getThing, thing("good"))).resolves.toEqual({ id: "sildenafil", price: 12.5 });
    expect(lastHeaders.accept).toBe("application/json");
    expect(lastHeaders.authorization).toBeUndefined();
  });

  it("sends the token as a bearer token", async () => {
    const api = createApiClient({ baseUrl, token: "secret-token" });
    await api.call(getThing, thing("good"));
    expect(lastHeaders.authorization).toBe("Bearer secret-token");
  });

  it("throws an ApiError carrying the status and the API's own message on a refusal", async () => {
    const error = await failure(createApiClient({ baseUrl }).call(getThing, thing("missing")));
    expect(error.kind).toBe("http");
    expect(error.status).toBe(404);
    expect(error.message).toBe("Medication not found");
    expect(error.serverMessage).toBe("Medication not found");
    expect(error.fields).toEqual({});
  });

  it("hands over the refusal's code and the fields it names", async () => {
    const error = await failure(createApiClient({ baseUrl }).call(getThing, thing("refused")));
    expect(error.status).toBe(400);
    expect(error.code).toBe("invalid_request");
    expect(error.fields).toEqual({ email: "bad" });
  });

  it("encodes path parameters as one segment each", async () => {
    const error = await failure(createApiClient({ baseUrl }).call(getThing, thing("a b/c")));
    expect(error.message).toBe("Medication not found");
    expect(error.status).toBe(404);
  });

  it("names the status when the error body is not the contract's { error }", async () => {
    const error = await failure(createApiClient({ baseUrl }).call(getThing, thing("broken")));
    expect(error.status).toBe(500);
    expect(error.message).toBe("The API answered GET /things/:id with HTTP 500 Internal Server Error.");
    expect(error.serverMessage).toBeUndefined();
  });

  it("throws when the body does not match the schema", async () => {
    const error = await failure(createApiClient({ baseUrl }).call(getThing, thing("wrong-shape")));
    expect(error.kind).toBe("invalid-response");
    expect(error.status).toBe(200);
    expect(error.message).toMatch(/unexpected body at price/);
  });

  it("throws when a successful body is not JSON", async () => {
    const error = await failure(createApiClient({ baseUrl }).call(getThing, thing("not-json")));
    expect(error.kind).toBe("invalid-response");
  });

  it("gives up when the API does not answer in time", async () => {
    const started = Date.now();
    const error = await failure(createApiClient({ baseUrl, timeoutMs: 200 }).call(getThing, thing("slow")));
    expect(error.kind).toBe("timeout");
    expect(error.status).toBe(0);
    expect(error.message).toBe("The API did not answer GET /things/:id within 0.2 seconds.");
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("stops when the caller aborts", async () => {
    const controller = new AbortController();
    const call = createApiClient({ baseUrl }).call(getThing, thing("slow"), { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await failure(call);
    expect(error.kind).toBe("aborted");
  });

  it("reports an unreachable API clearly", async () => {
    // A port that was free a moment ago: nothing listens there, so the connection is refused at once.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));

    const error = await failure(
      createApiClient({ baseUrl: `http://127.0.0.1:${port}` }).call(getThing, thing("good")),
    );
    expect(error.kind).toBe("network");
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/^Could not reach the API for GET \/things\/:id: .*ECONNREFUSED/);
  });

  it("names the endpoint's path template in its messages, never a value sent in the path or query", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const search = defineEndpoint({
      ...getThing,
      query: z.object({ token: z.string() }),
    });

    const error = await failure(
      createApiClient({ baseUrl: `http://127.0.0.1:${port}` }).call(search, {
        params: { id: "private-search-term" },
        query: { token: "email-link-token" },
      }),
    );
    expect(error.message).toMatch(/^Could not reach the API for GET \/things\/:id: /);
    expect(error.message).not.toContain("private-search-term");
    expect(error.message).not.toContain("email-link-token");
  });
});

describe("createApiClient's onUnavailable", () => {
  it("is told of calls the API did not properly answer, never of refusals, answers or cancelled calls", async () => {
    const told: string[] = [];
    const api = createApiClient({ baseUrl, timeoutMs: 200, onUnavailable: (error) => told.push(error.kind) });
    await api.call(getThing, thing("good"));
    await failure(api.call(getThing, thing("missing")));
    await failure(api.call(getThing, thing("refused")));
    const controller = new AbortController();
    const cancelled = api.call(getThing, thing("slow"), { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await failure(cancelled);
    expect(told).toEqual([]);

    await failure(api.call(getThing, thing("broken")));
    await failure(api.call(getThing, thing("slow")));
    await failure(api.call(getThing, thing("wrong-shape")));
    expect(told).toEqual(["http", "timeout", "invalid-response"]);
  });
});

describe("createApiClient writes", () => {
  it("sends a JSON body with POST, PUT and PATCH", async () => {
    const api = createApiClient({ baseUrl, token: "secret-token" });
    for (const method of ["POST", "PUT", "PATCH"] as const) {
      await expect(api.call(writeThing(method), { body: { email: "a@b.co" } })).resolves.toEqual({
        id: "echo",
        price: JSON.stringify({ email: "a@b.co" }).length,
      });
      expect(lastMethod).toBe(method);
      expect(JSON.parse(lastBody)).toEqual({ email: "a@b.co" });
      expect(lastHeaders["content-type"]).toBe("application/json");
      expect(lastHeaders.authorization).toBe("Bearer secret-token");
    }
  });

  it("sends no body or content type for a POST without one, nor for DELETE", async () => {
    const api = createApiClient({ baseUrl });
    await api.call(postWithoutBody);
    expect(lastBody).toBe("");
    expect(lastHeaders["content-type"]).toBeUndefined();
    await api.call(deleteThing);
    expect(lastMethod).toBe("DELETE");
    expect(lastBody).toBe("");
  });
});
