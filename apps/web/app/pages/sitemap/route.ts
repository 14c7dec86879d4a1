import { publicEndpoints, type SitemapSources } from "@pharmacompare/contract";
import { webConfig } from "../../config.server.ts";
import { serverApi } from "../../lib/api.server.ts";
import { buildSitemap } from "../../lib/sitemap.ts";

/** /sitemap.xml, from what the API says is public now. */
export async function loader() {
  let sources: SitemapSources;
  try {
    sources = await serverApi().call(publicEndpoints.sitemapSources);
  } catch {
    // An empty or partial sitemap would tell crawlers our pages are gone: ask them to come back.
    return new Response("The sitemap is unavailable just now.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "300" },
    });
  }
  return new Response(buildSitemap(webConfig().siteUrl, sources), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
