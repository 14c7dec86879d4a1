import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** WCAG 2.1 at levels A and AA: the rules the accessibility suite holds every page to. */
export const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/**
 * Runs axe on the page as it is now (every rule, or only those with the given tags) and fails
 * naming each violation: its rule, what it asks for and the elements that break it.
 */
export async function expectNoAxeViolations(page: Page, options: { tags?: string[] } = {}): Promise<void> {
  const builder = new AxeBuilder({ page });
  if (options.tags) builder.withTags(options.tags);
  const { violations } = await builder.analyze();
  expect(
    violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    ),
  ).toEqual([]);
}

/**
 * Opens a condition page and waits until React has hydrated its pickers (the form says so with
 * `data-hydrated`): from then on its controls answer as a visitor's would.
 */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator("form[data-hydrated]")).toBeAttached();
}
