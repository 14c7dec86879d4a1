import { Children, createElement, Fragment, isValidElement, type ReactElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import Markdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { safeMarkdownUrl } from "./urls.ts";

/**
 * Markdown as plain text through the one safe renderer (decision 041): the text part of a
 * newsletter email, which showed the markdown as written ("**", "## ", "[words](/path)", issue 41).
 * The same parser, the same URL rule and the same site addresses as the HTML: every element becomes
 * its words, with line breaks where the HTML has blocks; a link is its words then its address in
 * brackets; an image its alt text; a level 1 or 2 heading is in capitals, the way plain-text mail
 * marks a title. React renders no tag here, only escaped text, which is unescaped at the end.
 */
export function markdownText(content: string, options: { siteUrl?: string } = {}): string {
  const { siteUrl } = options;
  const onSite = (path: string) => (siteUrl && /^\/(?![/\\])/.test(path) ? `${siteUrl}${path}` : path);
  const text = (...parts: ReactNode[]) => createElement(Fragment, null, ...parts);
  // The elements of a list or a row, without the line breaks between them in the source.
  const items = (children: ReactNode, each: (item: ReactElement, index: number) => ReactNode[]) =>
    Children.toArray(children)
      .filter(isValidElement)
      .map((item, index) => createElement(Fragment, { key: item.key ?? index }, ...each(item, index)));
  const block = ({ children }: { children?: ReactNode }) => text("\n\n", children, "\n\n");
  const title = ({ children }: { children?: ReactNode }) => text("\n\n", upperCase(children), "\n\n");
  const components: Components = {
    p: block,
    div: block,
    blockquote: block,
    pre: block,
    h1: title,
    h2: title,
    h3: block,
    h4: block,
    h5: block,
    h6: block,
    strong: ({ children }) => text(children),
    em: ({ children }) => text(children),
    del: ({ children }) => text(children),
    code: ({ children }) => text(children),
    br: () => text("\n"),
    hr: () => text("\n\n"),
    ul: ({ children }) =>
      text(
        "\n\n",
        items(children, (item) => [item]),
        "\n\n",
      ),
    ol: ({ children, start }) => {
      const first = typeof start === "number" ? start : 1;
      return text(
        "\n\n",
        items(children, (item, index) => [`${first + index}. `, item]),
        "\n\n",
      );
    },
    li: ({ children, node }) => {
      // An ordered list numbers its items itself; a bulleted item gets its dash here.
      const ordered = node?.position && listItemIsOrdered(content, node.position.start.offset);
      return text(ordered ? "" : "- ", children, "\n");
    },
    input: () => text(""),
    table: block,
    thead: ({ children }) => text(children),
    tbody: ({ children }) => text(children),
    tr: ({ children }) =>
      text(
        items(children, (cell, index) => [index > 0 ? " | " : "", cell]),
        "\n",
      ),
    th: ({ children }) => text(children),
    td: ({ children }) => text(children),
    a: ({ href, children }) => {
      if (!href) return text(children);
      const address = onSite(href);
      const words = plain(children);
      return words.trim() === address ? text(address) : text(children, ` (${address})`);
    },
    img: ({ alt }) => text(alt ?? ""),
  };
  const rendered = renderToStaticMarkup(
    createElement(
      Markdown,
      { remarkPlugins: [remarkGfm], skipHtml: true, urlTransform: safeMarkdownUrl, components },
      content,
    ),
  );
  return unescapeHtml(rendered)
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** Whether the list item starting at `offset` of the source is numbered ("1." or "1)"). */
function listItemIsOrdered(source: string, offset: number | undefined): boolean {
  return offset !== undefined && /^\d+[.)]/.test(source.slice(offset));
}

/** The words of some React children, for comparing a link's words with its address. */
function plain(children: ReactNode): string {
  return unescapeHtml(renderToStaticMarkup(createElement(Fragment, null, children)));
}

function upperCase(children: ReactNode): string {
  return plain(children).toLocaleUpperCase("en-GB");
}

const ENTITIES: Record<string, string> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#x27;": "'",
};

/** React escapes these five in text; nothing else reaches the output. */
function unescapeHtml(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity] ?? entity);
}
