import type { ReactNode } from "react";
import { Link } from "react-router";
import type { PopularSearch } from "../../lib/popular-searches.ts";
import { sitePaths } from "../../lib/site-paths.ts";

/**
 * The hero: headline, the medication search box (passed in, so this folder does not depend on
 * the search feature) and popular-search shortcuts to condition pages.
 */
export function Hero({ search, popularSearches }: { search: ReactNode; popularSearches: PopularSearch[] }) {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative border-slate-100 border-b bg-gradient-to-b from-brand-50 via-white to-white"
    >
      {/* A faint dotted texture behind the headline; purely decorative. */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(var(--color-brand-200)_1px,transparent_1px)] [background-size:22px_22px] [mask-image:linear-gradient(to_bottom,black,transparent_70%)] opacity-60"
      />
      <div className="page-container relative flex flex-col items-center py-14 text-center sm:py-20 lg:py-24">
        <p className="inline-flex items-center gap-2 whitespace-nowrap rounded-full bg-white px-3 py-1 font-medium text-brand-800 text-xs ring-1 ring-brand-200 sm:text-sm">
          <span aria-hidden="true" className="size-1.5 rounded-full bg-brand-600" />
          Free and independent · UK pharmacies only
        </p>
        <h1
          id="hero-heading"
          className="mt-5 max-w-4xl text-balance font-bold text-4xl text-slate-900 tracking-tight sm:text-5xl lg:text-[3.5rem] lg:leading-[1.1]"
        >
          Compare UK online pharmacy prices before you buy
        </h1>
        <p className="mt-5 max-w-2xl text-pretty text-base text-slate-600 leading-7 sm:text-lg sm:leading-8">
          See what UK online pharmacies charge for the same medication and dosage, side by side — then buy
          from the pharmacy you choose. No sign-up, nothing to pay.
        </p>

        <div className="mt-8 w-full max-w-2xl">{search}</div>

        {popularSearches.length > 0 ? (
          <div className="mt-5 flex max-w-3xl flex-wrap items-center justify-center gap-2">
            <h2 className="font-medium text-slate-600 text-sm">Popular searches:</h2>
            {/* The list itself lays the chips out: `display: contents` would drop its list semantics in Safari. */}
            <ul className="flex flex-wrap items-center justify-center gap-2">
              {popularSearches.map((shortcut) => (
                <li key={shortcut.label}>
                  <Link
                    to={sitePaths.condition(shortcut.subcategoryId)}
                    className="inline-flex items-center rounded-full bg-white px-3 py-1.5 font-medium text-slate-700 text-sm ring-1 ring-slate-200 hover:text-brand-800 hover:ring-brand-300"
                  >
                    {shortcut.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </section>
  );
}
