import type { ReactNode } from "react";
import { Link } from "react-router";
import { CategoryGlyph } from "../../components/blog/blog-icons.tsx";
import { ArrowRightIcon } from "../../components/ui/icons.tsx";
import { type CategoryCount, POPULAR_TAGS } from "../../lib/blog.ts";
import { sitePaths } from "../../lib/site-paths.ts";

function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id={id} className="font-semibold text-base text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * How many articles each category holds. Plain text on purpose: the blog has no per-category
 * pages (public site §2), and a link that filters nothing would mislead.
 */
export function CategoriesPanel({ counts }: { counts: CategoryCount[] | null }) {
  return (
    <Panel id="blog-categories-heading" title="Categories">
      {counts === null ? (
        <p className="text-slate-600 text-sm">Categories are unavailable just now.</p>
      ) : counts.length === 0 ? (
        <p className="text-slate-600 text-sm">No categories yet.</p>
      ) : (
        <ul className="-my-2 divide-y divide-slate-100">
          {counts.map(({ category, count }) => (
            <li key={category} className="flex items-center justify-between gap-3 py-2.5 text-sm">
              <span className="flex items-center gap-2.5 text-slate-700">
                <CategoryGlyph category={category} className="size-4 text-brand-700" />
                {category}
              </span>
              <span className="min-w-7 rounded-full bg-slate-100 px-2 py-0.5 text-center font-medium text-slate-700 text-xs tabular-nums">
                {count}
                <span className="sr-only"> {count === 1 ? "article" : "articles"}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** The fixed popular-tags list (public site §2): labels, not links. */
export function PopularTagsPanel() {
  return (
    <Panel id="blog-tags-heading" title="Popular tags">
      <ul className="flex flex-wrap gap-2">
        {POPULAR_TAGS.map((tag) => (
          <li key={tag} className="rounded-md bg-slate-100 px-2.5 py-1 font-medium text-slate-700 text-sm">
            {tag}
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/** The way from reading to comparing. */
export function ComparePromo() {
  return (
    <section
      aria-labelledby="blog-promo-heading"
      className="rounded-2xl bg-linear-to-br from-brand-700 to-brand-900 p-6 text-white shadow-sm"
    >
      <h2 id="blog-promo-heading" className="font-semibold text-lg">
        Paying too much for your medication?
      </h2>
      <p className="mt-2 text-brand-50 text-sm leading-6">
        See what UK online pharmacies charge for the same medication and dosage, side by side. Free and
        independent.
      </p>
      <Link
        to={sitePaths.home}
        className="mt-5 inline-flex items-center gap-2 rounded-lg bg-white px-4 py-2.5 font-semibold text-brand-800 text-sm shadow-sm hover:bg-brand-50 focus-visible:outline-white"
      >
        Start Comparing Prices
        <ArrowRightIcon className="size-4" />
      </Link>
    </section>
  );
}
