import { type BlogPostSummary, formatLongDate } from "@pharmacompare/contract";
import { Link } from "react-router";
import { sitePaths } from "../../lib/site-paths.ts";
import { ArrowRightIcon } from "../ui/icons.tsx";

/** The three newest blog posts as cards, with a way to the whole blog (public site §2). */
export function LatestPosts({ posts }: { posts: BlogPostSummary[] | null }) {
  return (
    <section aria-labelledby="latest-posts-heading" className="border-slate-200 border-t bg-slate-50">
      <div className="page-container py-14 sm:py-20">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="max-w-2xl">
            <h2
              id="latest-posts-heading"
              className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl"
            >
              Latest from the blog
            </h2>
            <p className="mt-3 text-slate-600">
              Guides to UK medicine prices and how to pay less for the same treatment.
            </p>
          </div>
          <Link
            to={sitePaths.blog}
            className="inline-flex items-center gap-1.5 rounded-md font-semibold text-brand-800 text-sm hover:underline"
          >
            View all articles
            <ArrowRightIcon className="size-4" />
          </Link>
        </div>

        {posts === null ? (
          <p className="mt-8 text-slate-600">The latest articles are unavailable just now.</p>
        ) : posts.length === 0 ? (
          <p className="mt-8 text-slate-600">New articles are on their way.</p>
        ) : (
          <ul className="mt-8 grid gap-5 md:grid-cols-3">
            {posts.map((post) => (
              <li key={post.id} className="flex">
                <article className="group relative flex w-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md">
                  <p className="self-start rounded-full bg-brand-50 px-2.5 py-1 font-semibold text-brand-800 text-xs ring-1 ring-brand-200">
                    {post.category}
                  </p>
                  <h3 className="mt-4 font-semibold text-lg text-slate-900 leading-snug">
                    {/* The title's link covers the whole card, so the card is one target and one tab stop. */}
                    <Link
                      to={sitePaths.blogPost(post.slug)}
                      className="rounded-sm after:absolute after:inset-0 after:rounded-2xl group-hover:text-brand-800"
                    >
                      {post.title}
                    </Link>
                  </h3>
                  <p className="mt-2 mb-5 line-clamp-3 text-slate-600 text-sm leading-6">{post.excerpt}</p>
                  <p className="mt-auto border-slate-100 border-t pt-4 font-medium text-slate-700 text-sm">
                    {post.author}
                  </p>
                  <p className="mt-1 flex flex-wrap items-center gap-x-2 text-slate-600 text-sm">
                    <time dateTime={post.publishDate}>{formatLongDate(post.publishDate)}</time>
                    <span aria-hidden="true">·</span>
                    <span>{post.readTime} min read</span>
                  </p>
                </article>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
