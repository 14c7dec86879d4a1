export { createAdminBlogService } from "./admin-blog-service.ts";
export { createBlogService } from "./blog-service.ts";
export { createFiguresService } from "./figures-service.ts";
export { createSitemapService } from "./sitemap-service.ts";
