import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { DEFAULT_ADMIN_EMAIL } from "@pharmacompare/contract";
import { expect, type Page, test } from "@playwright/test";
import { consentGiven, stack } from "./stack.ts";

/** The journeys' administrator (scripts/e2e-server.ts starts the app with this ADMIN_PASSWORD). */
export const ADMIN = { email: DEFAULT_ADMIN_EMAIL, password: "e2e-admin-password" } as const;

/** An account's sign-in words: the journeys' administrator, or one a journey made or changed. */
export type Account = { readonly email: string; readonly password: string };

/** Fills the sign-in form as staff do and presses Sign In; where the browser lands is the caller's to check. */
export async function submitSignIn(page: Page, account: Account = ADMIN): Promise<void> {
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Signs in from the sign-in screen and waits for the dashboard, where a sign-in without a second factor lands. */
export async function signIn(page: Page, account: Account = ADMIN): Promise<void> {
  await page.goto("/admin/login");
  await submitSignIn(page, account);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/**
 * Signs the calling spec in once (issue 26): before its first journey, through the sign-in form as
 * a member of staff would, and every journey of the spec then starts in a browser holding that
 * session's cookie (and the cookie choice every journey starts with). A spec whose journeys sign
 * in, out or end sessions (admin, admin-sessions, admin-second-factor) signs in itself instead.
 * Called once at the top of a spec file. The session is kept in the stack's data folder, which the
 * next run's server wipes: the spec's own afterAll hooks may still need it.
 */
export function signedInForThisSpec(): void {
  const file = path.join(stack.dataDir, "journey-sessions", `${randomUUID()}.json`);
  test.use({ storageState: file });
  test.beforeAll(async ({ browser }) => {
    mkdirSync(path.dirname(file), { recursive: true });
    const context = await browser.newContext({ baseURL: stack.webOrigin, storageState: consentGiven });
    const page = await context.newPage();
    await signIn(page);
    await context.storageState({ path: file });
    await context.close();
  });
}

/** Opens the back-office's dashboard, as the spec's signed-in administrator. */
export async function openBackOffice(page: Page): Promise<void> {
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
}
