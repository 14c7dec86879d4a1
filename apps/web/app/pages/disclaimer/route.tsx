import { LegalPage } from "../../components/legal/legal-page.tsx";
import { pageMeta, siteTitle } from "../../lib/page-meta.ts";
import { sitePaths } from "../../lib/site-paths.ts";
import type { Route } from "./+types/route";
import { medicalDisclaimer } from "./medical-disclaimer.ts";

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  return pageMeta({
    title: siteTitle(medicalDisclaimer.title),
    description: medicalDisclaimer.description,
    path: sitePaths.disclaimer,
    siteUrl: matches[0]?.loaderData?.env.siteUrl,
  });
}

export default function Disclaimer() {
  return <LegalPage document={medicalDisclaimer} />;
}
