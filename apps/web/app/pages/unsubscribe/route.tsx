import { publicEndpoints, SUPPORT_EMAIL } from "@pharmacompare/contract";
import { Form } from "react-router";
import { followEmailLink, linkToken } from "../../components/email-link/email-link-action.ts";
import {
  type EmailLinkCopy,
  EmailLinkPage,
  emailLinkMeta,
} from "../../components/email-link/email-link-page.tsx";
import { serverApi } from "../../lib/api.server.ts";
import { logFormOutcome } from "../../lib/server-log.server.ts";
import type { Route } from "./+types/route";

const copy: EmailLinkCopy = {
  title: "Unsubscribe",
  explanation:
    "Press the button to stop the emails this link came in. It takes effect straight away, and you can " +
    "sign up again at any time.",
  button: "Unsubscribe",
  pending: "Unsubscribing...",
  doneTitle: "You're unsubscribed",
  failed: `Sorry, we couldn't unsubscribe you just now. Please try again in a few minutes, or email ${SUPPORT_EMAIL} and we'll do it for you.`,
};

export function meta() {
  return emailLinkMeta(copy.title);
}

/**
 * The link in every email (decision 013): unsubscribed only by the button's POST. A price-news
 * email's link stops that kind of email (decision 041); the page then offers to stop them all.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const token = linkToken(form, new URL(request.url));
  return followEmailLink(
    serverApi(),
    publicEndpoints.unsubscribe,
    token,
    { signal: request.signal },
    logFormOutcome,
    { everything: form.get("everything") === "true" },
  );
}

/** Once one kind has stopped: every email at once, or the manage page to choose. */
function StopEverything({ token }: { token: string }) {
  return (
    <div className="space-y-4 border-slate-200 border-t pt-6">
      <p>Don't want any emails from us?</p>
      <Form method="post">
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="everything" value="true" />
        <button
          type="submit"
          className="inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-6 py-3 font-semibold text-slate-900 hover:bg-slate-50"
        >
          Unsubscribe from all emails
        </button>
      </Form>
      <p>
        <a
          href={`/manage-emails?${new URLSearchParams({ token })}`}
          className="rounded-sm font-semibold text-brand-800 underline underline-offset-2"
        >
          Choose which emails you get
        </a>
      </p>
    </div>
  );
}

export default function Unsubscribe({ actionData }: Route.ComponentProps) {
  return (
    <EmailLinkPage
      copy={copy}
      outcome={actionData}
      afterDone={(token) =>
        actionData?.status === "done" && actionData.stopped && token ? <StopEverything token={token} /> : null
      }
    />
  );
}
