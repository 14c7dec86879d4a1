import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ConfirmDialog } from "./confirm-dialog.tsx";

/**
 * The dialog's behaviour in a browser (focus trapped, Escape cancels, focus back to the opener)
 * comes from the shared modal on the native <dialog>; here, what it says and how it is labelled.
 */
function render(props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const html = renderToStaticMarkup(
    createElement(ConfirmDialog, {
      open: true,
      title: "Delete contact",
      message: "Are you sure you want to delete this contact?",
      confirmLabel: "Delete",
      busyLabel: "Deleting...",
      onConfirm: () => undefined,
      onCancel: () => undefined,
      ...props,
    }),
  );
  const dialog = new Markup(html);
  return { html, dialog };
}

/** Just enough reading of the markup for these checks, without a DOM library. */
class Markup {
  readonly html: string;
  constructor(html: string) {
    this.html = html;
  }
  attribute(tag: string, name: string): string | undefined {
    const element = this.html.match(new RegExp(`<${tag}\\b[^>]*>`))?.[0];
    return element?.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
  }
  textOf(id: string): string | undefined {
    const match = this.html.match(new RegExp(`id="${id}"[^>]*>(.*?)</`));
    return match?.[1];
  }
  buttons(): string[] {
    return [...this.html.matchAll(/<button\b([^>]*)>(.*?)<\/button>/g)].map(([, attributes, content]) => {
      const text = (content ?? "").replace(/<[^>]+>/g, "");
      return attributes?.includes('aria-disabled="true"') ? `${text} (unavailable)` : text;
    });
  }
}

describe("ConfirmDialog", () => {
  it("is a modal alert dialog named by its title and described by its question", () => {
    const { dialog } = render();
    expect(dialog.attribute("dialog", "role")).toBe("alertdialog");
    expect(dialog.attribute("dialog", "aria-modal")).toBe("true");
    const labelledBy = dialog.attribute("dialog", "aria-labelledby") ?? "";
    const describedBy = dialog.attribute("dialog", "aria-describedby") ?? "";
    expect(dialog.textOf(labelledBy)).toBe("Delete contact");
    expect(dialog.textOf(describedBy)).toBe("Are you sure you want to delete this contact?");
  });

  it("offers Close, then Cancel before the action (so Cancel takes focus first)", () => {
    expect(render().dialog.buttons()).toEqual(["Close", "Cancel", "Delete"]);
  });

  it("marks the action unavailable while it runs", () => {
    expect(render({ busy: true }).dialog.buttons()).toEqual(["Close", "Cancel", "Deleting... (unavailable)"]);
  });

  it("shows why the action failed as an alert inside the dialog", () => {
    const { html } = render({ error: "Failed to delete contact" });
    expect(html).toMatch(/<p[^>]*role="alert"[^>]*>Failed to delete contact<\/p>/);
  });

  it("renders nothing inside while closed", () => {
    const { html, dialog } = render({ open: false });
    expect(html).not.toContain("Are you sure");
    expect(dialog.attribute("dialog", "aria-describedby")).toBeUndefined();
  });
});
