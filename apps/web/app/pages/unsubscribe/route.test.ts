import { emailLinkMessages } from "@pharmacompare/contract";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { EmailLinkOutcome } from "../../components/email-link/email-link-action.ts";
import Unsubscribe from "./route.tsx";

const token = "a".repeat(43);

/** The page's server HTML once its button was pressed, at /unsubscribe?token=…. */
function render(actionData: EmailLinkOutcome) {
  const Stub = createRoutesStub([
    { path: "/unsubscribe", Component: () => createElement(Unsubscribe, { actionData } as never) },
  ]);
  return renderToStaticMarkup(createElement(Stub, { initialEntries: [`/unsubscribe?token=${token}`] }));
}

describe("the unsubscribe page (decision 041)", () => {
  it("after a price-news link stopped its own kind, offers every email at once and the manage page", () => {
    const html = render({
      status: "done",
      message: emailLinkMessages.kindUnsubscribed.weeklyDigest,
      kind: "subscription",
      stopped: "weeklyDigest",
    });
    expect(html).toContain(emailLinkMessages.kindUnsubscribed.weeklyDigest.replace("'", "&#x27;"));
    expect(html).toContain("Unsubscribe from all emails");
    expect(html).toContain('name="everything" value="true"');
    expect(html).toContain(`href="/manage-emails?token=${token}"`);
  });

  it("offers nothing more once everything has stopped", () => {
    const html = render({
      status: "done",
      message: emailLinkMessages.subscriptionUnsubscribed,
      kind: "subscription",
    });
    expect(html).not.toContain("Unsubscribe from all emails");
  });
});
