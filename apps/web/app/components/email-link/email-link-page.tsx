import { emailLinkMessages, SUPPORT_EMAIL } from "@pharmacompare/contract";
import { type ReactNode, useEffect, useRef } from "react";
import { Form, useNavigation, useSearchParams } from "react-router";
import { BackToHome } from "../ui/back-to-home.tsx";
import type { EmailLinkOutcome } from "./email-link-action.ts";

export interface EmailLinkCopy {
  /** The page's heading before the button is pressed. */
  title: string;
  /** What pressing the button does. */
  explanation: string;
  button: string;
  /** The button while the request runs. */
  pending: string;
  /** The heading once done (the API's message follows it). */
  doneTitle: string;
  /** The heading once a held change is confirmed (decision 031), if it differs. */
  changeDoneTitle?: string;
  /** When nothing answered or the server failed. */
  failed: string;
}

/**
 * Robots and referrers: a page whose address holds a secret is never indexed, and its address
 * never leaves the site in a Referer ("same-origin", not "no-referrer": that would send the form's
 * POST with `Origin: null`, which the router refuses as a cross-site action).
 */
export function emailLinkMeta(title: string) {
  return [
    { title: `${title} | PharmaCompare` },
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "same-origin" },
  ];
}

/**
 * The page an email's link opens (/confirm, /unsubscribe). Opening it changes nothing: mail
 * scanners follow links in emails, so the page explains and offers one button, a POST form that
 * works without JavaScript. The answer replaces the button.
 */
export function EmailLinkPage({
  copy,
  outcome,
  afterDone,
}: {
  copy: EmailLinkCopy;
  outcome: EmailLinkOutcome | undefined;
  /** What the page offers next once the link was followed (the unsubscribe page's "everything"). */
  afterDone?: (token: string) => ReactNode;
}) {
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const heading = useRef<HTMLHeadingElement>(null);

  // The answer takes focus to the heading, so it is read out from the top.
  useEffect(() => {
    if (outcome) heading.current?.focus();
  }, [outcome]);

  const unknown = outcome?.status === "unknown" || (outcome === undefined && token === "");
  const done = outcome?.status === "done" ? outcome : undefined;
  const doneTitle = done?.change && copy.changeDoneTitle ? copy.changeDoneTitle : copy.doneTitle;
  const title = done ? doneTitle : unknown ? "We can't use this link" : copy.title;

  return (
    <section className="page-container flex max-w-2xl flex-col items-center py-16 text-center sm:py-24">
      <h1
        ref={heading}
        tabIndex={-1}
        className="font-bold text-3xl text-slate-900 tracking-tight focus:outline-none sm:text-4xl"
      >
        {title}
      </h1>
      <div className="mt-4 max-w-xl space-y-4 text-base text-slate-700 leading-7">
        {done ? (
          <>
            <p role="status">{done.message}</p>
            {afterDone?.(token)}
          </>
        ) : unknown ? (
          <>
            <p>{emailLinkMessages.unknownLink}</p>
            <p>
              If you need help, email us at{" "}
              <a
                href={`mailto:${SUPPORT_EMAIL}`}
                className="rounded-sm font-semibold text-brand-800 underline underline-offset-2"
              >
                {SUPPORT_EMAIL}
              </a>
              .
            </p>
          </>
        ) : (
          <>
            <p>{copy.explanation}</p>
            {outcome?.status === "failed" ? (
              <p
                role="alert"
                className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-900 text-sm"
              >
                {copy.failed}
              </p>
            ) : null}
            <Form method="post" className="pt-2">
              <input type="hidden" name="token" value={token} />
              {/* aria-disabled, not disabled: the pressed button keeps focus while the request runs. */}
              <button
                type="submit"
                aria-disabled={pending}
                onClick={(event) => {
                  if (pending) event.preventDefault();
                }}
                className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 aria-disabled:cursor-wait aria-disabled:opacity-70"
              >
                {pending ? copy.pending : copy.button}
              </button>
            </Form>
          </>
        )}
      </div>
      <div className="mt-10">
        <BackToHome />
      </div>
    </section>
  );
}
