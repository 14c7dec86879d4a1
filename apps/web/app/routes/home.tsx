import type { Category } from "@pharmacompare/contract";
import { Link } from "react-router";
import { ButtonLink } from "../components/ui/button-link.tsx";
import { ArrowRightIcon } from "../components/ui/icons.tsx";
import { sitePaths } from "../lib/site-paths.ts";
import type { Route } from "./+types/home";

const title = "PharmaCompare — Compare UK Online Pharmacy Prices";
const description =
  "Compare what UK online pharmacies charge for the same medication and dosage — weight loss, men's and " +
  "women's health, hair loss, skin and more. Free, independent, prices updated daily.";

/** Marketing claims the specification fixes (public site §1). */
const claims = [
  { value: "30+", label: "UK pharmacies compared" },
  { value: "500+", label: "medications listed" },
  { value: "Up to 70%", label: "savings on the same treatment" },
  { value: "Daily", label: "price updates" },
] as const;

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  const siteUrl = matches[0]?.loaderData?.env.siteUrl;
  const canonical = siteUrl ? `${siteUrl}/` : undefined;
  return [
    { title },
    { name: "description", content: description },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "PharmaCompare" },
    { property: "og:locale", content: "en_GB" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    ...(canonical
      ? [
          { tagName: "link", rel: "canonical", href: canonical },
          { property: "og:url", content: canonical },
        ]
      : []),
  ];
}

export default function Home({ matches }: Route.ComponentProps) {
  const root = matches[0].loaderData;
  return (
    <>
      <Hero />
      <BrowseByCategory categories={root.categories} unavailable={root.categoriesUnavailable} />
    </>
  );
}

function Hero() {
  return (
    <section className="border-slate-100 border-b bg-gradient-to-b from-brand-50 to-white">
      <div className="page-container grid items-center gap-12 py-14 sm:py-20 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)] lg:py-24">
        <div>
          <p className="inline-flex items-center rounded-full bg-white px-3 py-1 font-medium text-brand-800 text-sm ring-1 ring-brand-200">
            Free and independent · UK pharmacies only
          </p>
          <h1 className="mt-5 text-balance font-bold text-4xl text-slate-900 tracking-tight sm:text-5xl">
            Compare UK online pharmacy prices before you buy
          </h1>
          <p className="mt-5 max-w-xl text-lg text-slate-600 leading-8">
            See what UK online pharmacies charge for the same medication and dosage, side by side — then buy
            from the pharmacy you choose. No sign-up, nothing to pay.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to="#categories">
              Browse by category
              <ArrowRightIcon className="size-4" />
            </ButtonLink>
            <ButtonLink to={sitePaths.about} variant="secondary">
              How PharmaCompare works
            </ButtonLink>
          </div>
        </div>

        <dl className="grid grid-cols-2 gap-3 sm:gap-4">
          {claims.map((claim) => (
            <div
              key={claim.value}
              className="flex flex-col-reverse justify-end rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
            >
              <dt className="mt-1 text-slate-600 text-sm leading-5">{claim.label}</dt>
              <dd className="font-bold text-2xl text-brand-800 tracking-tight sm:text-3xl">{claim.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

function BrowseByCategory({ categories, unavailable }: { categories: Category[]; unavailable: boolean }) {
  return (
    <section
      id="categories"
      aria-labelledby="categories-heading"
      className="page-container scroll-mt-20 py-14 sm:py-20"
    >
      <div className="max-w-2xl">
        <h2 id="categories-heading" className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">
          Browse by Category
        </h2>
        <p className="mt-3 text-slate-600">
          Choose a condition to compare prices for the medications used to treat it.
        </p>
      </div>

      {unavailable ? (
        <p
          role="status"
          className="mt-8 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900 text-sm"
        >
          We could not load the categories just now. Please refresh the page in a moment.
        </p>
      ) : categories.length === 0 ? (
        <p className="mt-8 text-slate-600">No categories have been published yet.</p>
      ) : (
        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {categories.map((category) => (
            <li
              key={category.id}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <h3 className="font-semibold text-lg text-slate-900">{category.name}</h3>
              <p className="mt-1 text-slate-600 text-sm">
                {category.subcategories.length === 0
                  ? "Conditions coming soon"
                  : `${category.subcategories.length} ${category.subcategories.length === 1 ? "condition" : "conditions"}`}
              </p>
              {category.subcategories.length > 0 ? (
                <ul className="mt-4 space-y-1">
                  {category.subcategories.map((subcategory) => (
                    <li key={subcategory.id}>
                      <Link
                        to={sitePaths.condition(subcategory.id)}
                        className="group flex items-center justify-between gap-3 rounded-lg px-3 py-2 font-medium text-brand-800 text-sm hover:bg-brand-50"
                      >
                        {subcategory.name}
                        <ArrowRightIcon className="size-4 shrink-0 text-brand-700 motion-safe:transition-transform group-hover:translate-x-0.5" />
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
