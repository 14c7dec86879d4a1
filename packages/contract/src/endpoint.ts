import type { z } from "zod";
import { ErrorBody } from "./errors.ts";
import { pathSegment } from "./path-segment.ts";

/**
 * One definition per endpoint (DESIGN "one definition per endpoint"): the API registers its route
 * from it, the OpenAPI document is generated from it, and the web's client calls it. A call site
 * never spells a path or a response schema.
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * Who may call: anyone, a signed-in administrator (the API's guard adds the 401 answer), or a
 * holder of an open-API key (the key check adds 401 and 429, decision 062).
 */
export type EndpointAccess = "public" | "admin" | "api-key";

/** 302 is a redirect's success (the click-outs, decision 044): its handler sends the answer itself. */
type SuccessCode = 200 | 201 | 204 | 302;
type ErrorCodeStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;

export interface EndpointDefinition {
  method: HttpMethod;
  /** The route pattern, Fastify style: `/api/medications/:id`. */
  path: string;
  access: EndpointAccess;
  /** The OpenAPI tag, one per resource. */
  tag: string;
  summary: string;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The largest request body this route takes, in bytes, when it needs more than the API's 1 MB. */
  bodyLimit?: number;
  /** The answer for each status: exactly one success, and the refusals the route itself can give. */
  responses: Partial<Record<SuccessCode | ErrorCodeStatus, z.ZodType>>;
  /**
   * `public`: a visitor read browsers and shared caches may keep briefly (ETag and Cache-Control).
   * `no-store`: every answer says `Cache-Control: no-store` and no cache of ours keeps it: the
   * request carries a secret (an email link's token, see {@link takesEmailToken}) and the answer
   * what that secret opens (ASVS 8.2.1). An entry that takes a token must say so; the API refuses
   * to start otherwise.
   */
  cache?: "public" | "no-store";
}

/**
 * Whether an endpoint takes an email link's token (decision 012's registry, issue 42): a `token`
 * field in its path parameters, query or body. Such answers are personal however they are asked for.
 */
export function takesEmailToken(endpoint: EndpointDefinition): boolean {
  return [endpoint.params, endpoint.query, endpoint.body].some((schema) =>
    schema !== undefined && "shape" in schema && typeof schema.shape === "object" && schema.shape !== null
      ? "token" in schema.shape
      : false,
  );
}

/** Checks a definition's shape and keeps its literal types for both tiers' inference. */
export function defineEndpoint<const E extends EndpointDefinition>(endpoint: E): E {
  return endpoint;
}

/** `{ 400: ErrorBody, 404: ErrorBody }` for the refusals an endpoint documents. */
export function refusals<const S extends ErrorCodeStatus>(...statuses: S[]): Record<S, typeof ErrorBody> {
  return Object.fromEntries(statuses.map((status) => [status, ErrorBody])) as Record<S, typeof ErrorBody>;
}

type SuccessKey<E extends EndpointDefinition> = Extract<keyof E["responses"], SuccessCode>;

/** The success schema of an endpoint. */
export type SuccessSchema<E extends EndpointDefinition> = E["responses"][SuccessKey<E>] extends z.ZodType
  ? E["responses"][SuccessKey<E>]
  : never;

/** What a client receives on success (parsed). */
export type EndpointResult<E extends EndpointDefinition> = z.output<SuccessSchema<E>>;
/** What a handler may return on success (before serialisation). */
export type EndpointReturn<E extends EndpointDefinition> = z.input<SuccessSchema<E>>;

export function successStatus(endpoint: EndpointDefinition): SuccessCode {
  for (const status of [200, 201, 204, 302] as const) if (endpoint.responses[status]) return status;
  throw new Error(`${endpoint.method} ${endpoint.path} declares no success response`);
}

export function successSchema<E extends EndpointDefinition>(endpoint: E): SuccessSchema<E> {
  return endpoint.responses[successStatus(endpoint)] as SuccessSchema<E>;
}

/** `T` under key `K`, optional when every field of `T` is (Partial<T> is then T itself). */
type Optionalise<K extends string, T> = Partial<T> extends T ? { [P in K]?: T } : { [P in K]: T };

/** The typed inputs of a call: path parameters, query and body, each only where it has them. */
export type EndpointInput<E extends EndpointDefinition> = (E["params"] extends z.ZodType
  ? { params: z.input<E["params"]> }
  : { params?: undefined }) &
  (E["query"] extends z.ZodType ? Optionalise<"query", z.input<E["query"]>> : { query?: undefined }) &
  (E["body"] extends z.ZodType ? { body: z.input<E["body"]> } : { body?: undefined });

/** True when a call needs no input at all (so the client lets it be left out). */
export type InputOptional<E extends EndpointDefinition> =
  Partial<EndpointInput<E>> extends EndpointInput<E> ? true : false;

type QueryValue = string | number | boolean | null | undefined;

/**
 * The URL path (and query string) of a call: each `:name` replaced by its value as one encoded
 * segment, query values in declaration order, absent and empty ones left out.
 */
export function endpointUrl(
  endpoint: EndpointDefinition,
  input: { params?: Record<string, unknown>; query?: Record<string, unknown> } = {},
): string {
  const path = endpoint.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = input.params?.[name];
    if (value === undefined || value === null) {
      throw new Error(`${endpoint.method} ${endpoint.path}: path parameter "${name}" is missing`);
    }
    return pathSegment(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input.query ?? {}) as [string, QueryValue][]) {
    if (value === undefined || value === null || value === "") continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}
