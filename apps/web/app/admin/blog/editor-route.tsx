import { type AdminBlogPost, adminEndpoints } from "@pharmacompare/contract";
import { Link } from "react-router";
import { adminSession } from "../../lib/admin-session.ts";
import { ApiError } from "../../lib/api-client.ts";
import { adminMeta, failureText } from "../kit/admin-route.ts";
import { adminScreens } from "../kit/admin-screens.ts";
import { AdminPageError, buttonClass, Notice, PageHeader } from "../kit/admin-ui.tsx";
import type { Route } from "./+types/editor-route";
import { EditorForm, type SaveResult } from "./blog-editor-form.tsx";
import { blogInput, draftFromForm, draftProblems, refusedBlogFields } from "./blog-post-form.ts";

/**
 * The blog editor (back-office §2 Blog editor): one module for /admin/blog/new and
 * /admin/blog/edit/{id}. The left column holds what the post is (title, slug, category, tags,
 * published), the right how it is summarised (excerpt, meta description, meta keywords), the
 * markdown below; Preview renders it with the public article's own markdown component.
 */

/** Back-office §8's texts for this screen. */
const TEXT = {
  loadFailed: "Failed to load blog post",
  saveFailed: "Failed to save blog post",
} as const;

const LIST_PATH = adminScreens.blog.path;

type LoadResult =
  | { post: AdminBlogPost | null; error: null }
  | { post: null; error: string; reason: string | null };

export function meta({ params }: Route.MetaArgs) {
  return adminMeta(params.id ? "Edit Blog Post" : "New Blog Post");
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs): Promise<LoadResult> {
  if (!params.id) return { post: null, error: null };
  try {
    const { post } = await adminSession()
      .api(request)
      .call(adminEndpoints.getAdminBlogPost, { params: { id: params.id } });
    return { post, error: null };
  } catch (error) {
    // The API's reason (say, not found) is shown under the specification's text.
    const reason = failureText(error, "");
    return { post: null, error: TEXT.loadFailed, reason: reason || null };
  }
}

export async function clientAction({ request }: Route.ClientActionArgs): Promise<SaveResult> {
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const draft = draftFromForm(form);
  const problems = draftProblems(draft);
  if (Object.keys(problems).length > 0) return { ok: false, error: TEXT.saveFailed, fields: problems };

  const featuredImage = String(form.get("featuredImage") ?? "") || null;
  const body = blogInput(draft, featuredImage);
  const api = adminSession().api(request);
  try {
    if (id) await api.call(adminEndpoints.updateBlogPost, { params: { id }, body });
    else await api.call(adminEndpoints.createBlogPost, { body });
    const state = body.published ? "published" : "saved as a draft";
    return { ok: true, text: `“${body.title}” ${id ? "updated and" : "created and"} ${state}` };
  } catch (error) {
    return {
      ok: false,
      error: failureText(error, TEXT.saveFailed),
      fields: error instanceof ApiError ? refusedBlogFields(error.fields) : {},
    };
  }
}

export default function BlogEditor({ loaderData, actionData, params }: Route.ComponentProps) {
  const title = params.id ? "Edit Blog Post" : "New Blog Post";
  if (loaderData.error !== null) {
    return (
      <>
        <PageHeader title={title} />
        <div className="space-y-4">
          <Notice tone="error">
            {loaderData.error}
            {loaderData.reason ? `: ${loaderData.reason}` : ""}
          </Notice>
          <Link to={LIST_PATH} className={buttonClass.secondary}>
            Back to the blog posts
          </Link>
        </div>
      </>
    );
  }
  return (
    <EditorForm
      key={loaderData.post?._id ?? "new"}
      title={title}
      post={loaderData.post}
      result={actionData}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
