import { adminEndpoints, PASSWORD_CHANGE_REQUIRED_MESSAGE } from "@pharmacompare/contract";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { firstPasswordAccount } from "./fixtures/accounts.ts";
import { apiAddress, postSignIn } from "./support/admin-api.ts";
import { type Account, ADMIN, signIn, submitSignIn } from "./support/admin-session.ts";

/**
 * Profile Settings' prompts to change a password go once it is changed (issue 41): the default
 * account's "change it now" notice, and the must-change state of an account on its first password.
 * Each journey changes a password and puts it back through the API (a change ends the account's
 * other sessions, so this spec signs in itself and no other spec shares its sessions).
 */
const CHANGED = "e2e-prompt-changed-4";

async function putBack(request: APIRequestContext, account: Account) {
  // On a loaded machine the change may still be hashing when a failed journey gets here: the
  // changed password is tried three times, 6 s apart, rather than the account left on it for
  // later specs (three refusals stay under the sign-in throttle's five, decision 019).
  let token: string | null = null;
  for (let attempt = 0; attempt < 3 && !token; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 6_000));
    const answer = await postSignIn(request, { email: account.email, password: CHANGED });
    if (answer.ok()) token = ((await answer.json()) as { token: string }).token;
  }
  if (!token) return;
  const back = await request.post(apiAddress(adminEndpoints.changePassword), {
    headers: { authorization: `Bearer ${token}` },
    data: { currentPassword: CHANGED, newPassword: account.password, confirmPassword: account.password },
  });
  expect(back.ok()).toBe(true);
}

async function changePassword(page: Page, from: string) {
  await page.getByLabel("Current password").fill(from);
  await page.getByLabel("New password", { exact: true }).fill(CHANGED);
  await page.getByLabel("Confirm new password").fill(CHANGED);
  await page.getByRole("button", { name: "Change Password" }).click();
  // Hashing the new password takes seconds on a loaded machine.
  await expect(page.getByRole("status").filter({ hasText: "Password changed successfully" })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByLabel("Current password")).toHaveValue("");
}

test("the default account's notice asks to change it now, and not once it was changed", async ({
  page,
  request,
}) => {
  // Two password changes (a hash each) and a sign-in on a shared, loaded machine.
  test.setTimeout(90_000);
  try {
    await signIn(page, ADMIN);
    await page.goto("/admin/profile");
    const prompt = page.getByText("change it now");
    await expect(prompt).toBeVisible();

    await changePassword(page, ADMIN.password);
    // The field is empty again, as back-office §2's rule has it, but the password is not the installed one.
    await expect(page.getByText("Important Security Notice")).toBeHidden();
    await expect(prompt).toBeHidden();

    // Still gone after leaving the screen and coming back in the same session.
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Dashboard" }).click();
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await page
      .getByRole("navigation", { name: "Admin" })
      .getByRole("link", { name: "Profile Settings" })
      .click();
    await expect(page.getByRole("heading", { name: "Profile Settings", level: 1 })).toBeVisible();
    await expect(prompt).toBeHidden();
  } finally {
    await putBack(request, ADMIN);
  }
});

test("an account on its first password is held to its profile until it changes it, then the back-office opens", async ({
  page,
  request,
}) => {
  // Two password changes (a hash each) and a sign-in on a shared, loaded machine.
  test.setTimeout(90_000);
  try {
    await page.goto("/admin/login");
    await submitSignIn(page, firstPasswordAccount);
    await expect(page).toHaveURL(/\/admin\/profile$/);
    const held = page.getByRole("alert").filter({ hasText: PASSWORD_CHANGE_REQUIRED_MESSAGE });
    await expect(held).toBeVisible();

    await changePassword(page, firstPasswordAccount.password);
    await expect(held).toBeHidden();
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  } finally {
    // Back on its first password; the must-change state stays cleared, so a rerun on the same
    // database (not the journeys' way: each run starts fresh) would find it open.
    await putBack(request, firstPasswordAccount);
  }
});
