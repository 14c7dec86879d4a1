import { renderToStaticMarkup } from "react-dom/server";
import { type SafeMarkdownOptions, safeMarkdown } from "./markdown.ts";

/** Markdown as HTML through the one safe renderer, on a server (the blog's pages, newsletters' emails). */
export function markdownHtml(content: string, options?: SafeMarkdownOptions): string {
  return renderToStaticMarkup(safeMarkdown(content, options));
}
