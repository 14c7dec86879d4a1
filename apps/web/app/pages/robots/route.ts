import { webConfig } from "../../config.server.ts";
import { buildRobots } from "../../lib/sitemap.ts";

/** /robots.txt: names the sitemap under this deployment's SITE_URL. */
export function loader() {
  return new Response(buildRobots(webConfig().siteUrl), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
