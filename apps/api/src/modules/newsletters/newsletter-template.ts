import { type RenderedEmail, render } from "../../email/templates.ts";
import { type Followed, manageBlock, type NewsLinks, whyLine } from "../subscriptions/index.ts";

/**
 * A staff newsletter (issue 28, decision 041): the subject as staff wrote it, the body's HTML and
 * plain text from the one safe markdown renderer (`markdownHtml`, `markdownText`: the text part
 * reads as text, not as markdown, issue 41), then "Manage my emails" and the line saying why the
 * subscriber receives it. The service refused any subject or body naming a prescription-only
 * medicine before it got here (decision 040).
 */
export function newsletterEmail(
  newsletter: { subject: string; html: string; text: string },
  context: { followed: Followed } | { test: true },
  links: NewsLinks,
): RenderedEmail {
  const test = "test" in context;
  return render(
    test ? `[Test] ${newsletter.subject}` : newsletter.subject,
    [{ kind: "markdown", text: newsletter.text, html: newsletter.html }, manageBlock(links)],
    test
      ? "This is a test of a newsletter, sent to you alone because you asked for one in the back-office."
      : whyLine("promotions", context.followed),
    links,
  );
}
