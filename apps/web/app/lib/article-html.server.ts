import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MarkdownContent } from "../components/ui/article-markdown.tsx";

/**
 * An article's markdown body as HTML, rendered on the server by the same component the
 * back-office's preview uses (React escapes every text and attribute; raw HTML in the markdown is
 * dropped; links and images pass the URL rule). The public page shows it with `ArticleHtml`, so
 * the markdown parser (≈ 48 KB gzip) stays out of visitors' JavaScript (page budget, issue 14).
 */
export function articleHtml(content: string): string {
  return renderToStaticMarkup(createElement(MarkdownContent, { content }));
}
