import {
  AUDIT_ACTIONS,
  AUDIT_ENTITY_TYPES,
  AUDIT_PAGE_LIMITS,
  adminEndpoints,
  endpointUrl,
  formatCount,
} from "@pharmacompare/contract";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import {
  buildDemoPrices,
  demoCategories,
  demoMedications,
  demoPharmacies,
} from "../apps/api/src/demo-data/index.ts";
import { adminMenu, adminScreens } from "../apps/web/app/admin/kit/admin-screens.ts";
import { humanise } from "../apps/web/app/admin/kit/audit-format.ts";
import { passwordChangeAccount } from "./fixtures/accounts.ts";
import { edgeCases } from "./fixtures/edge-cases.ts";
import { adminToken, apiAddress, postSignIn } from "./support/admin-api.ts";
import { ADMIN, signIn, submitSignIn } from "./support/admin-session.ts";
import { expectNoAxeViolations } from "./support/page-checks.ts";
import { API_URL } from "./support/stack.ts";

/**
 * Back-office journeys. They share one database and run in file order, so the password change
 * restores the e2e password before it ends (and in its cleanup if it fails half-way).
 */
/** The password-change journey's own account (e2e/fixtures/accounts.ts), changed to this and back. */
const OWN = passwordChangeAccount;
const NEW_PASSWORD = "e2e-changed-password-2";
const SESSION_COOKIE = "pc_admin_session";

/** The back-office session cookie the API set in this browser (decision 028), or null. */
async function sessionCookie(page: Page) {
  const cookies = await page.context().cookies(API_URL);
  return cookies.find((cookie) => cookie.name === SESSION_COOKIE) ?? null;
}

/** The journey's account back on its own password through the API, should the journey stop half-way. */
async function restorePassword(request: APIRequestContext) {
  const attempt = await postSignIn(request, { email: OWN.email, password: NEW_PASSWORD });
  if (!attempt.ok()) return;
  const { token } = (await attempt.json()) as { token: string };
  await request.post(apiAddress(adminEndpoints.changePassword), {
    headers: { authorization: `Bearer ${token}` },
    data: { currentPassword: NEW_PASSWORD, newPassword: OWN.password, confirmPassword: OWN.password },
  });
}

test("signed out, an admin page sends you to sign in and back to it afterwards", async ({ page }) => {
  await page.goto("/admin/profile");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fprofile$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await submitSignIn(page);
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await expect(page.getByRole("heading", { name: "Profile Settings", level: 1 })).toBeVisible();
});

test("an unknown admin page asks a visitor to sign in, then says not found inside the back-office", async ({
  page,
  request,
}) => {
  // The document is a 404 all the same, and the public site's 404 page never shows there.
  const response = await request.get("/admin/no-such-screen", { headers: { accept: "text/html" } });
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain('<meta name="robots" content="noindex"/>');

  await page.goto("/admin/no-such-screen");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fno-such-screen$/);
  await submitSignIn(page);
  await expect(page).toHaveURL(/\/admin\/no-such-screen$/);
  await expect(page.getByRole("heading", { name: "Page not found", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Go to the dashboard" }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test("the sign-in page: noindex, no public chrome and a way back to the site", async ({ page }) => {
  await page.goto("/admin/login");
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await expect(page).toHaveTitle("Sign in | PharmaCompare Admin");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByRole("banner")).toHaveCount(0);
  await expect(page.getByLabel("Email")).toHaveAttribute("autocomplete", "username");
  await expect(page.getByLabel("Password")).toHaveAttribute("autocomplete", "current-password");

  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText("Email and password are required");

  await page.getByRole("link", { name: "Back to PharmaCompare" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("contentinfo")).toBeVisible();
});

test("a wrong password shows the API's error while the button says it is working", async ({ page }) => {
  await page.goto("/admin/login");
  // Hold the answer back so the working state can be seen.
  await page.route("**/api/admin/auth/login", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill("not-the-password");
  let attempts = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/api/admin/auth/login")) attempts += 1;
  });
  await page.getByRole("button", { name: "Sign In" }).click();
  // aria-disabled rather than disabled, so focus stays on it; pressing it again does not sign in twice.
  const working = page.getByRole("button", { name: "Signing in..." });
  await expect(working).toHaveAttribute("aria-disabled", "true");
  await expect(working).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alert")).toHaveText("Invalid credentials");
  // Focus moves to the error, so it is read out.
  await expect(page.getByRole("alert")).toBeFocused();
  await expect(page.getByRole("button", { name: "Sign In" })).toHaveAttribute("aria-disabled", "false");
  expect(attempts).toBe(1);
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await sessionCookie(page)).toBeNull();
});

test("the admin pages are client-rendered: the server sends only the shell", async ({ request }) => {
  const response = await request.get("/admin/dashboard", { headers: { accept: "text/html" } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain("Loading…");
  expect(html).toContain('<meta name="robots" content="noindex"/>');
  expect(html).not.toContain("Total Medications");
});

test("sign in, then sign out: the session cookie is gone and /admin asks to sign in again", async ({
  page,
}) => {
  await signIn(page);
  expect(await sessionCookie(page)).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });

  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("complementary").getByText(ADMIN.email)).toBeVisible();

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await sessionCookie(page)).toBeNull();

  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin$/);
});

test("signed in, the sign-in page goes on to the dashboard or a safe redirectTo only", async ({ page }) => {
  await signIn(page);
  await page.goto("/admin/login");
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto("/admin/login?redirectTo=%2Fadmin%2Faudit");
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await page.goto("/admin/login?redirectTo=https%3A%2F%2Fevil.example%2Fadmin");
  await expect(page).toHaveURL(/localhost:\d+\/admin\/dashboard$/);
  await page.goto("/admin/login?redirectTo=%2F%2Fevil.example%2Fadmin");
  await expect(page).toHaveURL(/localhost:\d+\/admin\/dashboard$/);
});

test("the dashboard shows the database's real counts", async ({ page, request }) => {
  // The journeys' database is the demo catalogue plus e2e/fixtures/edge-cases.ts, which adds one
  // medication without prices, a crowded condition's medications and one medication with three
  // prices for each of two dosages, and the layout journeys' pharmacy with a long name and two
  // medications, one priced by twenty pharmacies and one by one (and four subcategories, which
  // are not categories).
  const { freshness, layout } = edgeCases;
  const expected = {
    "Total Medications": demoMedications.length + 2 + edgeCases.crowdedCondition.medicationCount + 2,
    Pharmacies: demoPharmacies.length + 1,
    "Price Entries":
      buildDemoPrices(demoMedications, demoPharmacies).length +
      2 * freshness.pharmacies.length +
      layout.crowded.sellers +
      1,
    Categories: demoCategories.length,
  };
  // The public API lists every (active) row too, so these are the database's numbers.
  const publicCount = async (path: string) =>
    ((await (await request.get(`${API_URL}${path}`)).json()) as []).length;
  expect(await publicCount("/api/medications?limit=1000")).toBe(expected["Total Medications"]);
  expect(await publicCount("/api/pharmacies")).toBe(expected.Pharmacies);
  expect(await publicCount("/api/categories")).toBe(expected.Categories);

  await signIn(page);
  await expect(page).toHaveTitle("Dashboard | PharmaCompare Admin");
  const counts = page.getByRole("region", { name: "Catalogue counts" });
  const cardScreens = {
    "Total Medications": adminScreens.medications,
    Pharmacies: adminScreens.pharmacies,
    "Price Entries": adminScreens.prices,
    Categories: adminScreens.categories,
  } as const;
  for (const [label, value] of Object.entries(expected)) {
    const card = counts.getByRole("listitem").filter({ hasText: label });
    await expect(card).toHaveText(`${label}${formatCount(value)}`);
    // A card links to its list.
    const screen = cardScreens[label as keyof typeof cardScreens];
    await expect(card.getByRole("link")).toHaveAttribute("href", screen.path);
  }

  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("listitem")).toHaveCount(adminMenu.length);
  await expect(nav.getByRole("link")).toHaveCount(adminMenu.length);

  const quick = page.getByRole("region", { name: "Quick Actions" });
  const actions = [
    ["Add Medication", adminScreens.newMedication],
    ["Add Pharmacy", adminScreens.newPharmacy],
    ["Update Prices", adminScreens.prices],
  ] as const;
  for (const [label, screen] of actions) {
    await expect(quick.getByText(label)).toBeVisible();
    await expect(quick.getByRole("link", { name: label })).toHaveAttribute("href", screen.path);
  }

  const activity = page.getByRole("region", { name: "Recent Activity" });
  await expect(activity.getByRole("listitem").first()).toContainText("Login");
  await expect(activity.getByRole("listitem").first()).toContainText(ADMIN.email);

  await activity.getByRole("link", { name: "View audit log" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(nav.getByRole("link", { name: "Audit Log" })).toHaveAttribute("aria-current", "page");
});

test("profile: account details, the default-account notice, client checks and axe", async ({ page }) => {
  await signIn(page);
  await page
    .getByRole("navigation", { name: "Admin" })
    .getByRole("link", { name: "Profile Settings" })
    .click();
  await expect(page).toHaveURL(/\/admin\/profile$/);
  const account = page.getByRole("region", { name: "Account" });
  await expect(account.locator("dt")).toHaveText(["Name", "Email", "Role"]);
  await expect(account.locator("dd")).toHaveText(["Administrator", ADMIN.email, "Admin"]);

  const notice = page.getByText("Important Security Notice");
  await expect(notice).toBeVisible();

  const current = page.getByLabel("Current password");
  const fresh = page.getByLabel("New password", { exact: true });
  const confirm = page.getByLabel("Confirm new password");
  const change = page.getByRole("button", { name: "Change Password" });
  await expect(current).toHaveAttribute("autocomplete", "current-password");
  await expect(fresh).toHaveAttribute("autocomplete", "new-password");

  await current.fill(ADMIN.password);
  await expect(notice).toBeHidden();
  await fresh.fill("short");
  await confirm.fill("short");
  await change.click();
  await expect(page.getByRole("alert")).toHaveText("Password must be at least 8 characters");
  await expect(fresh).toHaveAttribute("aria-invalid", "true");
  await expect(fresh).toBeFocused();

  await fresh.fill("long-enough-1");
  await confirm.fill("long-enough-2");
  await change.click();
  await expect(page.getByRole("alert")).toHaveText("New passwords do not match");

  await current.fill("not-the-current-password");
  await confirm.fill("long-enough-1");
  await change.click();
  await expect(page.getByRole("alert")).toHaveText("Current password is incorrect");
  await expect(current).toBeFocused();
  await expectNoAxeViolations(page);
});

test("a bogus or revoked session cookie sends you to sign in, and the API clears it", async ({
  page,
  request,
}) => {
  await signIn(page);
  const bogus = { name: SESSION_COOKIE, value: "A".repeat(43), url: API_URL, httpOnly: true };
  await page.context().addCookies([{ ...bogus, sameSite: "Strict" }]);
  // A call made inside the app (the audit page's own load) meets the 401.
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Audit Log" }).click();
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Faudit$/);
  expect(await sessionCookie(page)).toBeNull();

  // A session ended elsewhere (here through the API, with the cookie's token as a bearer token)
  // is found out at load, by the layout's GET /me, and sends the page to sign in the same way.
  await signIn(page);
  const live = await sessionCookie(page);
  const ended = await request.post(`${API_URL}${endpointUrl(adminEndpoints.logout)}`, {
    headers: { authorization: `Bearer ${live?.value}` },
  });
  expect(ended.status()).toBe(200);
  await page.goto("/admin/profile");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fprofile$/);
  expect(await sessionCookie(page)).toBeNull();
});

test("change the password, sign out, sign in with the new one, then change it back", async ({
  page,
  request,
}) => {
  try {
    await signIn(page, OWN);
    await page.goto("/admin/profile");
    await changePassword(page, OWN.password, NEW_PASSWORD);
    // This session survives its own change (only other sessions are revoked).
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Dashboard" }).click();
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);

    await submitSignIn(page, OWN);
    await expect(page.getByRole("alert")).toHaveText("Invalid credentials");

    await signIn(page, { email: OWN.email, password: NEW_PASSWORD });
    await page.goto("/admin/profile");
    await changePassword(page, NEW_PASSWORD, OWN.password);
  } finally {
    await restorePassword(request);
  }
});

async function changePassword(page: Page, from: string, to: string) {
  await page.getByLabel("Current password").fill(from);
  await page.getByLabel("New password", { exact: true }).fill(to);
  await page.getByLabel("Confirm new password").fill(to);
  await page.getByRole("button", { name: "Change Password" }).click();
  const changed = page.getByRole("status").filter({ hasText: "Password changed successfully" });
  await expect(changed).toBeVisible();
  // Focus moves to the confirmation, so it is read out and in view.
  await expect(changed).toBeFocused();
  await expect(page.getByLabel("Current password")).toHaveValue("");
  await expect(page.getByLabel("New password", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Confirm new password")).toHaveValue("");
}

/**
 * Signs in through the API until the audit log holds at least `entries` entries (a successful
 * sign-in is never throttled, and each one writes an entry).
 */
async function addSignIns(request: APIRequestContext, entries: number) {
  const token = await adminToken(request);
  const listed = await request.get(
    `${API_URL}${endpointUrl(adminEndpoints.listAuditEntries, { query: { limit: 1 } })}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  const { total } = (await listed.json()) as { total: number };
  for (let count = total; count < entries; count++) await adminToken(request);
}

test("the audit log lists the sign-ins, sign-outs and password changes just made", async ({
  page,
  request,
}) => {
  await signIn(page);
  await page.goto("/admin/audit");
  await expect(page).toHaveTitle("Audit Log | PharmaCompare Admin");
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveText([
    "When",
    "Actor",
    "Action",
    "Entity",
    "Changes",
    "IP address",
  ]);

  const filters = page.getByRole("form", { name: "Filter the audit log" });
  // The choices are exactly the contract's, "All" meaning no filter.
  await expect(filters.getByLabel("Action").locator("option")).toHaveText([
    "All",
    ...AUDIT_ACTIONS.map(humanise),
  ]);
  await expect(filters.getByLabel("Entity type").locator("option")).toHaveText([
    "All",
    ...AUDIT_ENTITY_TYPES.map(humanise),
  ]);

  for (const [action, label] of [
    ["password_change", "Password change"],
    ["logout", "Logout"],
    ["login", "Login"],
    ["login_failed", "Login failed"],
  ] as const) {
    await filters.getByLabel("Action").selectOption({ label });
    await filters.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/audit\\?action=${action}$`));
    const actions = table.getByRole("row").locator("td:nth-child(3)");
    await expect(actions.first()).toHaveText(label);
    for (const cell of await actions.all()) await expect(cell).toHaveText(label);
  }
  // Two changes in the journey above: to the new password and back.
  await page.goto("/admin/audit?action=password_change");
  await expect.poll(() => table.getByRole("row").count()).toBeGreaterThanOrEqual(3);
  await expect(table).toContainText("Other sessions revoked");

  // The filters live in the address: a reload keeps them, and the fields show them.
  await page.goto(`/admin/audit?actorEmail=${encodeURIComponent(ADMIN.email)}&action=logout`);
  await expect(filters.getByLabel("Actor email")).toHaveValue(ADMIN.email);
  await expect(filters.getByLabel("Action")).toHaveValue("logout");
  await expect(table.getByRole("row").nth(1)).toContainText(ADMIN.email);

  // An action the contract does not know (an old or edited link) is dropped, the rest kept.
  await page.goto("/admin/audit?action=bogus&entityType=admin_session");
  await expect(page).toHaveURL(/\/admin\/audit\?entityType=admin_session$/);
  await expect(filters.getByLabel("Action")).toHaveValue("");
  await expect(filters.getByLabel("Entity type")).toHaveValue("admin_session");

  // Paging with Previous and Next, over more entries than one page holds.
  await addSignIns(request, AUDIT_PAGE_LIMITS.default + 1);
  await page.goto("/admin/audit");
  const pager = page.getByRole("navigation", { name: "Audit log pages" });
  const showing = page.getByRole("status").filter({ hasText: /^Showing / });
  const pageText = await pager.getByText(/^Page 1 of \d+$/).textContent();
  const pages = Number(pageText?.match(/of (\d+)/)?.[1]);
  expect(pages).toBeGreaterThan(1);
  await expect(pager.getByText("Previous")).toHaveAttribute("aria-disabled", "true");
  await expect(showing).toHaveText(new RegExp(`^Showing 1–${AUDIT_PAGE_LIMITS.default} of `));
  const newest = await table.getByRole("row").nth(1).textContent();
  await pager.getByRole("link", { name: "Next" }).click();
  await expect(pager.getByText(`Page 2 of ${pages}`)).toBeVisible();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(showing).toHaveText(new RegExp(`^Showing ${AUDIT_PAGE_LIMITS.default + 1}–`));
  await expect(table.getByRole("row").nth(1)).not.toHaveText(newest ?? "");
  await pager.getByRole("link", { name: "Previous" }).click();
  await expect(pager.getByText(`Page 1 of ${pages}`)).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/audit$/);

  // A page past the end goes to the last page and keeps the filters.
  await page.goto("/admin/audit?action=login&page=99");
  await expect(page).toHaveURL(/\/admin\/audit\?action=login(&page=\d+)?$/);
  await expect(filters.getByLabel("Action")).toHaveValue("login");
  await expect(pager.getByText(/^Page (\d+) of \1$/)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^Showing / })).toHaveText(
    /^Showing [\d,]+–[\d,]+ of [\d,]+ entries$/,
  );
  await expect(table.getByRole("row").nth(1)).toContainText("Login");
  await expect(filters.getByText("Dates are whole days in UK time.")).toBeVisible();

  // No matches: no "Showing" line, one page, and the message says the filters are why.
  await page.goto("/admin/audit?actorEmail=nobody%40nowhere.test&page=3");
  await expect(page).toHaveURL(/\/admin\/audit\?actorEmail=nobody%40nowhere\.test$/);
  await expect(page.getByText("No audit entries match these filters.")).toBeVisible();
  await expect(pager.getByText("Page 1 of 1")).toBeVisible();
  await expect(page.getByText(/^Showing /)).toHaveCount(0);
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  await expect(table).toBeVisible();

  // A From date after the To date is marked on the From field, and nothing is listed.
  await page.goto("/admin/audit?from=2026-05-02&to=2026-05-01");
  await expect(filters.getByLabel("From")).toHaveAttribute("aria-invalid", "true");
  await expect(filters.getByLabel("From")).toHaveAccessibleDescription(
    "The From date must not be after the To date.",
  );
  await expect(page.getByText("Correct the filter marked above to see entries.")).toBeVisible();
  await expect(table).toHaveCount(0);
  await page.getByRole("link", { name: "Clear filters" }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);

  // On a phone: one card per entry instead of the table, nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  const cards = page.getByRole("list", { name: "Audit log entries" });
  await expect(cards.getByRole("listitem")).toHaveCount(AUDIT_PAGE_LIMITS.default);
  await expect(table).toBeHidden();
  await expect(cards.getByRole("listitem").first()).toContainText("When");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("on a phone the side menu folds behind a Menu button", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page);
  const nav = page.getByRole("navigation", { name: "Admin" });
  const menu = page.getByRole("button", { name: "Menu" });
  await expect(nav).toBeHidden();
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(nav).toBeVisible();
  await nav.getByRole("link", { name: adminScreens.profile.label }).click();
  await expect(page).toHaveURL(/\/admin\/profile$/);
  await expect(nav).toBeHidden();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});

test("an API key issued in the back-office reads the open API until its quota, then stops when revoked", async ({
  page,
  request,
  context,
}) => {
  // Issue 45 (decision 062): the key is shown once, copied from its dialog and used as a Bearer key.
  await signIn(page);
  await context.grantPermissions(["clipboard-read", "clipboard-write"], {
    origin: new URL(page.url()).origin,
  });
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "API Keys" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "API Keys" })).toBeVisible();
  const name = `Journey newsroom ${Date.now()}`;
  await page.getByRole("button", { name: "Issue Key" }).click();
  const form = page.getByRole("dialog", { name: "Issue API key" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Requests a minute").fill("2");
  await form.getByLabel("Requests a day").fill("100");
  await form.getByRole("button", { name: "Issue Key" }).click();

  const shown = page.getByRole("dialog", { name: "Your new API key" });
  await expect(shown).toBeVisible();
  await expectNoAxeViolations(page);
  await shown.getByRole("button", { name: "Copy Key" }).click();
  await expect(shown.getByRole("status")).toHaveText("Copied to the clipboard.");
  const key = await page.evaluate(() => navigator.clipboard.readText());
  expect(key).toMatch(/^pcod_/);
  await expect(shown.getByLabel("API key")).toHaveValue(key);
  await shown.getByRole("button", { name: "Done" }).click();
  await expect(shown).toBeHidden();

  const dailyLowest = `${API_URL}/api/open/daily-lowest?${new URLSearchParams({ medication: "viagra", dosage: "50mg x 4 tablets" })}`;
  const call = () => request.get(dailyLowest, { headers: { authorization: `Bearer ${key}` } });
  const first = await call();
  expect(first.status()).toBe(200);
  expect(((await first.json()) as { licence: { name: string } }).licence.name).toBe("CC BY 4.0");
  expect(first.headers()["ratelimit-policy"]).toBe('"per-minute";q=2;w=60, "per-day";q=100;w=86400');
  expect((await call()).status()).toBe(200);
  const refused = await call();
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()["retry-after"])).toBeGreaterThan(0);

  // The key's use today, on its row and on the dashboard; never the key itself.
  await page.reload();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("2 of 100 (1 refused)");
  await expect(page.getByText(key)).toHaveCount(0);
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Dashboard" }).click();
  const usage = page
    .getByRole("region", { name: "Open API use today" })
    .getByRole("row")
    .filter({ hasText: name });
  await expect(usage).toContainText("2 of 100");
  await expect(usage.getByRole("cell").nth(1)).toHaveText("1");
  await page.getByRole("link", { name: "Manage API keys" }).click();

  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Revoke API key" });
  await confirm.getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByRole("status").filter({ hasText: "API key revoked" })).toBeVisible();
  await expect(row).toContainText("Revoked");
  expect((await call()).status()).toBe(401);
});
