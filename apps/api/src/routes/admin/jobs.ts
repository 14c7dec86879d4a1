import { adminEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../register-endpoint.ts";
import { actorContext } from "./context.ts";

/**
 * "Send now" for price news (issue 28, decision 038): runs a scheduled job at once, as a run of its
 * own, and records who ran it and what it did in the audit log.
 */
export const adminJobRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, adminEndpoints.runJob, async (request) => {
    const { job } = request.params;
    const result = await app.services.jobs.runNow(job);
    await app.services.audit.write(actorContext(request), async (_tx, audit) => {
      await audit({
        action: "create",
        entityType: "job_run",
        entityId: result.slot,
        changes: { job, outcome: result.outcome, ...result.summary },
      });
    });
    return { job, outcome: result.outcome, summary: result.summary };
  });
};
