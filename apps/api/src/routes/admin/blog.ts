import { adminEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../register-endpoint.ts";
import { actorContext, principalOf } from "./context.ts";

/** The back-office's blog (back-office §2, §5, §7): every write audited in its transaction. */
export const adminBlogRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, adminEndpoints.listAdminBlogPosts, async (request) =>
    app.services.adminBlog.list(request.query),
  );

  registerEndpoint(app, adminEndpoints.getAdminBlogPost, async (request) => ({
    post: await app.services.adminBlog.get(request.params.id),
  }));

  registerEndpoint(app, adminEndpoints.createBlogPost, async (request) => ({
    post: await app.services.adminBlog.create(
      actorContext(request),
      principalOf(request).user.name,
      request.body,
    ),
  }));

  registerEndpoint(app, adminEndpoints.updateBlogPost, async (request) => ({
    post: await app.services.adminBlog.update(actorContext(request), request.params.id, request.body),
  }));

  registerEndpoint(app, adminEndpoints.publishBlogPost, async (request) => ({
    post: await app.services.adminBlog.setPublished(
      actorContext(request),
      request.params.id,
      request.body?.published,
    ),
  }));

  registerEndpoint(app, adminEndpoints.deleteBlogPost, async (request) => {
    await app.services.adminBlog.remove(actorContext(request), request.params.id);
    return { message: "Blog post deleted" };
  });
};
