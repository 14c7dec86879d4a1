import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ToastRegion } from "./toast.tsx";

describe("ToastRegion", () => {
  const render = (texts: string[]) =>
    renderToStaticMarkup(
      createElement(ToastRegion, {
        toasts: texts.map((text, index) => ({ id: index + 1, text, tone: "success" as const })),
        onDismiss: () => undefined,
      }),
    );

  it("is a polite live region that is there before anything is said", () => {
    const html = render([]);
    expect(html).toMatch(/^<div role="status" aria-live="polite" aria-atomic="false"[^>]*><\/div>$/);
  });

  it("reads each notice on its own, each with a named Dismiss button", () => {
    const html = render(["Contact deleted", "Price updated"]);
    expect(html.match(/<p[^>]*>([^<]*)<\/p>/g)?.map((p) => p.replace(/<[^>]+>/g, ""))).toEqual([
      "Contact deleted",
      "Price updated",
    ]);
    expect(html.match(/<span class="sr-only">Dismiss notice<\/span><\/button>/g)).toHaveLength(2);
  });
});
