import { adminEndpoints, endpointUrl, secondFactorMessages } from "@pharmacompare/contract";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { postSignIn } from "./support/admin-api.ts";
import { ADMIN, signIn, submitSignIn } from "./support/admin-session.ts";
import { expectNoAxeViolations } from "./support/page-checks.ts";
import { API_URL } from "./support/stack.ts";

/**
 * Two-step verification for the default admin, from Profile Settings to sign-in and back off.
 * The journeys that run after this file share its database and sign in with the password
 * alone, so it ends with the factor off again (and its cleanup turns it off if a step failed).
 */
const STEP_MS = 30_000;

/** The code an authenticator app would show for the secret, `steps` periods from now. */
const codeFor = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + steps * STEP_MS });

async function passwordStep(page: Page) {
  await page.goto("/admin/login");
  await submitSignIn(page);
  await expect(page.getByLabel("Authentication code")).toBeFocused();
}

async function signOut(page: Page) {
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
}

/** Turns the factor off through the API with two unused recovery codes, if it is still on. */
async function turnOffThroughApi(request: APIRequestContext, codes: string[]) {
  const login = await postSignIn(request);
  const answer = (await login.json()) as { token?: string; challenge?: string };
  if (!answer.challenge) return;
  const [signInCode, disableCode] = codes.slice(-2);
  const completed = await request.post(`${API_URL}${endpointUrl(adminEndpoints.loginSecondFactor)}`, {
    data: { challenge: answer.challenge, code: signInCode },
  });
  const { token } = (await completed.json()) as { token: string };
  await request.post(`${API_URL}${endpointUrl(adminEndpoints.disableSecondFactor)}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { currentPassword: ADMIN.password, code: disableCode },
  });
}

test("an admin turns on two-step verification, signs in with a code and a recovery code, then turns it off", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  let recoveryCodes: string[] = [];
  try {
    await signIn(page); // the password alone: the factor is off

    // Profile Settings: set up, with the QR code and the key as text.
    await page.goto("/admin/profile");
    const section = page.getByRole("region", { name: "Two-step verification" });
    await expect(section.getByText(/^Two-step verification is off\. Turn it on/)).toBeVisible();
    await section.getByRole("button", { name: "Set up two-step verification" }).click();
    await expect(section.getByRole("heading", { name: /Scan the QR code/ })).toBeFocused();
    await expect(section.getByRole("img", { name: /QR code/ })).toBeVisible();
    const secret = ((await section.getByTestId("totp-secret").textContent()) ?? "").replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoAxeViolations(page);
    }

    // A wrong code is refused beside the field; the right one turns it on and shows the codes once.
    const codeField = section.getByLabel("Authentication code");
    await codeField.fill(codeFor(secret) === "000000" ? "111111" : "000000");
    await section.getByRole("button", { name: "Turn on two-step verification" }).click();
    await expect(section.getByText(secondFactorMessages.codeIncorrect)).toBeVisible();
    await expect(codeField).toBeFocused();
    await codeField.fill(codeFor(secret));
    await section.getByRole("button", { name: "Turn on two-step verification" }).click();
    await expect(section.getByRole("heading", { name: /Save your recovery codes/ })).toBeFocused();
    recoveryCodes = await section
      .getByRole("list", { name: "Recovery codes" })
      .getByRole("listitem")
      .allTextContents();
    expect(recoveryCodes).toHaveLength(10);
    await section.getByRole("button", { name: "I have saved my recovery codes" }).click();
    await expect(section.getByText(/Two-step verification is on .*10 recovery codes left\./)).toBeVisible();

    // Signing in now asks for a code after the password (the next step's code: this one is spent).
    await signOut(page);
    await passwordStep(page);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
    }
    const codeInput = page.getByLabel("Authentication code");
    await expect(codeInput).toHaveAttribute("autocomplete", "one-time-code");
    await expect(codeInput).toHaveAttribute("inputmode", "numeric");
    await codeInput.fill(codeFor(secret, 1));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    // And with a recovery code instead.
    await signOut(page);
    await passwordStep(page);
    await page.getByRole("button", { name: "Use a recovery code instead" }).click();
    const recoveryInput = page.getByLabel("Recovery code");
    await expect(recoveryInput).toBeFocused();
    await recoveryInput.fill(recoveryCodes[0] ?? "");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    // A used recovery code does not work twice.
    await signOut(page);
    await passwordStep(page);
    await page.getByRole("button", { name: "Use a recovery code instead" }).click();
    await page.getByLabel("Recovery code").fill(recoveryCodes[0] ?? "");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: secondFactorMessages.codeIncorrect }),
    ).toBeFocused();
    await page.getByLabel("Recovery code").fill(recoveryCodes[1] ?? "");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    // Turn it off again from Profile Settings, with the password and a recovery code.
    await page.goto("/admin/profile");
    await expect(section.getByText(/8 recovery codes left\./)).toBeVisible();
    await section.getByLabel("Current password").fill(ADMIN.password);
    await section.getByLabel("Authentication or recovery code").fill(recoveryCodes[2] ?? "");
    await section.getByRole("button", { name: "Turn off two-step verification" }).click();
    await expect(section.getByText(secondFactorMessages.disabled, { exact: true })).toBeFocused();
    await expect(section.getByText(/^Two-step verification is off\. Turn it on/)).toBeVisible();

    // The password alone signs in again.
    await signOut(page);
    await signIn(page); // the password alone: the factor is off
  } finally {
    if (recoveryCodes.length > 0) await turnOffThroughApi(request, recoveryCodes);
  }
});
