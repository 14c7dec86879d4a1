import {
  type AdminBlogPost,
  adminEndpoints,
  BLOG_CATEGORIES,
  BLOG_PAGE_LIMITS,
} from "@pharmacompare/contract";
import { Link } from "react-router";
import { adminSession } from "../../lib/admin-session.ts";
import { sitePaths } from "../../lib/site-paths.ts";
import { adminMeta } from "../kit/admin-route.ts";
import { adminScreens } from "../kit/admin-screens.ts";
import { AdminPageError, buttonClass, PageHeader } from "../kit/admin-ui.tsx";
import { EmptyListAction } from "../kit/list/empty-list-action.tsx";
import { hasFilters } from "../kit/list/list-navigation.ts";
import { listLoader } from "../kit/list/list-page-load.ts";
import { NewItemLink } from "../kit/list/new-item-link.tsx";
import { PagedList } from "../kit/list/paged-list.tsx";
import { rowAction } from "../kit/list/row-action.ts";
import { type RowActionResult, useRowActions } from "../kit/list/row-actions.ts";
import { DeleteRowButton, DeleteRowDialog, ToggleErrorNotice } from "../kit/list/row-dialogs.tsx";
import { SearchFilters } from "../kit/list/search-filters.tsx";
import type { Route } from "./+types/route";
import { blogColumns } from "./blog-list-columns.tsx";

/** Back-office §2 and §8's texts for this screen. */
const TEXT = {
  empty: "No blog posts found",
  loadFailed: "Failed to load blog posts",
  toggleFailed: "Failed to toggle publish status",
  deleteFailed: "Failed to delete blog post",
} as const;

/** The address keeps the filters and the page; the API searches and pages (decision 037). */
const categoryOptions = BLOG_CATEGORIES.map((value) => ({ value, label: value }));

const editPath = (post: AdminBlogPost) => `${adminScreens.blog.path}/edit/${encodeURIComponent(post._id)}`;

type ActionResult = RowActionResult;

export function meta() {
  return adminMeta("Blog");
}

export const clientLoader = listLoader({
  filters: { search: "text", category: BLOG_CATEGORIES },
  limit: BLOG_PAGE_LIMITS.default,
  read: (api, query) => api.call(adminEndpoints.listAdminBlogPosts, { query }),
  failure: TEXT.loadFailed,
});

export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const api = adminSession().api(request);
  return rowAction(api, form, {
    // The state the button showed is sent reversed, so a second click on a stale list repeats nothing.
    toggle: async (id) => {
      const published = form.get("published") === "true";
      const { post } = await api.call(adminEndpoints.publishBlogPost, {
        params: { id },
        body: { published },
      });
      return post.published ? `“${post.title}” published` : `“${post.title}” is now a draft`;
    },
    remove: async (id) => {
      await api.call(adminEndpoints.deleteBlogPost, { params: { id } });
      return `“${String(form.get("title") ?? "")}” deleted`;
    },
    toggleFailed: TEXT.toggleFailed,
    deleteFailed: TEXT.deleteFailed,
  });
}

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const { filters, result, error } = loaderData;
  const filtered = hasFilters(filters);
  const rows = useRowActions<AdminBlogPost>({ toggle: "blog-post-toggle", delete: "blog-post-delete" });
  const columns = blogColumns({
    busyToggleId: rows.busyToggleId,
    onToggle: (post) => rows.submitToggle({ id: post._id, published: String(!post.published) }),
  });

  return (
    <>
      <PageHeader
        title="Blog"
        description="Articles on the public blog, and drafts seen only here."
        action={<NewItemLink to={adminScreens.newBlogPost.path} label="New Post" />}
      />

      <SearchFilters
        label="Filter the blog posts"
        filters={filters}
        placeholder="Title or slug"
        select={{ label: "Category", name: "category", options: categoryOptions }}
      />

      <ToggleErrorNotice rows={rows} />

      <PagedList
        id="blog-posts-heading"
        heading="Posts"
        headingRef={rows.headingRef}
        noun="posts"
        page={result ?? undefined}
        rows={result?.posts}
        filters={filters}
        loadFailed={error ? TEXT.loadFailed : null}
        empty={TEXT.empty}
        emptyAction={
          <EmptyListAction filtered={filtered} to={adminScreens.newBlogPost.path}>
            Write the first post
          </EmptyListAction>
        }
        pagerLabel="Blog post pages"
        table={{
          label: "Blog posts",
          caption: "Blog posts, most recently changed first",
          columns,
          rowKey: (post) => post._id,
          minWidthClass: "min-w-[48rem]",
          rowActions: (post) => (
            <>
              <Link to={editPath(post)} className={`${buttonClass.secondary} px-3 py-1.5`}>
                Edit<span className="sr-only"> “{post.title}”</span>
              </Link>
              {post.published ? (
                <a
                  href={sitePaths.blogPost(post.slug)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={`${buttonClass.secondary} px-3 py-1.5`}
                >
                  View
                  <span className="sr-only"> “{post.title}” on the public blog (opens in a new tab)</span>
                </a>
              ) : null}
              <DeleteRowButton
                rows={rows}
                row={post}
                className="px-3 py-1.5"
                named={<span className="sr-only"> “{post.title}”</span>}
              />
            </>
          ),
        }}
      />

      <DeleteRowDialog
        rows={rows}
        title="Delete blog post"
        message={(post) => `Are you sure you want to delete “${post.title}”? This cannot be undone.`}
        fields={(post) => ({ id: post._id, title: post.title })}
      />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
