import { BLOG_LIMITS, publicEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { blogTag, SITE_TAG } from "../../cache/cache-tags.ts";
import { notFound } from "../../domain/refusal.ts";
import { tagAnswer } from "../../plugins/http-cache.ts";
import { registerEndpoint } from "../register-endpoint.ts";

export const blogRoutes: FastifyPluginAsync = async (app) => {
  // Lists of posts: every blog write names `site` too (decision 063).
  registerEndpoint(app, publicEndpoints.listBlogPosts, async (request) => {
    tagAnswer(request, [SITE_TAG]);
    return app.services.blog.listPublished(request.query);
  });

  registerEndpoint(app, publicEndpoints.getBlogPost, async (request) => {
    tagAnswer(request, [blogTag(request.params.slug)]);
    const post = await app.services.blog.getPublishedBySlug(request.params.slug);
    if (!post) throw notFound(`Blog post "${request.params.slug}" not found`);
    return post;
  });

  registerEndpoint(app, publicEndpoints.relatedBlogPosts, async (request) => {
    tagAnswer(request, [SITE_TAG]);
    const related = await app.services.blog.listRelated(request.params.slug, BLOG_LIMITS.related);
    if (!related) throw notFound(`Blog post "${request.params.slug}" not found`);
    return related;
  });
};
