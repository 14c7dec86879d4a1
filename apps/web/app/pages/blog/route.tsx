import { BlogPostCard } from "../../components/blog/blog-post-card.tsx";
import { Breadcrumb } from "../../components/ui/breadcrumb.tsx";
import { loadBlogPosts } from "../../lib/blog.server.ts";
import { countCategories } from "../../lib/blog.ts";
import { pageMeta } from "../../lib/page-meta.ts";
import { sitePaths } from "../../lib/site-paths.ts";
import type { Route } from "./+types/route";
import { CategoriesPanel, ComparePromo, PopularTagsPanel } from "./blog-sidebar.tsx";

const title = "PharmaCompare Blog";
const description =
  "Plain-English guides to UK medicine prices: comparing online pharmacies, prescription costs, generic " +
  "medicines and how to pay less for the same treatment.";

/** Every post, newest first; null when the API is down (the page still renders and says so). */
export async function loader({ request }: Route.LoaderArgs) {
  return { posts: await loadBlogPosts(request.signal) };
}

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  return pageMeta({ title, description, path: sitePaths.blog, siteUrl: matches[0]?.loaderData?.env.siteUrl });
}

export default function BlogIndex({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
  const [newest, ...older] = posts ?? [];

  return (
    <>
      <header className="border-slate-200 border-b bg-slate-50">
        <div className="page-container py-10 sm:py-14">
          <Breadcrumb trail={[{ label: "Home", to: sitePaths.home }, { label: "Blog" }]} />
          <h1 className="mt-4 font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl">{title}</h1>
          <p className="mt-3 max-w-2xl text-lg text-slate-600 leading-8">
            Independent guides to UK medicine prices, prescriptions and how to pay less for the same
            treatment.
          </p>
        </div>
      </header>

      <div className="page-container grid gap-10 py-10 sm:py-14 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-12">
        <section aria-labelledby="articles-heading" className="min-w-0">
          <h2 id="articles-heading" className="sr-only">
            Articles
          </h2>
          {posts === null ? (
            <div className="rounded-2xl border border-slate-200 bg-slate-50 p-8 text-center">
              <p className="font-semibold text-slate-900">The articles could not be loaded just now.</p>
              <p className="mt-2 text-slate-600 text-sm">
                Please try again in a few minutes. Price comparisons are still available from the home page.
              </p>
            </div>
          ) : newest === undefined ? (
            <p className="rounded-2xl border border-slate-200 bg-slate-50 p-8 text-center text-slate-600">
              New articles are on their way.
            </p>
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2">
              <li className="flex sm:col-span-2">
                <BlogPostCard post={newest} variant="featured" />
              </li>
              {older.map((post) => (
                <li key={post.id} className="flex">
                  <BlogPostCard post={post} variant="full" />
                </li>
              ))}
            </ul>
          )}
        </section>

        <aside aria-label="Blog sidebar" className="flex flex-col gap-6">
          <CategoriesPanel counts={posts ? countCategories(posts) : null} />
          <PopularTagsPanel />
          <ComparePromo />
        </aside>
      </div>
    </>
  );
}
