import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ApiError, createApiClient } from "./api-client.ts";

const Thing = z.object({ id: z.string(), price: z.number() });

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

describe("createApiClient().get", () => {
  it("returns the body parsed with the given schema and asks for JSON", async () => {
    const api = createApiClient({ baseUrl: `${baseUrl}/` });
    await expect(api.get("/things/good", Thing)).resolves.toEqual({ id: "sildenafil", price: 12.5 });
    expect(lastHeaders.accept).toBe("application/json");
    expect(lastHeaders.authorization).toBeUndefined();
  });

  it("sends the token as a bearer token", async () => {
    const api = createApiClient({ baseUrl, token: "secret-token" });
    await api.get("/things/good", Thing);
    expect(lastHeaders.authorization).toBe("Bearer secret-token");
  });

  it("throws an ApiError carrying the status and the API's own message on a refusal", async () => {
    const error = await failure(createApiClient({ baseUrl }).get("/things/missing", Thing));
    expect(error.kind).toBe("http");
    expect(error.status).toBe(404);
    expect(error.message).toBe("Medication not found");
    expect(error.serverMessage).toBe("Medication not found");
  });

  it("names the status when the error body is not the contract's { error }", async () => {
    const error = await failure(createApiClient({ baseUrl }).get("/things/broken", Thing));
    expect(error.status).toBe(500);
    expect(error.message).toBe("The API answered GET /things/broken with HTTP 500 Internal Server Error.");
    expect(error.serverMessage).toBeUndefined();
  });

  it("throws when the body does not match the schema", async () => {
    const error = await failure(createApiClient({ baseUrl }).get("/things/wrong-shape", Thing));
    expect(error.kind).toBe("invalid-response");
    expect(error.status).toBe(200);
    expect(error.message).toMatch(/unexpected body at price/);
  });

  it("throws when a successful body is not JSON", async () => {
    const error = await failure(createApiClient({ baseUrl }).get("/things/not-json", Thing));
    expect(error.kind).toBe("invalid-response");
  });

  it("gives up when the API does not answer in time", async () => {
    const started = Date.now();
    const error = await failure(createApiClient({ baseUrl, timeoutMs: 200 }).get("/things/slow", Thing));
    expect(error.kind).toBe("timeout");
    expect(error.status).toBe(0);
    expect(error.message).toBe("The API did not answer GET /things/slow within 0.2 seconds.");
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("stops when the caller aborts", async () => {
    const controller = new AbortController();
    const call = createApiClient({ baseUrl }).get("/things/slow", Thing, { signal: controller.signal });
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
      createApiClient({ baseUrl: `http://127.0.0.1:${port}` }).get("/things/good", Thing),
    );
    expect(error.kind).toBe("network");
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/^Could not reach the API for GET \/things\/good: .*ECONNREFUSED/);
  });
});

describe("createApiClient writes", () => {
  it("sends a JSON body with POST, PUT and PATCH", async () => {
    const api = createApiClient({ baseUrl, token: "secret-token" });
    for (const method of ["post", "put", "patch"] as const) {
      await expect(api[method]("/things/echo", Thing, { email: "a@b.co" })).resolves.toEqual({
        id: "echo",
        price: JSON.stringify({ email: "a@b.co" }).length,
      });
      expect(lastMethod).toBe(method.toUpperCase());
      expect(JSON.parse(lastBody)).toEqual({ email: "a@b.co" });
      expect(lastHeaders["content-type"]).toBe("application/json");
      expect(lastHeaders.authorization).toBe("Bearer secret-token");
    }
  });

  it("sends no body or content type for a POST without one, nor for DELETE", async () => {
    const api = createApiClient({ baseUrl });
    await api.post("/things/echo", Thing);
    expect(lastBody).toBe("");
    expect(lastHeaders["content-type"]).toBeUndefined();
    await api.delete("/things/echo", Thing);
    expect(lastMethod).toBe("DELETE");
    expect(lastBody).toBe("");
  });
});
