import { publicEndpoints, SUPPORT_EMAIL } from "@pharmacompare/contract";
import { followEmailLink, linkToken } from "../components/email-link/email-link-action.ts";
import {
  type EmailLinkCopy,
  EmailLinkPage,
  emailLinkMeta,
} from "../components/email-link/email-link-page.tsx";
import { serverApi } from "../lib/api.server.ts";
import { logServerError } from "../lib/server-log.server.ts";
import type { Route } from "./+types/unsubscribe";

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

/** The link in every email (decision 013): unsubscribed only by the button's POST. */
export async function action({ request }: Route.ActionArgs) {
  const token = linkToken(await request.formData(), new URL(request.url));
  return followEmailLink(
    serverApi(),
    publicEndpoints.unsubscribe,
    token,
    { signal: request.signal },
    logServerError,
  );
}

export default function Unsubscribe({ actionData }: Route.ComponentProps) {
  return <EmailLinkPage copy={copy} outcome={actionData} />;
}
