import { adminEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../register-endpoint.ts";

export const adminAuditRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, adminEndpoints.listAuditEntries, async (request) =>
    app.services.audit.list(request.query),
  );
};
