import { publicEndpoints, SUPPORT_EMAIL } from "@pharmacompare/contract";
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
  title: "Confirm your email address",
  explanation:
    "You asked PharmaCompare to email you about medication prices. Press the button to confirm that this " +
    "address is yours: nothing else is sent to it until you do.",
  button: "Confirm my email address",
  pending: "Confirming...",
  doneTitle: "Email address confirmed",
  // A change to an alert or subscription the address had confirmed (decision 031).
  changeDoneTitle: "Change confirmed",
  failed: `Sorry, we couldn't confirm your address just now. Please try again in a few minutes, or email ${SUPPORT_EMAIL}.`,
};

export function meta() {
  return emailLinkMeta(copy.title);
}

/** The link in a confirmation email (decision 013): confirmed only by the button's POST. */
export async function action({ request }: Route.ActionArgs) {
  const token = linkToken(await request.formData(), new URL(request.url));
  return followEmailLink(
    serverApi(),
    publicEndpoints.confirmEmail,
    token,
    { signal: request.signal },
    logFormOutcome,
  );
}

export default function Confirm({ actionData }: Route.ComponentProps) {
  return <EmailLinkPage copy={copy} outcome={actionData} />;
}
