import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

/** axe-core's script, put into a page the first time a document is checked. */
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** WCAG 2.1 at levels A and AA: the rules the accessibility suite holds every page to. */
const WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

/** WCAG 2.2 at levels A and AA: 2.1's rules and 2.2's target size (2.5.8), for the sweep (issue 26). */
export const WCAG_22_AA = [...WCAG_21_AA, "wcag22aa"];

/**
 * Runs axe on the page as it is now (every rule, or only those with the given tags) and fails
 * naming each violation: its rule, what it asks for and the elements that break it, and `at`
 * (say, the width) when given. axe-core runs in the page itself, put there once per document:
 * its Playwright wrapper opened a new page to finish every check, which tripled the time of each
 * of the suite's scans (issue 26). The pages have no frames for axe to enter.
 */
export async function expectNoAxeViolations(
  page: Page,
  options: { tags?: string[]; at?: string } = {},
): Promise<void> {
  type WithAxe = { axe?: { run(context: Document, options: RunOptions): Promise<AxeResults> } };
  // Added through the DevTools protocol, as a test tool: the page's script policy does not apply.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (tags) => {
    const axe = (window as WithAxe).axe;
    if (!axe) throw new Error("axe-core is not in the page");
    const runOptions: RunOptions = { resultTypes: ["violations"] };
    if (tags) runOptions.runOnly = { type: "tag", values: tags };
    const results = await axe.run(document, runOptions);
    return results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    );
  }, options.tags);
  expect(violations, options.at ? `axe violations at ${options.at}` : "axe violations").toEqual([]);
}

/**
 * Opens a condition page and waits until React has hydrated its pickers (the form says so with
 * `data-hydrated`): from then on its controls answer as a visitor's would.
 */
export async function gotoHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator("form[data-hydrated]")).toBeAttached();
}

/**
 * Keeps a picture of the page (or one part of it) for a person to look at, only when
 * E2E_SCREENSHOTS names a folder: a full-page picture on every run cost the loaded machine time
 * for nobody to look at (issue 26). `E2E_SCREENSHOTS=.data/pictures npx playwright test e2e/x.spec.ts`.
 */
export async function keepPicture(
  target: Page | Locator,
  fileName: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!picturesWanted() || !folder) return;
  const file = path.join(folder, fileName);
  if ("goto" in target) await target.screenshot({ path: file, ...options });
  else await target.screenshot({ path: file });
}

/** Whether E2E_SCREENSHOTS asks for pictures (a journey may set its page up for one only then). */
export function picturesWanted(): boolean {
  return Boolean(process.env.E2E_SCREENSHOTS);
}
