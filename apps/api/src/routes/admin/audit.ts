import { AuditPage, AuditQuery, adminAuthPaths, ErrorBody } from "@pharmacompare/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    adminAuthPaths.audit,
    {
      schema: {
        tags: ["admin audit"],
        summary: "Audit log, newest first, filtered by entity type, action, actor and date range",
        querystring: AuditQuery,
        response: { 200: AuditPage, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request) => app.services.audit.list(request.query),
  );
};
