import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { PostMedia } from "./post-media.tsx";

function render(props: Parameters<typeof PostMedia>[0]): string {
  return renderToStaticMarkup(createElement(PostMedia, props));
}

describe("PostMedia", () => {
  it("shows a placeholder naming the category when the post has no image", () => {
    const html = render({ image: null, category: "Weight Loss" });
    expect(html).toContain('data-testid="post-placeholder"');
    expect(html).toContain("Weight Loss");
    expect(html).not.toContain("<img");
  });

  it("shows the category's placeholder for the generic default image", () => {
    const html = render({ image: "/images/blog-placeholder.jpg", category: "Hair Loss" });
    expect(html).toContain('data-testid="post-placeholder"');
    expect(html).not.toContain("<img");
  });

  it("shows nothing without an image where the page asks for no placeholder", () => {
    expect(render({ image: null, category: "Weight Loss", placeholderWhenMissing: false })).toBe("");
  });

  it("loads a safe image as decoration, with the category over it", () => {
    const html = render({ image: "/images/blog/pen.jpg", category: "Money Saving" });
    expect(html).toContain('src="/images/blog/pen.jpg"');
    expect(html).toContain('alt=""');
    expect(html).toContain("Money Saving");
    expect(html).not.toContain("post-placeholder");
  });

  it("never loads an image from a refused address: the placeholder stands in", () => {
    const html = render({ image: "javascript:alert(1)", category: "Hair Loss" });
    expect(html).not.toContain("<img");
    expect(html).toContain('data-testid="post-placeholder"');
  });

  it("shows the placeholder for an image on another host, which the CSP would block", () => {
    const html = render({ image: "https://cdn.example.org/pen.jpg", category: "Hair Loss" });
    expect(html).not.toContain("<img");
    expect(html).toContain('data-testid="post-placeholder"');
  });
});
