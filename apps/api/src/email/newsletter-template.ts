import { type Followed, manageBlock, type NewsLinks, whyLine } from "./price-news-templates.ts";
import { type RenderedEmail, render } from "./templates.ts";

/**
 * A staff newsletter (issue 28, decision 041): the subject and the body as staff wrote them, the
 * body's HTML from the one safe markdown renderer, then "Manage my emails" and the line saying why
 * the subscriber receives it. The service refused any subject or body naming a prescription-only
 * medicine before it got here (decision 040).
 */
export function newsletterEmail(
  newsletter: { subject: string; body: string; html: string },
  context: { followed: Followed } | { test: true },
  links: NewsLinks,
): RenderedEmail {
  const test = "test" in context;
  return render(
    test ? `[Test] ${newsletter.subject}` : newsletter.subject,
    [{ kind: "markdown", text: newsletter.body, html: newsletter.html }, manageBlock(links)],
    test
      ? "This is a test of a newsletter, sent to you alone because you asked for one in the back-office."
      : whyLine("promotions", context.followed),
    links,
  );
}
