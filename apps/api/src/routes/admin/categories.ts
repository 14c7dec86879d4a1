import { adminEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../register-endpoint.ts";
import { actorContext } from "./context.ts";

/** The back-office's category tree (back-office §2 Categories, §7): every write audited. */
export const adminCategoryRoutes: FastifyPluginAsync = async (app) => {
  const categories = app.services.adminCategories;

  registerEndpoint(app, adminEndpoints.listAdminCategories, async () => ({
    categories: await categories.list(),
  }));

  registerEndpoint(app, adminEndpoints.createCategory, async (request) => ({
    category: await categories.create(actorContext(request), request.body),
  }));

  registerEndpoint(app, adminEndpoints.updateCategory, async (request) => ({
    category: await categories.update(actorContext(request), request.params.id, request.body),
  }));

  registerEndpoint(app, adminEndpoints.deleteCategory, async (request) =>
    categories.remove(actorContext(request), request.params.id),
  );

  registerEndpoint(app, adminEndpoints.createSubcategory, async (request) =>
    categories.createSubcategory(actorContext(request), request.params.id, request.body),
  );

  registerEndpoint(app, adminEndpoints.updateSubcategory, async (request) =>
    categories.updateSubcategory(
      actorContext(request),
      request.params.id,
      request.params.subId,
      request.body,
    ),
  );

  registerEndpoint(app, adminEndpoints.deleteSubcategory, async (request) =>
    categories.removeSubcategory(actorContext(request), request.params.id, request.params.subId),
  );
};
