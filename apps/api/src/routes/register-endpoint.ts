import type { EndpointDefinition, EndpointReturn } from "@pharmacompare/contract";
import { successStatus, takesEmailToken } from "@pharmacompare/contract";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The registry entry a route was registered from. */
    endpoint?: EndpointDefinition;
  }
  interface FastifyInstance {
    /** Every route registered after {@link collectRoutes}, one entry per method (tests compare it with the registry). */
    routeTable: RouteTableEntry[];
  }
}

interface RouteTableEntry {
  method: string;
  url: string;
  /** The registry entry it came from; undefined for a route registered some other way. */
  endpoint: EndpointDefinition | undefined;
}

/** Keeps `app.routeTable`: call it on the root instance before any route is registered. */
export function collectRoutes(app: FastifyInstance): void {
  app.decorate("routeTable", []);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      app.routeTable.push({ method, url: route.url, endpoint: route.config?.endpoint });
    }
  });
}

type Input<S> = S extends z.ZodType ? z.output<S> : unknown;

/** A handler's request, typed from the endpoint's params, query and body schemas. */
type EndpointRequest<E extends EndpointDefinition> = FastifyRequest<{
  Params: Input<E["params"]>;
  Querystring: Input<E["query"]>;
  Body: Input<E["body"]>;
}>;

/** Returns the success body; refuses by throwing `refuse(…)` (domain/refusal.ts). */
export type EndpointHandler<E extends EndpointDefinition> = (
  request: EndpointRequest<E>,
  reply: FastifyReply,
) => Promise<EndpointReturn<E>>;

/**
 * Registers one route from its registry entry: method, path, schemas (validation, serialisation
 * and the OpenAPI document), cache marking (refusing an email-token entry not marked no-store),
 * and the success status. Its `access` decides whether the guard
 * (routes/admin/access-guard.ts) lets anonymous callers in, wherever it is registered.
 */
export function registerEndpoint<E extends EndpointDefinition>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
): void {
  const status = successStatus(endpoint);
  // An email link's token opens someone's alerts and subscription: its answers are never cached
  // (issue 42, ASVS 8.2.1), so an entry that takes one without saying so is a mistake to stop at start-up.
  if (takesEmailToken(endpoint) && endpoint.cache !== "no-store") {
    throw new Error(
      `${endpoint.method} ${endpoint.path} takes an email token: its entry must say cache: "no-store"`,
    );
  }
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { endpoint, ...(endpoint.cache ? { cache: endpoint.cache } : {}) },
    ...(endpoint.bodyLimit ? { bodyLimit: endpoint.bodyLimit } : {}),
    schema: {
      tags: [endpoint.tag],
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: endpoint.responses,
    },
    handler: async (request, reply) => {
      const body = await handler(request as EndpointRequest<E>, reply);
      // A redirect's handler has answered already (reply.redirect).
      if (reply.sent) return reply;
      reply.code(status);
      return body;
    },
  });
}
