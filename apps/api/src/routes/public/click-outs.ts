import { CLICK_OUT_SOURCE_KEY, clickOutSource, publicEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { notFound } from "../../domain/refusal.ts";
import type { ClickOutTarget } from "../../modules/click-outs/index.ts";
import { isCountedVisit } from "../../modules/click-outs/index.ts";
import { registerEndpoint } from "../register-endpoint.ts";

/**
 * "Visit pharmacy" (issue 31, decision 044): count the visit in memory, answer 302 to the stored
 * link with the referral. The target comes only from the database (never from the request), so
 * this is no open redirect; unknown, malformed and hidden ids answer the same 404.
 */
export const clickOutRoutes: FastifyPluginAsync = async (app) => {
  /** The response cache's public data version, which keeps resolved targets fresh; -1 without one. */
  const version = () => app.responseCache?.version ?? -1;

  function redirect(
    request: Pick<FastifyRequest, "method" | "headers"> & {
      query: { [CLICK_OUT_SOURCE_KEY]?: string | undefined };
    },
    reply: FastifyReply,
    target: ClickOutTarget,
  ): null {
    if (isCountedVisit(request.method, request.headers)) {
      app.services.clickOuts.count(target, clickOutSource(request.query[CLICK_OUT_SOURCE_KEY]));
    }
    // Each visit must reach us to be counted: no cache keeps the redirect.
    reply.header("cache-control", "no-store");
    reply.redirect(target.location, 302);
    return null;
  }

  registerEndpoint(app, publicEndpoints.clickOutToPrice, async (request, reply) => {
    const target = await app.services.clickOuts.resolvePrice(request.params.priceId, version());
    if (!target) throw notFound("That price is not listed (it may have been removed)");
    return redirect(request, reply, target);
  });

  registerEndpoint(app, publicEndpoints.clickOutToPharmacy, async (request, reply) => {
    const target = await app.services.clickOuts.resolvePharmacy(request.params.pharmacyId, version());
    if (!target) throw notFound("That pharmacy is not listed");
    return redirect(request, reply, target);
  });
};
