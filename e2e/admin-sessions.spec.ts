import { passwordChangeMessages } from "@pharmacompare/contract";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { ADMIN, submitSignIn } from "./support/admin-session.ts";
import { expectNoAxeViolations, WCAG_22_AA } from "./support/page-checks.ts";

/**
 * An administrator's sessions on Profile Settings (issue 12): two browsers signed in as the same
 * account, one ends the other, which is then sent to sign in; and a common password is refused
 * with the message beside the field.
 */

async function signedIn(browser: Browser, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto("/admin/login");
  await submitSignIn(page);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  return page;
}

test("an admin sees where they are signed in and ends another session, which must sign in again", async ({
  browser,
}) => {
  const other = await signedIn(browser);
  const here = await signedIn(browser);
  await here.goto("/admin/profile");

  const sessions = here.getByRole("list", { name: "Signed-in sessions" });
  const current = sessions.getByRole("listitem").filter({ hasText: "This browser" });
  await expect(current).toHaveCount(1);
  // The browser and system read from the User-Agent (the journeys' Chromium says Chrome on Windows).
  await expect(current).toContainText("Chrome on Windows");
  // en-GB date and time, e.g. "23/11/2026, 09:12".
  await expect(current).toContainText(/Signed in \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
  await expect(current.getByRole("button")).toHaveCount(0);

  // The newest other session is the other browser's (signed in just before this one).
  const endButtons = sessions.getByRole("button", { name: /^End session/ });
  expect(await endButtons.count()).toBeGreaterThanOrEqual(1);
  await endButtons.first().click();
  await expect(here.getByText("Session ended")).toBeFocused();
  await expect(sessions.getByRole("listitem").filter({ hasText: "This browser" })).toHaveCount(1);

  // The other browser's next step finds its session gone.
  await other.goto("/admin/medications");
  await expect(other).toHaveURL(/\/admin\/login/);

  // Sign out everywhere else leaves only this browser.
  const third = await signedIn(browser);
  await here.reload();
  await here.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(here.getByText(/^Signed out \d+ other sessions?$/)).toBeFocused();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  await expect(here.getByRole("button", { name: "Sign out everywhere else" })).toHaveCount(0);
  await third.goto("/admin/pharmacies");
  await expect(third).toHaveURL(/\/admin\/login/);

  await Promise.all([other.context().close(), third.context().close(), here.context().close()]);
});

test("a common password is refused beside the new-password field, at 375 px too", async ({ browser }) => {
  const page = await signedIn(browser, { width: 375, height: 812 });
  await page.goto("/admin/profile");
  await page.getByLabel("Current password").fill(ADMIN.password);
  await page.getByLabel("New password", { exact: true }).fill("Password123");
  await page.getByLabel("Confirm new password").fill("Password123");
  await page.getByRole("button", { name: "Change Password" }).click();

  const newPassword = page.getByLabel("New password", { exact: true });
  await expect(newPassword).toBeFocused();
  await expect(newPassword).toHaveAccessibleDescription(
    new RegExp(passwordChangeMessages.tooCommon.replace(".", "\\.")),
  );
  await expect(page.getByText("Signed-in sessions")).toBeVisible();
  await expectNoAxeViolations(page, { tags: WCAG_22_AA });

  // Nothing changed: the password still signs in.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
  await submitSignIn(page);
  await expect(page).toHaveURL(/\/admin\/dashboard/);
  await page.context().close();
});
