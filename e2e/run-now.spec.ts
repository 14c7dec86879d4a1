import { type AuditPage, adminEndpoints, endpointUrl } from "@pharmacompare/contract";
import { expect, test } from "@playwright/test";
import { adminHeaders } from "./support/admin-api.ts";
import { openBackOffice, signedInForThisSpec } from "./support/admin-session.ts";
import { expectNoAxeViolations } from "./support/page-checks.ts";
import { API_URL } from "./support/stack.ts";

/**
 * Run now from the back-office (issue 41): staff run the day's price drops from the Newsletters
 * screen, confirm in a dialog, and read what the run did; the run is in the audit log. Sending
 * itself, once per subscriber and day, is apps/api/test/run-now.test.ts's (over SMTP); the Feeds
 * screen's run now is e2e/feeds.spec.ts's.
 */
signedInForThisSpec();

test("price drops run now from Newsletters: a confirmation, then the result, audited", async ({
  page,
  request,
}) => {
  await openBackOffice(page);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Newsletters" }).click();
  await expect(page.getByRole("heading", { name: "Newsletters", level: 1 })).toBeVisible();
  const panel = page.getByRole("region", { name: "Price news" });

  // Cancel runs nothing.
  await panel.getByRole("button", { name: "Run price drops now" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Run price drops now?" });
  await expect(dialog).toContainText("Anyone already sent today's price drops gets nothing more.");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole("button", { name: "Run price drops now" })).toBeFocused();
  await expect(panel.getByRole("status")).toHaveText("");

  await panel.getByRole("button", { name: "Run price drops now" }).click();
  await dialog.getByRole("button", { name: "Run now" }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole("status")).toHaveText(/^Price drops: /);

  // Who ran it and what it did are in the audit log (a job_run entry).
  const answer = await request.get(
    `${API_URL}${endpointUrl(adminEndpoints.listAuditEntries, { query: { entityType: "job_run", limit: 5 } })}`,
    { headers: await adminHeaders(request) },
  );
  const { entries } = (await answer.json()) as AuditPage;
  expect(entries[0]).toMatchObject({
    action: "create",
    changes: { job: "priceDrops", outcome: "succeeded" },
  });

  // The digest asks the same way.
  await panel.getByRole("button", { name: "Run the weekly digest now" }).click();
  const digest = page.getByRole("alertdialog", { name: "Run the weekly digest now?" });
  await digest.getByRole("button", { name: "Run now" }).click();
  await expect(panel.getByRole("status")).toHaveText(/^Weekly digest: \d+ emails? queued/);
});
