import { createElement, type ReactElement } from "react";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { safeImageUrl } from "./image-url.ts";
import { isExternalUrl, safeMarkdownUrl } from "./urls.ts";

/**
 * The one safe markdown renderer (decision 041): blog articles in the web (the page and the
 * back-office preview) and staff newsletters in the API (their preview and their emails) go
 * through it. GitHub-flavoured markdown; raw HTML is dropped, never rendered; every link and image
 * address passes the URL rule; images come from the site only; links that leave the site open
 * without handing the window over. React escapes every text and attribute.
 */

/** How a surface dresses the elements (headings, tables); links and images stay the renderer's own. */
export type PresentationComponents = Omit<Components, "a" | "img">;

export interface SafeMarkdownOptions {
  components?: PresentationComponents;
  /**
   * The site's address, for surfaces read off the site (emails): the site's own paths
   * ("/condition/…", "/images/…") become whole addresses on it.
   */
  siteUrl?: string;
}

export function safeMarkdown(content: string, options: SafeMarkdownOptions = {}): ReactElement {
  const { siteUrl } = options;
  const onSite = (path: string) => (siteUrl && /^\/(?![/\\])/.test(path) ? `${siteUrl}${path}` : path);
  const components: Components = {
    ...options.components,
    a: ({ node: _node, href, children, ...props }) => {
      // An address the URL rule refused arrives empty: keep the words, drop the link.
      if (!href) return createElement("span", null, children);
      const rel = isExternalUrl(href) ? "noopener noreferrer" : undefined;
      return createElement("a", { ...props, href: onSite(href), rel }, children);
    },
    // Same-origin paths only (the CSP blocks other hosts); any other image is replaced by its alt text.
    img: ({ node: _node, src, alt }) => {
      const safe = safeImageUrl(typeof src === "string" ? src : null);
      if (safe)
        return createElement("img", {
          src: onSite(safe),
          alt: alt ?? "",
          loading: "lazy",
          decoding: "async",
        });
      return alt ? createElement("span", null, alt) : null;
    },
  };
  return createElement(
    Markdown,
    { remarkPlugins: [remarkGfm], skipHtml: true, urlTransform: safeMarkdownUrl, components },
    content,
  );
}
