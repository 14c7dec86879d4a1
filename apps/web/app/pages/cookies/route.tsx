import { LegalPage } from "../../components/legal/legal-page.tsx";
import { pageMeta, siteTitle } from "../../lib/page-meta.ts";
import { sitePaths } from "../../lib/site-paths.ts";
import type { Route } from "./+types/route";
import { COOKIE_SETTINGS_SLOT, cookiePolicy } from "./cookie-policy.ts";
import { CookieSettings } from "./cookie-settings.tsx";

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  return pageMeta({
    title: siteTitle(cookiePolicy.title),
    description: cookiePolicy.description,
    path: sitePaths.cookies,
    siteUrl: matches[0]?.loaderData?.env.siteUrl,
  });
}

export default function Cookies() {
  return <LegalPage document={cookiePolicy} slots={{ [COOKIE_SETTINGS_SLOT]: <CookieSettings /> }} />;
}
