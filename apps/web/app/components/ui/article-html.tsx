/**
 * An article's body as the public article page shows it: HTML the server rendered from
 * MarkdownContent (lib/article-html.server.ts), so a visitor's browser never downloads the markdown
 * parser. Its own module, so the page's bundle does not import the parser alongside it.
 */
export function ArticleHtml({ html }: { html: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: React rendered this HTML on our server from MarkdownContent, which escapes all text and attributes, drops raw HTML and filters URLs.
  return <div className="article-prose" dangerouslySetInnerHTML={{ __html: html }} />;
}
