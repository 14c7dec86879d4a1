import { BLOG_LIMITS, publicEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { notFound } from "../../domain/refusal.ts";
import { registerEndpoint } from "../register-endpoint.ts";

export const blogRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, publicEndpoints.listBlogPosts, async (request) =>
    app.services.blog.listPublished(request.query),
  );

  registerEndpoint(app, publicEndpoints.getBlogPost, async (request) => {
    const post = await app.services.blog.getPublishedBySlug(request.params.slug);
    if (!post) throw notFound(`Blog post "${request.params.slug}" not found`);
    return post;
  });

  registerEndpoint(app, publicEndpoints.relatedBlogPosts, async (request) => {
    const related = await app.services.blog.listRelated(request.params.slug, BLOG_LIMITS.related);
    if (!related) throw notFound(`Blog post "${request.params.slug}" not found`);
    return related;
  });
};
