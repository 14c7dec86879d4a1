import Markdown, { type Components, type ExtraProps } from "react-markdown";
import remarkGfm from "remark-gfm";
import { safeImageUrl } from "../../lib/blog.ts";
import { isExternalUrl, safeMarkdownUrl } from "../../lib/markdown-urls.ts";

type HastNode = NonNullable<ExtraProps["node"]>;

/** The visible text of a piece of the syntax tree, e.g. a table's header row. */
function textOf(node: HastNode | HastNode["children"][number]): string {
  if (node.type === "text") return node.value;
  if ("children" in node) return node.children.map((child) => textOf(child)).join("");
  return "";
}

function tableLabel(node: HastNode | undefined): string {
  const headers: string[] = [];
  const visit = (current: HastNode) => {
    if (current.tagName === "th") headers.push(textOf(current).trim());
    else for (const child of current.children) if (child.type === "element") visit(child);
  };
  if (node) visit(node);
  const named = headers.filter(Boolean);
  return named.length > 0 ? `Table: ${named.join(", ")}` : "Table";
}

const components: Components = {
  // The article title is the page's only h1: a "# heading" in the body becomes a section heading.
  h1: ({ node: _node, ...props }) => <h2 {...props} />,
  a: ({ node: _node, href, children, ...props }) => {
    // An address the URL rule refused arrives empty: keep the words, drop the link.
    if (!href) return <span>{children}</span>;
    const external = isExternalUrl(href);
    return (
      <a {...props} href={href} rel={external ? "noopener noreferrer" : undefined}>
        {children}
      </a>
    );
  },
  // Same-origin paths only (the CSP blocks other hosts); any other image is replaced by its alt text.
  img: ({ node: _node, src, alt }) => {
    const safe = safeImageUrl(typeof src === "string" ? src : null);
    if (safe) return <img src={safe} alt={alt ?? ""} loading="lazy" decoding="async" />;
    return alt ? <span>{alt}</span> : null;
  },
  // Wide tables scroll inside their own labelled, focusable region instead of stretching the page.
  table: ({ node, children }) => (
    <div className="table-figure">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll the table. */}
      <section aria-label={tableLabel(node)} tabIndex={0} className="table-scroll">
        <table>{children}</table>
      </section>
      {/* Phones only, where the table is wider than the screen; the region's name already says what it is. */}
      <p aria-hidden="true" className="mt-2 text-slate-600 text-sm sm:hidden">
        Swipe sideways to see the whole table.
      </p>
    </div>
  ),
};

/**
 * An article's markdown body as React elements (GitHub-flavoured: tables, lists, strikethrough).
 * Raw HTML in the markdown is dropped, never rendered; links and images pass the URL rule first.
 */
export function MarkdownContent({ content }: { content: string }) {
  return (
    <Markdown remarkPlugins={[remarkGfm]} skipHtml urlTransform={safeMarkdownUrl} components={components}>
      {content}
    </Markdown>
  );
}

/** The body in the article's typography (the back-office's live preview renders it in the browser). */
export function ArticleMarkdown({ content }: { content: string }) {
  return (
    <div className="article-prose">
      <MarkdownContent content={content} />
    </div>
  );
}
