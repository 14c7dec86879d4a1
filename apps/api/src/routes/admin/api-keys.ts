import { adminEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../register-endpoint.ts";
import { actorContext } from "./context.ts";

/** The back-office's open-API keys (decision 062): issuing and revoking audited in their transaction. */
export const adminApiKeyRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, adminEndpoints.listApiKeys, async (request) =>
    app.services.apiKeys.list(request.query),
  );

  registerEndpoint(app, adminEndpoints.issueApiKey, async (request) =>
    app.services.apiKeys.issue(actorContext(request), request.body),
  );

  registerEndpoint(app, adminEndpoints.revokeApiKey, async (request) =>
    app.services.apiKeys.revoke(actorContext(request), request.params.id),
  );
};
