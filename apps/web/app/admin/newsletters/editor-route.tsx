import { type AdminCategory, adminEndpoints, formatDateTime, type Newsletter } from "@pharmacompare/contract";
import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { ArticleMarkdown } from "../../components/ui/article-markdown.tsx";
import { adminSession } from "../../lib/admin-session.ts";
import { ApiError } from "../../lib/api-client.ts";
import { adminMeta, failureText } from "../kit/admin-route.ts";
import { adminScreens } from "../kit/admin-screens.ts";
import { AdminPageError, buttonClass, Notice, PageHeader, Panel } from "../kit/admin-ui.tsx";
import { useToast } from "../kit/toast/toast.tsx";
import type { Route } from "./+types/editor-route";
import { NewsletterProgress } from "./newsletter-progress.tsx";
import { NewsletterWriter, type WriterResult } from "./newsletter-writer.tsx";

/**
 * A newsletter (issue 28, decision 041): /admin/newsletters/new writes one; /admin/newsletters/{id}
 * edits it while it is a draft or scheduled, and shows its progress once it is on its way.
 */
const TEXT = {
  loadFailed: "Failed to load the newsletter",
  saveFailed: "Failed to save the newsletter",
} as const;

const LIST_PATH = adminScreens.newsletters.path;

type LoadResult =
  | { newsletter: Newsletter | null; categories: AdminCategory[]; error: null }
  | { newsletter: null; categories: AdminCategory[]; error: string };

type ActionResult = WriterResult & { goTo?: string };

export function meta({ params }: Route.MetaArgs) {
  return adminMeta(params.id ? "Newsletter" : "New Newsletter");
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs): Promise<LoadResult> {
  const api = adminSession().api(request);
  try {
    const [{ categories }, newsletter] = await Promise.all([
      api.call(adminEndpoints.listAdminCategories),
      params.id ? api.call(adminEndpoints.getNewsletter, { params: { id: params.id } }) : null,
    ]);
    return { newsletter, categories, error: null };
  } catch (error) {
    return { newsletter: null, categories: [], error: failureText(error, TEXT.loadFailed) };
  }
}

type Interest = "priceDrops" | "newMedications" | "weeklyDigest";

export async function clientAction({ request, params }: Route.ClientActionArgs): Promise<ActionResult> {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  const api = adminSession().api(request);
  try {
    if (intent === "cancel" && params.id) {
      await api.call(adminEndpoints.cancelNewsletter, { params: { id: params.id } });
      return { ok: true, text: "Sending cancelled: emails not yet sent will not be sent" };
    }
    let sendAt: string | undefined;
    if (intent === "schedule") {
      const when = new Date(String(form.get("sendAt") ?? ""));
      if (Number.isNaN(when.getTime())) {
        return { ok: false, error: "Choose when to send it", fields: { sendAt: "Choose a date and time" } };
      }
      sendAt = when.toISOString();
    }
    // Ticked after the API named words close to a prescription-only medicine's name: the staff
    // member's explicit confirmation, which the API audits (decision 040, issue 42).
    const confirmCloseMatches = form.get("confirmCloseMatches") === "yes" ? true : undefined;
    // What is on screen is saved first, so what is tested or sent is what was written.
    const body = {
      subject: String(form.get("subject") ?? ""),
      body: String(form.get("body") ?? ""),
      audience: {
        interests: form.getAll("interest").map(String) as Interest[],
        conditions: form.getAll("condition").map(String),
      },
      confirmCloseMatches,
    };
    const saved = params.id
      ? await api.call(adminEndpoints.updateNewsletter, { params: { id: params.id }, body })
      : await api.call(adminEndpoints.createNewsletter, { body });
    const goTo = params.id ? undefined : `${LIST_PATH}/${encodeURIComponent(saved._id)}`;
    const id = { params: { id: saved._id } };
    if (intent === "test") {
      const { message } = await api.call(adminEndpoints.testNewsletter, {
        ...id,
        body: { confirmCloseMatches },
      });
      return { ok: true, text: message, goTo };
    }
    if (intent === "schedule" || intent === "send") {
      const scheduled = await api.call(adminEndpoints.scheduleNewsletter, {
        ...id,
        body: { sendAt, confirmCloseMatches },
      });
      const text =
        intent === "send"
          ? "Sending now"
          : `Scheduled for ${formatDateTime(scheduled.scheduledFor ?? sendAt ?? "")}`;
      return { ok: true, text, goTo };
    }
    return { ok: true, text: `“${saved.subject}” saved`, goTo };
  } catch (error) {
    return {
      ok: false,
      error: failureText(error, TEXT.saveFailed),
      fields: error instanceof ApiError ? error.fields : {},
      confirm: error instanceof ApiError && error.code === "confirmation_required",
    };
  }
}

export default function NewsletterEditor({ loaderData, actionData, params }: Route.ComponentProps) {
  const toast = useToast();
  const navigate = useNavigate();
  useEffect(() => {
    if (!actionData?.ok) return;
    toast.show(actionData.text);
    if (actionData.goTo) void navigate(actionData.goTo, { replace: true });
  }, [actionData, toast, navigate]);

  const { newsletter } = loaderData;
  const title = newsletter ? newsletter.subject : "New newsletter";
  const editable = !newsletter || newsletter.status === "draft" || newsletter.status === "scheduled";
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <PageHeader
          title={params.id && !newsletter ? "Newsletter" : title}
          description={
            editable
              ? "Write it in markdown, check the preview, send a test to yourself, then schedule it or send it now."
              : "This newsletter has left the writer: here is where its emails are."
          }
        />
        <Link to={LIST_PATH} className={`${buttonClass.secondary} mb-6`}>
          Back to newsletters
        </Link>
      </div>
      {loaderData.error !== null ? (
        <Notice tone="error">{loaderData.error}</Notice>
      ) : (
        <div className="space-y-6">
          {newsletter && newsletter.status !== "draft" ? (
            <NewsletterProgress newsletter={newsletter} />
          ) : null}
          {newsletter && !editable ? (
            <Panel title="What was sent" titleId="newsletter-message">
              <div className="p-4 sm:p-5">
                <ArticleMarkdown content={newsletter.body} />
              </div>
            </Panel>
          ) : null}
          {editable ? (
            <NewsletterWriter
              key={newsletter?._id ?? "new"}
              newsletter={newsletter}
              categories={loaderData.categories}
              result={actionData}
            />
          ) : null}
        </div>
      )}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
