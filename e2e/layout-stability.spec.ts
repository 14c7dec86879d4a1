import { expect, type Page, test } from "@playwright/test";
import { demoBlogPosts } from "../apps/api/src/demo-data/index.ts";

/*
 * Page budget (issue 14): the home, condition and article pages hold still while they load,
 * hydrate and fetch what they fetch after hydration. The browser reports no layout shift at all
 * (CLS 0) on a phone and on a desktop.
 */

const article = demoBlogPosts[0];
if (!article) throw new Error("the demo data has no blog post");
const paths = ["/", "/condition/erectile-dysfunction", `/blog/${article.slug}`];

interface Shift {
  value: number;
  sources: string[];
}

/** Every layout shift the page reports from its first byte, with the elements that moved. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        // Which element moved, and from where to where (x,y w×h), so a failure says what to fix.
        const rect = (r: DOMRectReadOnly) => `${r.x},${r.y} ${r.width}×${r.height}`;
        const sources = (entry.sources ?? []).map((source) => {
          const node = source.node;
          const name =
            node instanceof Element
              ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}.${[...node.classList].slice(0, 3).join(".")}`
              : (node?.nodeName ?? "?");
          return `${name} ${rect(source.previousRect)} → ${rect(source.currentRect)}`;
        });
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 600 ? 812 : 800 } });

    for (const path of paths) {
      test(`${path} does not shift while it loads and hydrates`, async ({ page }) => {
        await recordShifts(page);
        await page.goto(path);
        // Hydrated, and whatever the page fetches afterwards has arrived and been drawn.
        await page.waitForLoadState("networkidle");
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
        expect(shifts).toEqual([]);
      });
    }

    // The price history loads only when it nears the screen, above the price alert form: a visitor
    // scrolled to the form must not see it move (a move between a press and its release loses the
    // click: visitor-writes' consent box in CI run 7).
    test("the price alert form holds still while the price history above it loads", async ({ page }) => {
      await recordShifts(page);
      await page.goto("/condition/erectile-dysfunction?medication=Viagra");
      await page.waitForLoadState("networkidle");
      await page.getByRole("form", { name: "Set a price alert" }).scrollIntoViewIfNeeded();
      await expect(page.getByRole("button", { name: "Show as table" })).toBeVisible();
      await page.waitForLoadState("networkidle");
      await page.evaluate(
        () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
      );
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
      expect(shifts).toEqual([]);
    });
  });
}
