import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { DEFAULT_ADMIN_EMAIL } from "@pharmacompare/contract";
import { expect, type Page, test } from "@playwright/test";
import { consentGiven, stack } from "./stack.ts";

/** The journeys' administrator (scripts/e2e-server.ts starts the app with this ADMIN_PASSWORD). */
export const ADMIN = { email: DEFAULT_ADMIN_EMAIL, password: "e2e-admin-password" } as const;

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
    await page.goto("/admin/login");
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await context.storageState({ path: file });
    await context.close();
  });
}

/** Opens the back-office's dashboard, as the spec's signed-in administrator. */
export async function openBackOffice(page: Page): Promise<void> {
  await page.goto("/admin/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
}
