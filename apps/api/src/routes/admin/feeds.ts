import { adminEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../register-endpoint.ts";
import { actorContext, principalOf } from "./context.ts";

/**
 * Pharmacy price feeds (issue 29, decision 045): a pharmacy's feed, run now, its runs, and the
 * Feed review queue of held rows with accept and reject.
 */
export const adminFeedRoutes: FastifyPluginAsync = async (app) => {
  const { feeds } = app.services;

  registerEndpoint(app, adminEndpoints.listFeeds, async (request) => feeds.list(request.query));

  registerEndpoint(app, adminEndpoints.getPharmacyFeed, async (request) => feeds.get(request.params.id));

  registerEndpoint(app, adminEndpoints.setPharmacyFeed, async (request) =>
    feeds.set(actorContext(request), request.params.id, request.body),
  );

  registerEndpoint(app, adminEndpoints.deletePharmacyFeed, async (request) => {
    await feeds.remove(actorContext(request), request.params.id);
    return { message: "Feed removed" };
  });

  registerEndpoint(app, adminEndpoints.runPharmacyFeed, async (request) => {
    const { id: pharmacyId } = request.params;
    await feeds.checkRunnable(pharmacyId);
    // A run of its own on the one scheduler (decision 038): leased and recorded like a scheduled one.
    const result = await app.services.jobs.runNow(feeds.feedJobName(pharmacyId));
    await app.services.audit.write(actorContext(request), async (_tx, audit) => {
      await audit({
        action: "create",
        entityType: "job_run",
        entityId: result.slot,
        changes: { job: result.job, outcome: result.outcome },
      });
    });
    return feeds.runAt(pharmacyId, result.slot);
  });

  registerEndpoint(app, adminEndpoints.listPharmacyFeedRuns, async (request) => ({
    runs: await feeds.runs(request.params.id),
  }));

  registerEndpoint(app, adminEndpoints.listFeedHeldRows, async (request) => feeds.heldRows(request.query));

  registerEndpoint(app, adminEndpoints.decideFeedHeldRows, async (request) =>
    feeds.decide(actorContext(request), principalOf(request).user.id, request.body),
  );
};
