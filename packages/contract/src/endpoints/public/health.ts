import { defineEndpoint, refusals } from "../../endpoint.ts";
import { HealthResponse } from "../../health.ts";

export const health = defineEndpoint({
  method: "GET",
  path: "/health",
  access: "public",
  tag: "health",
  summary: "Service and database health",
  responses: { 200: HealthResponse, ...refusals(503) },
});
