import { publicEndpoints } from "@pharmacompare/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

describe("GET /api/data-version", () => {
  it("answers the committed version, never to be kept by a browser", async () => {
    const response = await api.app.inject({ url: urlOf(publicEndpoints.dataVersion) });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.json()).toEqual({ version: expect.any(Number) });
  });
});
