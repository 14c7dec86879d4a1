import { type AdminBlogPost, formatLongDate } from "@pharmacompare/contract";
import { showsUpdatedDate } from "../../lib/blog.ts";
import type { DataColumn } from "../kit/list/data-table.tsx";

/** The Blog list's columns (back-office §2): title with /slug, category, author, the status switch, dates. */
export function blogColumns({
  busyToggleId,
  onToggle,
}: {
  busyToggleId: string;
  onToggle: (post: AdminBlogPost) => void;
}): readonly DataColumn<AdminBlogPost>[] {
  return [
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
        <StatusToggle post={post} busy={busyToggleId === post._id} onToggle={() => onToggle(post)} />
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
