import { formatLongDate } from "@pharmacompare/contract";
import { LegalPage } from "../../components/legal/legal-page.tsx";
import { pageMeta, siteTitle } from "../../lib/page-meta.ts";
import { sitePaths } from "../../lib/site-paths.ts";
import type { Route } from "./+types/route";
import { privacyPolicy } from "./privacy-policy.ts";

/** The date comes from the server so the HTML and the hydrated page agree (public site §2: today). */
export function loader() {
  return { lastUpdated: formatLongDate(new Date()) };
}

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  return pageMeta({
    title: siteTitle(privacyPolicy.title),
    description: privacyPolicy.description,
    path: sitePaths.privacy,
    siteUrl: matches[0]?.loaderData?.env.siteUrl,
  });
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <LegalPage document={privacyPolicy} lastUpdated={loaderData.lastUpdated} />;
}
