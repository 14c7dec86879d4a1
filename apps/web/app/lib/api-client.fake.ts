import { type EndpointDefinition, endpointUrl, successSchema } from "@pharmacompare/contract";
import type { z } from "zod";
import { type ApiClient, ApiError } from "./api-client.ts";

type Answer = unknown;

/** The URL a call of `endpoint` with `input` goes to: the key of a fake API's answers. */
export function callKey(
  endpoint: EndpointDefinition,
  input: { params?: Record<string, unknown>; query?: Record<string, unknown> } = {},
): string {
  return `${endpoint.method} ${endpointUrl(endpoint, input)}`;
}

/**
 * A test double of the API client (tests only): answers from a table keyed by {@link callKey},
 * each answer parsed by the endpoint's own success schema as the real client does. A missing
 * entry is a 404; an ApiError (or a function returning one) is thrown.
 */
export function fakeApi(answers: Record<string, Answer | (() => Answer)>): ApiClient & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async call(endpoint: EndpointDefinition, input?: object) {
      const key = callKey(endpoint, input as Parameters<typeof callKey>[1]);
      calls.push(key);
      const entry = answers[key];
      const answer = typeof entry === "function" ? (entry as () => Answer)() : entry;
      if (answer === undefined) throw new ApiError("http", 404, "Not found");
      if (answer instanceof ApiError) throw answer;
      return (successSchema(endpoint) as z.ZodType).parse(answer);
    },
  } as ApiClient & { calls: string[] };
}

/** Every call fails the same way: the API is down. */
export function downApi(failure: () => ApiError): ApiClient {
  return { call: async () => Promise.reject(failure()) } as ApiClient;
}

/**
 * A test double answering every call through `answer(endpoint, url)`; its result is parsed by the
 * endpoint's success schema, and a thrown error stands for a failed call.
 */
export function apiAnswering(
  answer: (endpoint: EndpointDefinition, url: string) => unknown | Promise<unknown>,
): ApiClient {
  return {
    async call(endpoint: EndpointDefinition, input?: object) {
      const url = endpointUrl(endpoint, input as Parameters<typeof endpointUrl>[1]);
      return (successSchema(endpoint) as z.ZodType).parse(await answer(endpoint, url));
    },
  } as ApiClient;
}
