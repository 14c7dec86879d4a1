import { useMemo } from "react";
import { useRouteLoaderData } from "react-router";
import { MedicationSearchForm } from "../../components/search/search-box.tsx";
import { loadHomeData } from "../../lib/home-data.server.ts";
import { loadWhen, whenVisible } from "../../lib/load-when.tsx";
import { conditionNames } from "../../lib/medication-search.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import type { loader as rootLoader } from "../../root.tsx";
import type { Route } from "./+types/route";
import { CategoryBrowser } from "./category-browser.tsx";
import { ConditionTileGrid } from "./condition-tile-grid.tsx";
import { Hero } from "./hero.tsx";
import { StatsStrip } from "./stats-strip.tsx";

// Far down the page, the server's HTML stands until each part's code comes as it nears the screen
// (issue 47, lib/load-when.tsx): the carousel's buttons stay disabled meanwhile (its list still
// scrolls), and the links are plain links.
const HowItWorks = loadWhen(whenVisible("#how-heading"), () =>
  import("./how-it-works.tsx").then((module) => module.HowItWorks),
);
const PharmacyCarousel = loadWhen(whenVisible("#partners-heading"), () =>
  import("./pharmacy-carousel.tsx").then((module) => module.PharmacyCarousel),
);
const WhyChoose = loadWhen(whenVisible("#why-heading"), () =>
  import("./why-choose.tsx").then((module) => module.WhyChoose),
);
const LatestPosts = loadWhen(whenVisible("#latest-posts-heading"), () =>
  import("./latest-posts.tsx").then((module) => module.LatestPosts),
);

const title = "PharmaCompare — Compare UK Online Pharmacy Prices";
const description =
  "Compare what UK online pharmacies charge for the same medication and dosage — weight loss, men's and " +
  "women's health, hair loss, skin and more. Free, independent, prices updated daily.";

/** Pharmacies, the latest posts and the popular searches; categories come from the root loader. */
export async function loader({ request }: Route.LoaderArgs) {
  return loadHomeData(request.signal);
}

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  return pageMeta({
    title,
    description,
    path: "/",
    siteUrl: matches[0]?.loaderData?.env.siteUrl,
    withUrl: (home, siteUrl) => [
      {
        // Lets search engines offer a search box for the site that lands on /search.
        "script:ld+json": {
          "@context": "https://schema.org",
          "@type": "WebSite",
          name: "PharmaCompare",
          url: home,
          description,
          inLanguage: "en-GB",
          potentialAction: {
            "@type": "SearchAction",
            target: { "@type": "EntryPoint", urlTemplate: `${siteUrl}/search?q={search_term_string}` },
            "query-input": "required name=search_term_string",
          },
        },
      },
    ],
  });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  // The category tree is already in the root loader's data: no second request for it.
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const categories = root?.categories ?? [];
  const names = useMemo(() => conditionNames(categories), [categories]);

  return (
    <>
      <Hero
        popularSearches={loaderData.popularSearches}
        search={
          root ? (
            <MedicationSearchForm
              apiUrl={root.env.apiUrl}
              conditionNames={names}
              label="Search for a medication"
              hideLabel
              size="large"
            />
          ) : null
        }
      />
      <StatsStrip figures={loaderData.figures} />
      <CategoryBrowser categories={categories} unavailable={root?.categoriesUnavailable ?? true} />
      <ConditionTileGrid />
      <HowItWorks />
      <PharmacyCarousel pharmacies={loaderData.pharmacies} />
      <WhyChoose />
      <LatestPosts posts={loaderData.latestPosts} />
    </>
  );
}
