import { type AdminBlogPost, adminEndpoints, BLOG_CATEGORIES, formatLongDate } from "@pharmacompare/contract";
import { useMemo } from "react";
import { Link, redirect } from "react-router";
import { adminMeta, failureText } from "../../components/admin/admin-route.ts";
import { adminScreens } from "../../components/admin/admin-screens.ts";
import { AdminPageError, buttonClass, Notice, PageHeader } from "../../components/admin/admin-ui.tsx";
import { isBlogCategory, matchesBlogFilters } from "../../components/admin/blog-post-form.ts";
import { ConfirmDialog } from "../../components/admin/confirm-dialog.tsx";
import { type DataColumn, DataTable } from "../../components/admin/data-table.tsx";
import { EmptyState } from "../../components/admin/empty-state.tsx";
import { FilterBar, FilterField, FilterSelect } from "../../components/admin/filter-bar.tsx";
import {
  hasFilters,
  listSearch,
  readFilters,
  useListLoading,
} from "../../components/admin/list-navigation.ts";
import { type RowActionResult, useRowActions } from "../../components/admin/row-actions.ts";
import { adminSession } from "../../lib/admin-session.ts";
import { showsUpdatedDate } from "../../lib/blog.ts";
import { sitePaths } from "../../lib/site-paths.ts";
import type { Route } from "./+types/blog";

/** Back-office §2 and §8's texts for this screen. */
const TEXT = {
  empty: "No blog posts found",
  loadFailed: "Failed to load blog posts",
  toggleFailed: "Failed to toggle publish status",
  deleteFailed: "Failed to delete blog post",
} as const;

/** The address keeps the filters; the API answers every post and the search happens here (§2). */
const FILTER_KEYS = ["search", "category"] as const;
const categoryOptions = BLOG_CATEGORIES.map((value) => ({ value, label: value }));

const editPath = (post: AdminBlogPost) => `${adminScreens.blog.path}/edit/${encodeURIComponent(post._id)}`;

interface BlogListLoad {
  filters: Record<(typeof FILTER_KEYS)[number], string>;
  posts: AdminBlogPost[] | null;
  error: string | null;
}

type ActionResult = RowActionResult;

export function meta() {
  return adminMeta("Blog");
}

export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<BlogListLoad> {
  const url = new URL(request.url);
  const filters = readFilters(url.searchParams, FILTER_KEYS);
  // A category the screen does not offer (an old or edited link) is dropped.
  if (filters.category && !isBlogCategory(filters.category)) {
    throw redirect(`${url.pathname}${listSearch({ ...filters, category: "" })}`);
  }
  try {
    const { posts } = await adminSession().api(request).call(adminEndpoints.listAdminBlogPosts);
    return { filters, posts, error: null };
  } catch (error) {
    failureText(error, ""); // passes a sign-out redirect on
    return { filters, posts: null, error: TEXT.loadFailed };
  }
}

export async function clientAction({ request }: Route.ClientActionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const api = adminSession().api(request);

  if (intent === "toggle") {
    // The state the button showed is sent reversed, so a second click on a stale list repeats nothing.
    const published = form.get("published") === "true";
    try {
      const { post } = await api.call(adminEndpoints.publishBlogPost, {
        params: { id },
        body: { published },
      });
      return {
        intent,
        ok: true,
        text: post.published ? `“${post.title}” published` : `“${post.title}” is now a draft`,
      };
    } catch (error) {
      failureText(error, "");
      return { intent, ok: false, error: TEXT.toggleFailed };
    }
  }

  try {
    await api.call(adminEndpoints.deleteBlogPost, { params: { id } });
    return { intent: "delete", ok: true, text: `“${String(form.get("title") ?? "")}” deleted` };
  } catch (error) {
    failureText(error, "");
    return { intent: "delete", ok: false, error: TEXT.deleteFailed };
  }
}

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const { filters, posts, error } = loaderData;
  const loading = useListLoading();
  const filtered = hasFilters(filters);
  const shown = useMemo(
    () => (posts ?? []).filter((post) => matchesBlogFilters(post, filters)),
    [posts, filters],
  );

  const {
    toggleFetcher,
    deleteFetcher,
    deleting,
    setDeleting,
    deleteError,
    setDeleteError,
    toggleError,
    setToggleError,
    opener,
    headingRef,
    toggleErrorRef,
    busyToggleId,
  } = useRowActions<AdminBlogPost>({ toggle: "blog-post-toggle", delete: "blog-post-delete" });

  const total = posts?.length ?? 0;

  const columns: readonly DataColumn<AdminBlogPost>[] = [
    {
      header: "Title",
      rowHeader: true,
      className: "min-w-[14rem] [overflow-wrap:anywhere]",
      cell: (post) => (
        <>
          <span className="block font-medium text-slate-900">{post.title}</span>
          <span className="mt-0.5 block break-all font-mono text-slate-600 text-xs">/{post.slug}</span>
        </>
      ),
    },
    { header: "Category", className: "whitespace-nowrap text-slate-700", cell: (post) => post.category },
    { header: "Author", className: "text-slate-700", cell: (post) => post.author },
    {
      header: "Status",
      cell: (post) => (
        <StatusToggle
          post={post}
          busy={busyToggleId === post._id}
          onToggle={() => {
            setToggleError(null);
            void toggleFetcher.submit(
              { intent: "toggle", id: post._id, published: String(!post.published) },
              { method: "post" },
            );
          }}
        />
      ),
    },
    {
      header: "Date",
      className: "whitespace-nowrap text-slate-700",
      cell: (post) => (
        <>
          {post.publishDate ? (
            <time dateTime={post.publishDate} className="block">
              {formatLongDate(post.publishDate)}
            </time>
          ) : (
            <span className="block">Not yet published</span>
          )}
          {/* As on the article: a change on the day of publication is not worth a second date. */}
          {!post.publishDate || showsUpdatedDate(post.publishDate, post.lastUpdated) ? (
            <span className="mt-0.5 block text-slate-600 text-xs">
              Updated <time dateTime={post.lastUpdated}>{formatLongDate(post.lastUpdated)}</time>
            </span>
          ) : null}
        </>
      ),
    },
  ];

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader title="Blog" description="Articles on the public blog, and drafts seen only here." />
        <Link to={adminScreens.newBlogPost.path} className={`${buttonClass.primary} mb-6`}>
          <span aria-hidden="true">+</span> New Post
        </Link>
      </div>

      <FilterBar label="Filter the blog posts" active={filtered} columnsClass="sm:grid-cols-[2fr_1fr]">
        <FilterField
          label="Search"
          name="search"
          type="search"
          defaultValue={filters.search}
          placeholder="Title or slug"
          spellCheck={false}
        />
        <FilterSelect
          label="Category"
          name="category"
          defaultValue={filters.category}
          options={categoryOptions}
        />
      </FilterBar>

      <section aria-labelledby="blog-posts-heading" className="mt-6" aria-busy={loading}>
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
          <h2
            id="blog-posts-heading"
            ref={headingRef}
            tabIndex={-1}
            className="font-semibold text-base text-slate-900 focus:outline-none"
          >
            Posts
          </h2>
          <p role="status" className="text-slate-600 text-sm">
            {posts && shown.length > 0
              ? shown.length === total
                ? `${total} ${total === 1 ? "post" : "posts"}`
                : `Showing ${shown.length} of ${total} posts`
              : ""}
          </p>
        </div>

        {error ? <Notice tone="error">{error}</Notice> : null}
        {toggleError ? (
          <div className="mb-3">
            <Notice tone="error" noticeRef={toggleErrorRef}>
              {toggleError}
            </Notice>
          </div>
        ) : null}

        {posts && shown.length === 0 ? (
          <EmptyState
            action={
              filtered ? (
                <Link to="." className={buttonClass.secondary}>
                  Clear filters
                </Link>
              ) : (
                <Link to={adminScreens.newBlogPost.path} className={buttonClass.secondary}>
                  Write the first post
                </Link>
              )
            }
          >
            {TEXT.empty}
          </EmptyState>
        ) : null}

        {shown.length > 0 ? (
          <DataTable
            label="Blog posts"
            caption="Blog posts, most recently changed first"
            columns={columns}
            rows={shown}
            rowKey={(post) => post._id}
            minWidthClass="min-w-[48rem]"
            rowActions={(post) => (
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
                <button
                  type="button"
                  className={`${buttonClass.secondary} px-3 py-1.5 text-red-700`}
                  onClick={(event) => {
                    opener.current = event.currentTarget;
                    setDeleteError(undefined);
                    setDeleting(post);
                  }}
                >
                  Delete<span className="sr-only"> “{post.title}”</span>
                </button>
              </>
            )}
          />
        ) : null}
      </section>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete blog post"
        message={
          deleting ? `Are you sure you want to delete “${deleting.title}”? This cannot be undone.` : ""
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={deleteFetcher.state !== "idle"}
        error={deleteError}
        onConfirm={() => {
          if (deleting) {
            void deleteFetcher.submit(
              { intent: "delete", id: deleting._id, title: deleting.title },
              { method: "post" },
            );
          }
        }}
        onCancel={() => setDeleting(null)}
        returnFocusRef={opener}
      />
    </>
  );
}

/**
 * The status badge, which is also its switch (back-office §4): pressing it publishes a draft or
 * takes a published post back to drafts, then the list reloads.
 */
function StatusToggle({
  post,
  busy,
  onToggle,
}: {
  post: AdminBlogPost;
  busy: boolean;
  onToggle: () => void;
}) {
  const tone = post.published
    ? "bg-emerald-50 text-emerald-900 ring-emerald-300 hover:bg-emerald-100"
    : "bg-amber-50 text-amber-900 ring-amber-300 hover:bg-amber-100";
  return (
    <button
      type="button"
      aria-disabled={busy}
      onClick={() => {
        if (!busy) onToggle();
      }}
      className={`whitespace-nowrap rounded-full px-2.5 py-1 font-semibold text-xs ring-1 ring-inset aria-disabled:cursor-wait ${tone}`}
    >
      {post.published ? "Published" : "Draft"}
      <span className="sr-only">
        {post.published ? `: “${post.title}”, press to unpublish` : `: “${post.title}”, press to publish`}
      </span>
    </button>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
