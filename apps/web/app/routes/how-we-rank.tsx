import { howWeRank } from "../components/legal/how-we-rank.ts";
import { LegalPage } from "../components/legal/legal-page.tsx";
import { pageMeta, siteTitle } from "../lib/page-meta.ts";
import { sitePaths } from "../lib/site-paths.ts";
import type { Route } from "./+types/how-we-rank";

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  return pageMeta({
    title: siteTitle(howWeRank.title),
    description: howWeRank.description,
    path: sitePaths.howWeRank,
    siteUrl: matches[0]?.loaderData?.env.siteUrl,
  });
}

export default function HowWeRank() {
  return <LegalPage document={howWeRank} eyebrow="Our methods" />;
}
