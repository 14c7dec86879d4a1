import { type PresentationComponents, safeMarkdown } from "@pharmacompare/safe-markdown";
import type { ExtraProps } from "react-markdown";

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

/** How an article dresses the safe renderer's output; links and images are the renderer's own. */
const components: PresentationComponents = {
  // The article title is the page's only h1: a "# heading" in the body becomes a section heading.
  h1: ({ node: _node, ...props }) => <h2 {...props} />,
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
 * An article's markdown body as React elements, through the one safe renderer
 * (`@pharmacompare/safe-markdown`, decision 041: GitHub-flavoured, raw HTML dropped, links and
 * images past the URL rule), which staff newsletters use too.
 */
export function MarkdownContent({ content }: { content: string }) {
  return safeMarkdown(content, { components });
}

/** The body in the article's typography (the back-office's live preview renders it in the browser). */
export function ArticleMarkdown({ content }: { content: string }) {
  return (
    <div className="article-prose">
      <MarkdownContent content={content} />
    </div>
  );
}
