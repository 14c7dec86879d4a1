import type { Locator, Page } from "@playwright/test";

/**
 * One pharmacy's row of the comparison table: the row whose name links to that pharmacy's page.
 * Matching the row's text would also find other rows, whose "Compare" link names the pharmacy it
 * pairs them with (decision 042).
 */
export function comparisonRow(page: Page, pharmacyName: string): Locator {
  return page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: pharmacyName, exact: true }) });
}
