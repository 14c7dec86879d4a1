import type { BlogPostSummary } from "@pharmacompare/contract";
import { Link } from "react-router";
import { BlogPostGrid } from "../../components/blog/blog-post-card.tsx";
import { ArrowRightIcon } from "../../components/ui/icons.tsx";
import { sitePaths } from "../../lib/site-paths.ts";

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
          <BlogPostGrid posts={posts} />
        )}
      </div>
    </section>
  );
}
