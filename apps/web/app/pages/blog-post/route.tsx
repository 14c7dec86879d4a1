import { type BlogPost, type BlogPostSummary, formatLongDate } from "@pharmacompare/contract";
import { safeImageUrl } from "@pharmacompare/safe-markdown/image-url";
import { data, Link } from "react-router";
import { ArrowLeftIcon, ClockIcon } from "../../components/blog/blog-icons.tsx";
import { BlogPostGrid } from "../../components/blog/blog-post-card.tsx";
import { PostMedia } from "../../components/blog/post-media.tsx";
import { ArticleHtml } from "../../components/ui/article-html.tsx";
import { Breadcrumb } from "../../components/ui/breadcrumb.tsx";
import { ArrowRightIcon } from "../../components/ui/icons.tsx";
import { StatusPage } from "../../components/ui/status-page.tsx";
import { articleHtml } from "../../lib/article-html.server.ts";
import { loadBlogArticle } from "../../lib/blog.server.ts";
import { showsUpdatedDate } from "../../lib/blog.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { sitePaths } from "../../lib/site-paths.ts";
import type { Route } from "./+types/route";

/** The article with its related posts; an unknown slug answers 404, an unreachable API 503. */
export async function loader({ params, request }: Route.LoaderArgs) {
  const article = await loadBlogArticle(params.slug, request.signal);
  if (article.status === "found") {
    // The body goes to the page as HTML rendered here, and not a second time as markdown.
    const { content, ...post } = article.post;
    return { ...article, post, html: articleHtml(content) };
  }
  return data(article, { status: article.status === "not-found" ? 404 : 503 });
}

export function meta({ loaderData, matches }: Route.MetaArgs): Route.MetaDescriptors {
  if (loaderData?.status !== "found") {
    return [
      {
        title: loaderData?.status === "not-found" ? "Article Not Found | Blog" : "Article unavailable | Blog",
      },
      { name: "robots", content: "noindex" },
    ];
  }
  const { post } = loaderData;
  const siteUrl = matches[0]?.loaderData?.env.siteUrl;
  return articleMeta(post, siteUrl);
}

/** An article without its markdown body, which the page receives as HTML. */
type ArticleFields = Omit<BlogPost, "content">;

function articleMeta(post: ArticleFields, siteUrl: string | undefined): Route.MetaDescriptors {
  const image = safeImageUrl(post.featuredImage);
  const imageUrl = image && siteUrl ? new URL(image, siteUrl).href : undefined;
  return pageMeta({
    title: `${post.title} | Blog`,
    socialTitle: post.title,
    description: post.metaDescription,
    path: sitePaths.blogPost(post.slug),
    siteUrl,
    type: "article",
    extra: [
      ...(post.metaKeywords.length > 0 ? [{ name: "keywords", content: post.metaKeywords.join(", ") }] : []),
      { property: "article:published_time", content: post.publishDate },
      { property: "article:modified_time", content: post.lastUpdated },
      { property: "article:section", content: post.category },
      ...post.tags.map((tag) => ({ property: "article:tag", content: tag })),
      ...(imageUrl ? [{ property: "og:image", content: imageUrl }] : []),
    ],
    withUrl: (url, site) => [
      {
        "script:ld+json": {
          "@context": "https://schema.org",
          "@type": "BlogPosting",
          headline: post.title,
          description: post.metaDescription,
          datePublished: post.publishDate,
          dateModified: post.lastUpdated,
          // A team byline is an organisation to search engines, a named writer a person.
          author: {
            "@type": /\bteam\b/i.test(post.author) ? "Organization" : "Person",
            name: post.author,
          },
          publisher: { "@type": "Organization", name: "PharmaCompare", url: `${site}/` },
          mainEntityOfPage: { "@type": "WebPage", "@id": url },
          articleSection: post.category,
          keywords: post.metaKeywords.join(", "),
          inLanguage: "en-GB",
          ...(imageUrl ? { image: imageUrl } : {}),
        },
      },
    ],
  });
}

export default function BlogArticlePage({ loaderData }: Route.ComponentProps) {
  switch (loaderData.status) {
    case "found":
      return <Article post={loaderData.post} html={loaderData.html} related={loaderData.related} />;
    case "not-found":
      return (
        <StatusPage
          eyebrow="404"
          title="Article Not Found"
          action={{ to: sitePaths.blog, label: "Back to Blog" }}
        >
          <p>The article you're looking for doesn't exist or has been moved.</p>
        </StatusPage>
      );
    default:
      return (
        <StatusPage title="Article unavailable" action={{ to: sitePaths.blog, label: "Back to Blog" }}>
          <p>This article could not be loaded just now. Please try again in a few minutes.</p>
        </StatusPage>
      );
  }
}

function Article({ post, html, related }: { post: ArticleFields; html: string; related: BlogPostSummary[] }) {
  const updated = showsUpdatedDate(post.publishDate, post.lastUpdated);
  return (
    <>
      <article>
        <header className="border-slate-200 border-b bg-slate-50">
          <div className="page-container max-w-3xl py-10 sm:py-14">
            <Breadcrumb
              trail={[
                { label: "Home", to: sitePaths.home },
                { label: "Blog", to: sitePaths.blog },
                { label: post.title },
              ]}
            />
            <div className="mt-8 flex flex-wrap items-center gap-3 text-sm">
              <p className="rounded-full bg-brand-50 px-3 py-1 font-semibold text-brand-800 ring-1 ring-brand-200">
                {post.category}
              </p>
              <p className="inline-flex items-center gap-1.5 text-slate-600">
                <ClockIcon className="size-4" />
                {post.readTime} min read
              </p>
            </div>
            <h1 className="mt-4 text-balance font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl lg:text-5xl lg:leading-tight">
              {post.title}
            </h1>
            <p className="mt-5 text-lg text-slate-600 leading-8">{post.excerpt}</p>
            <div className="mt-6 flex flex-wrap items-center gap-x-6 gap-y-2 text-slate-600 text-sm">
              <p>
                By <span className="font-semibold text-slate-900">{post.author}</span>
              </p>
              <p>
                Published <time dateTime={post.publishDate}>{formatLongDate(post.publishDate)}</time>
              </p>
              {updated ? (
                <p>
                  Updated <time dateTime={post.lastUpdated}>{formatLongDate(post.lastUpdated)}</time>
                </p>
              ) : null}
            </div>
          </div>
        </header>

        <div className="page-container max-w-3xl">
          <PostMedia
            image={post.featuredImage}
            category={post.category}
            placeholderWhenMissing={false}
            categoryOverlay={false}
            className="mt-10 aspect-[2/1] rounded-2xl"
          />
        </div>

        <div className="page-container max-w-3xl py-10 sm:py-12">
          <ArticleHtml html={html} />

          {post.tags.length > 0 ? (
            <div className="mt-12 flex flex-wrap items-center gap-2 border-slate-200 border-t pt-6">
              <h2 id="article-tags-heading" className="mr-1 font-semibold text-slate-900 text-sm">
                Tags
              </h2>
              <ul aria-labelledby="article-tags-heading" className="flex flex-wrap gap-2">
                {post.tags.map((tag) => (
                  <li
                    key={tag}
                    className="rounded-md bg-slate-100 px-2.5 py-1 font-medium text-slate-700 text-sm"
                  >
                    {tag}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}

          <aside
            aria-labelledby="article-cta-heading"
            className="mt-10 rounded-2xl bg-linear-to-br from-brand-700 to-brand-900 px-6 py-8 text-center text-white shadow-sm sm:px-10"
          >
            <h2 id="article-cta-heading" className="font-bold text-2xl tracking-tight">
              Ready to Save on Your Medications?
            </h2>
            <p className="mx-auto mt-3 max-w-xl text-brand-50 leading-7">
              Compare what UK online pharmacies charge for the same medication and dosage, and see the
              cheapest price at a glance. Free, independent and updated daily.
            </p>
            <Link
              to={sitePaths.home}
              className="mt-6 inline-flex items-center gap-2 rounded-lg bg-white px-5 py-3 font-semibold text-brand-800 text-sm shadow-sm hover:bg-brand-50 focus-visible:outline-white"
            >
              Start Comparing Prices
              <ArrowRightIcon className="size-4" />
            </Link>
          </aside>

          <p className="mt-10">
            <Link
              to={sitePaths.blog}
              className="inline-flex items-center gap-2 rounded-sm font-semibold text-brand-800 text-sm hover:underline"
            >
              <ArrowLeftIcon className="size-4" />
              All articles
            </Link>
          </p>
        </div>
      </article>

      {related.length > 0 ? (
        <section aria-labelledby="related-heading" className="border-slate-200 border-t bg-slate-50">
          <div className="page-container py-12 sm:py-16">
            <h2 id="related-heading" className="font-bold text-2xl text-slate-900 tracking-tight">
              Related Articles
            </h2>
            <BlogPostGrid posts={related} />
          </div>
        </section>
      ) : null}
    </>
  );
}
