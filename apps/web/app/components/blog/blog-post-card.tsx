import { type BlogPostSummary, formatLongDate } from "@pharmacompare/contract";
import { Link } from "react-router";
import { CARD_TAG_LIMIT } from "../../lib/blog.ts";
import { sitePaths } from "../../lib/site-paths.ts";
import { PostMedia } from "./post-media.tsx";

interface BlogPostCardProps {
  post: BlogPostSummary;
  /**
   * `compact`: category, title, excerpt, author and date (home page, related articles).
   * `full`: adds the featured image (or its placeholder) and up to three tags (blog index).
   * `featured`: the full card laid out side by side on wider screens, for the newest post.
   */
  variant?: "compact" | "full" | "featured";
}

/** A blog post as a card whose title link covers the whole card: one target and one tab stop. */
export function BlogPostCard({ post, variant = "compact" }: BlogPostCardProps) {
  const withMedia = variant !== "compact";
  const featured = variant === "featured";
  const tags = post.tags.slice(0, CARD_TAG_LIMIT);

  return (
    <article
      className={`group relative flex w-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow focus-within:shadow-md hover:shadow-md ${featured ? "md:flex-row" : ""}`}
    >
      {withMedia ? (
        // The media names the category (over the image, or as the placeholder), so the body does not repeat it.
        <PostMedia
          image={post.featuredImage}
          category={post.category}
          className={
            featured
              ? "aspect-[5/2] sm:aspect-[2/1] md:aspect-auto md:w-2/5 md:shrink-0"
              : "aspect-[5/2] sm:aspect-[2/1]"
          }
        />
      ) : null}
      <div className={`flex flex-1 flex-col ${featured ? "p-6 sm:p-8" : "p-6"}`}>
        {withMedia ? null : (
          <p className="mb-4 self-start rounded-full bg-brand-50 px-2.5 py-1 font-semibold text-brand-800 text-xs ring-1 ring-brand-200">
            {post.category}
          </p>
        )}
        <h3
          className={`font-semibold text-slate-900 leading-snug ${featured ? "text-xl sm:text-2xl" : "text-lg"}`}
        >
          <Link
            to={sitePaths.blogPost(post.slug)}
            className="rounded-sm after:absolute after:inset-0 after:rounded-2xl group-hover:text-brand-800"
          >
            {post.title}
          </Link>
        </h3>
        <p
          className={`mt-2 text-slate-600 text-sm leading-6 ${featured ? "sm:text-base sm:leading-7" : "line-clamp-3"}`}
        >
          {post.excerpt}
        </p>
        {withMedia && tags.length > 0 ? (
          <ul aria-label="Tags" className="mt-4 flex flex-wrap gap-1.5">
            {tags.map((tag) => (
              <li
                key={tag}
                className="rounded-md bg-slate-100 px-2 py-0.5 font-medium text-slate-700 text-xs"
              >
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-auto pt-5">
          <div className="border-slate-100 border-t pt-4 text-sm">
            <p className="font-medium text-slate-700">{post.author}</p>
            <p className="mt-1 flex flex-wrap items-center gap-x-2 text-slate-600">
              <time dateTime={post.publishDate}>{formatLongDate(post.publishDate)}</time>
              <span aria-hidden="true">·</span>
              <span>{post.readTime} min read</span>
            </p>
          </div>
        </div>
      </div>
    </article>
  );
}

/** Cards in a row of three on wide screens: the home page's latest posts and an article's related ones. */
export function BlogPostGrid({ posts }: { posts: readonly BlogPostSummary[] }) {
  return (
    <ul className="mt-8 grid gap-5 md:grid-cols-3">
      {posts.map((post) => (
        <li key={post.id} className="flex">
          <BlogPostCard post={post} />
        </li>
      ))}
    </ul>
  );
}
