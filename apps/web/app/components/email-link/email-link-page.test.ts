import { emailLinkMessages } from "@pharmacompare/contract";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { EmailLinkOutcome } from "./email-link-action.ts";
import { type EmailLinkCopy, EmailLinkPage } from "./email-link-page.tsx";

const copy: EmailLinkCopy = {
  title: "Confirm your email address",
  explanation: "Press the button.",
  button: "Confirm my email address",
  pending: "Confirming...",
  doneTitle: "Email address confirmed",
  changeDoneTitle: "Change confirmed",
  failed: "Sorry.",
};

/** The page's server HTML for an outcome, at /confirm?token=…. */
function render(outcome: EmailLinkOutcome) {
  const Stub = createRoutesStub([
    { path: "/confirm", Component: () => createElement(EmailLinkPage, { copy, outcome }) },
  ]);
  return renderToStaticMarkup(createElement(Stub, { initialEntries: [`/confirm?token=${"a".repeat(43)}`] }));
}

const heading = (html: string) => /<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1];

describe("EmailLinkPage once the link was followed", () => {
  it("says a held change was confirmed under its own heading, and a new request under the usual one", () => {
    const change = render({
      status: "done",
      message: emailLinkMessages.alertChangeConfirmed,
      kind: "price-alert",
      change: true,
    });
    expect(heading(change)).toBe("Change confirmed");
    expect(change).toContain(emailLinkMessages.alertChangeConfirmed.replace("'", "&#x27;"));

    const confirmed = render({
      status: "done",
      message: emailLinkMessages.alertConfirmed,
      kind: "price-alert",
    });
    expect(heading(confirmed)).toBe("Email address confirmed");
  });
});
