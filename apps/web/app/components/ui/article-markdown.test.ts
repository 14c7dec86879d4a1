import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ArticleMarkdown } from "./article-markdown.tsx";

function render(content: string): string {
  return renderToStaticMarkup(createElement(ArticleMarkdown, { content }));
}

describe("ArticleMarkdown links", () => {
  it.each([
    ["javascript", "[click](javascript:alert(1))"],
    ["javascript in capitals", "[click](JAVASCRIPT:alert(1))"],
    ["javascript behind an entity", "[click](javascript&#58;alert(1))"],
    ["data", "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
    ["vbscript", "[click](vbscript:msgbox(1))"],
    ["a javascript reference definition", "[click][x]\n\n[x]: javascript:alert(1)"],
    ["a javascript autolink", "<javascript:alert(1)>"],
  ])("drops a %s link but keeps its words", (_name, markdown) => {
    const html = render(markdown);
    expect(html).not.toContain("<a");
    expect(html).not.toContain("href");
    expect(html).toMatch(/click|javascript:alert/);
  });

  it.each([
    ["https://www.pharmacyregulation.org", true],
    ["http://example.org/page", true],
    ["mailto:help@example.org", false],
    ["irc://irc.example.org/pharmacy", false],
    ["ircs://irc.example.org/pharmacy", false],
    ["xmpp:team@example.org", false],
    ["/condition/hair-loss", false],
    ["#the-bottom-line", false],
  ])("keeps %s", (url, external) => {
    const html = render(`[link](${url})`);
    expect(html).toContain(`href="${url}"`);
    expect(html.includes('rel="noopener noreferrer"')).toBe(external);
  });

  it("drops images with a refused address", () => {
    expect(render("![x](javascript:alert(1))")).not.toContain("<img");
  });

  it("keeps same-origin images and replaces other hosts' images with their alt text", () => {
    expect(render("![Pen](/images/blog/pen.jpg)")).toContain('<img src="/images/blog/pen.jpg" alt="Pen"');
    for (const src of ["https://cdn.example.org/pen.jpg", "//cdn.example.org/pen.jpg"]) {
      const html = render(`![An injection pen](${src})`);
      expect(html).not.toContain("<img");
      expect(html).toContain("An injection pen");
    }
    expect(render("![](https://cdn.example.org/pen.jpg)")).not.toContain("<img");
  });
});

describe("ArticleMarkdown raw HTML", () => {
  it("never renders HTML written in the markdown", () => {
    const html = render(
      'Before <script>alert(1)</script> after\n\n<div onclick="alert(1)">block</div>\n\n<img src=x onerror=alert(1)>',
    );
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<div onclick");
    expect(html).not.toContain("onerror");
    expect(html).not.toContain("<img");
    expect(html).toContain("Before");
  });
});

describe("ArticleMarkdown structure", () => {
  it("renders headings, lists and tables, the table in a labelled, focusable scroll region", () => {
    const html = render(
      [
        "# Top",
        "## Section",
        "- one\n- **two**",
        "1. first\n2. second",
        "| Feature | Wegovy | Mounjaro |\n| --- | --- | --- |\n| Dose | Weekly | Weekly |",
      ].join("\n\n"),
    );
    // The page title is the only h1: a body "# heading" is demoted.
    expect(html).not.toContain("<h1");
    expect(html).toContain("<h2>Top</h2>");
    expect(html).toContain("<h2>Section</h2>");
    expect(html).toContain("<li><strong>two</strong></li>");
    expect(html).toContain("<ol>");
    expect(html).toContain(
      '<section aria-label="Table: Feature, Wegovy, Mounjaro" tabindex="0" class="table-scroll"><table>',
    );
    expect(html).toContain("<th>Mounjaro</th>");
  });
});
