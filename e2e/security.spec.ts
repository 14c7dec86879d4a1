import { createHash } from "node:crypto";
import { adminEndpoints, type ConditionPage, endpointUrl, publicEndpoints } from "@pharmacompare/contract";
import { expect, type Page, test } from "@playwright/test";
import { adminHeaders } from "./support/admin-api.ts";
import { submitSignIn } from "./support/admin-session.ts";
import { API_URL } from "./support/stack.ts";

test("pages carry a script policy that admits only their own scripts, by nonce or (stored pages) by hash, and still work", async ({
  page,
}) => {
  // Every violation, including ones a library swallows (they are reported, never logged).
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const response = await page.goto("/");
  const policy = response?.headers()["content-security-policy"] ?? "";
  const scriptSources =
    policy.split(";").find((directive) => directive.trim().startsWith("script-src")) ?? "";
  expect(scriptSources).toContain("'self'");
  // A render names its nonce; a page the cache stored names its scripts' hashes (decision 046).
  expect(scriptSources).toMatch(/'nonce-[A-Za-z0-9+/=]{22,}'|'sha256-[A-Za-z0-9+/=]{44}'/);
  expect(scriptSources).not.toContain("unsafe-inline");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(response?.headers()["x-content-type-options"]).toBe("nosniff");

  // Hydrated and allowed to call the API: the search suggestions appear.
  await page.getByRole("combobox").first().fill("sild");
  await expect(page.getByRole("option").first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual(
    [],
  );
  // Each public page twice: rendered, then (anonymous) from the cache, under its hashes.
  for (const path of [
    "/condition/erectile-dysfunction",
    "/condition/erectile-dysfunction",
    "/blog",
    "/blog",
    "/contact",
    "/subscribe",
    "/confirm?token=0123456789abcdefghijklmnopqrstuvwxyz",
    "/admin/login",
  ]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
    ).toEqual([]);
  }
});

/** Records the page's CSP violations (script-src-elem, script-src…) and whether a payload ran. */
async function watchViolations(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
}
const violations = (page: Page) =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
const injectedRan = (page: Page) =>
  page.evaluate(() => (window as unknown as { __injected?: number }).__injected === 1);

/** The executable inline scripts of a page: their attributes and text (JSON-LD needs no policy). */
function executableScripts(html: string) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .map(([, attributes = "", text = ""]) => ({ attributes, text }))
    .filter(({ attributes }) => !/\bsrc=|application\/(ld\+)?json/.test(attributes));
}

test("every render has its own nonce on the app's scripts; a stored page names exactly their hashes", async ({
  request,
}) => {
  // Renders: a visitor with a cookie is never served from the cache.
  const nonces = [];
  for (let index = 0; index < 2; index += 1) {
    const response = await request.get("/", { headers: { cookie: "pc_test=1" } });
    const nonce = /'nonce-([^']+)'/.exec(response.headers()["content-security-policy"] ?? "")?.[1];
    expect(nonce).toBeDefined();
    nonces.push(nonce);
    const scripts = executableScripts(await response.text());
    expect(scripts.length).toBeGreaterThan(0);
    for (const { attributes } of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
  }
  expect(nonces[0]).not.toBe(nonces[1]);

  // A page stored by its first anonymous render, then served from memory (decision 046).
  const path = `/?page=${Date.now()}`;
  const miss = await request.get(path);
  const hit = await request.get(path);
  expect([miss.headers()["x-cache"], hit.headers()["x-cache"]]).toEqual(["miss", "hit"]);
  const html = await hit.text();
  expect(html).toBe(await miss.text());
  const policy = hit.headers()["content-security-policy"] ?? "";
  expect(policy).not.toContain("'nonce-");
  const sources = /script-src ([^;]*)/.exec(policy)?.[1] ?? "";
  const hashes = new Set(
    executableScripts(html).map(
      ({ text }) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`,
    ),
  );
  expect(sources).toBe(`${[...hashes].join(" ")} 'strict-dynamic' 'self'`);
});

test("a script injected into a page through stored content is blocked by the policy, on a condition page and on the home page", async ({
  page,
  request,
}) => {
  // Stored content: an admin message whose title is a script. React writes it as text; an
  // HTML-injection bug would write it as markup — simulated here by un-escaping it in the page
  // the server sent (its headers, the policy included, are kept).
  const headers = await adminHeaders(request);
  const condition = (await (
    await request.get(
      `${API_URL}${endpointUrl(publicEndpoints.conditionPage, {
        params: { subcategoryId: "erectile-dysfunction" },
        query: { medication: "Sildenafil" },
      })}`,
    )
  ).json()) as ConditionPage;
  const medicationId = condition.comparison?.medication.id ?? "";
  const payload = "<script>window.__injected=1</script>";
  const created = await request.post(`${API_URL}${endpointUrl(adminEndpoints.createAdminMessage)}`, {
    headers,
    data: { medicationId, title: `Notice ${payload}`, message: "Stored by the CSP journey" },
  });
  expect(created.status()).toBe(201);
  const { _id: messageId } = (await created.json()) as { _id: string };

  try {
    await watchViolations(page);
    // As React writes it, the stored script is text on the page and never runs.
    await page.goto("/condition/erectile-dysfunction?medication=Sildenafil");
    await expect(page.getByText(`Notice ${payload}`)).toBeVisible();
    expect(await injectedRan(page)).toBe(false);
    expect(await violations(page)).toEqual([]);

    // As an injection bug would write it, the browser refuses to run it and reports why: the
    // stored page's hashes cover only the scripts its render marked.
    await page.route(
      (url) => url.pathname === "/condition/erectile-dysfunction",
      async (route) => {
        const response = await route.fetch();
        // Stored by the visit above: served from the cache, under its scripts' hashes (decision 046).
        expect(response.headers()["x-cache"]).toBe("hit");
        expect(response.headers()["content-security-policy"]).toContain("'sha256-");
        const html = (await response.text()).replace(
          "&lt;script&gt;window.__injected=1&lt;/script&gt;",
          payload,
        );
        expect(html).toContain(payload);
        await route.fulfill({ response, body: html });
      },
    );
    await page.goto("/condition/erectile-dysfunction?medication=Sildenafil");
    await expect
      .poll(() => violations(page))
      .toContainEqual(expect.stringMatching(/^script-src(-elem)? inline$/));
    expect(await injectedRan(page)).toBe(false);
    // The page's own scripts still ran: it hydrated (the pickers' form is marked so).
    await expect(page.locator("form[data-hydrated]")).toBeAttached();

    await page.route(
      (url) => url.pathname === "/",
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace("</body>", `${payload}</body>`);
        await route.fulfill({ response, body: html });
      },
    );
    await page.goto("/");
    await expect
      .poll(() => violations(page))
      .toContainEqual(expect.stringMatching(/^script-src(-elem)? inline$/));
    expect(await injectedRan(page)).toBe(false);
    // The page's own scripts still run: once hydrated, the menu's buttons open their lists. (Not
    // the search: a page fulfilled by the test is not on loopback, so Chromium keeps it off the API.)
    await page.waitForLoadState("networkidle");
    const menu = page
      .getByRole("navigation", { name: "Main" })
      .getByRole("button", { name: "Men's Health", exact: true });
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
  } finally {
    await request.delete(
      `${API_URL}${endpointUrl(adminEndpoints.deleteAdminMessage, { params: { id: messageId } })}`,
      { headers },
    );
  }
});

test("hostile addresses get a 4xx or the page, never a server error", async ({ request }) => {
  const long = "a".repeat(3000);
  const segments = [
    "%00",
    "%0A%0D",
    "%C3%28",
    "%FF",
    "..%2F..%2Fetc%2Fpasswd",
    "%E2%80%AE",
    long,
    "'%22%3E%3Cscript%3E",
  ];
  const paths = [
    ...segments.flatMap((segment) => [
      `/condition/${segment}`,
      `/blog/${segment}`,
      `/pharmacies/${segment}`,
      `/${segment}`,
    ]),
    ...segments.flatMap((value) => [
      `/condition/erectile-dysfunction?medication=${value}&dosage=${value}&sort=${value}`,
      `/search?q=${value}`,
      `/blog?category=${value}&page=${value}`,
      `/confirm?token=${value}`,
      `/unsubscribe?token=${value}`,
    ]),
  ];
  const failures: string[] = [];
  for (const path of paths) {
    const response = await request.get(path, { maxRedirects: 0 });
    if (response.status() >= 500) failures.push(`${response.status()} ${path.slice(0, 80)}`);
  }
  expect(failures).toEqual([]);
});

test("the web server refuses an over-long form body with 413 before any action runs", async ({ request }) => {
  const response = await request.post("/contact", {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    data: `name=${"a".repeat(70 * 1024)}`,
  });
  expect(response.status()).toBe(413);
});

/** Every value page script can read on the site's origin: both storages and `document.cookie`. */
function scriptReadableValues(page: Page) {
  return page.evaluate(() => {
    const entries = (storage: Storage) =>
      Array.from({ length: storage.length }, (_, index) => storage.key(index) ?? "").map((key) => ({
        key,
        value: storage.getItem(key) ?? "",
      }));
    return { local: entries(localStorage), session: entries(sessionStorage), cookie: document.cookie };
  });
}

test("after a back-office sign-in no storage key and no script-readable cookie holds the session token", async ({
  page,
  context,
}) => {
  // A browser that used the back-office before decision 028 still has the old token key.
  await page.goto("/");
  await page.evaluate(() => {
    localStorage.setItem("pc.adminToken", "an-old-token-from-before-the-cookie");
    localStorage.setItem("pc.adminUser", JSON.stringify({ name: "Old copy" }));
  });

  await page.goto("/admin/login");
  const signedIn = page.waitForResponse(
    (response) =>
      response.url().endsWith(endpointUrl(adminEndpoints.login)) && response.request().method() === "POST",
  );
  await submitSignIn(page);
  // The back-office's answer carries no token (issue 42): the session is the cookie alone…
  const answer = (await (await signedIn).json()) as Record<string, unknown>;
  expect(Object.keys(answer)).toEqual(["user"]);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  const token =
    (await context.cookies(API_URL)).find((cookie) => cookie.name === "pc_admin_session")?.value ?? "";
  expect(token).toMatch(/^[\w-]{43}$/);

  // …which the page keeps nowhere a script can read it, and the old key is gone.
  const readable = await scriptReadableValues(page);
  for (const { key, value } of [...readable.local, ...readable.session]) {
    expect(value, key).not.toContain(token);
    expect(key).not.toContain(token);
  }
  expect(readable.local.map((entry) => entry.key)).not.toContain("pc.adminToken");
  expect(readable.local.map((entry) => entry.key)).not.toContain("pc.adminUser");
  expect(readable.cookie).not.toContain(token);

  // The session is the API's HttpOnly, SameSite=Strict cookie, and it is what signs the calls in.
  const cookies = await context.cookies(API_URL);
  const session = cookies.find((cookie) => cookie.value === token);
  expect(session).toMatchObject({ name: "pc_admin_session", httpOnly: true, sameSite: "Strict", path: "/" });
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Audit Log" }).click();
  await expect(page.getByRole("heading", { name: "Audit Log", level: 1 })).toBeVisible();

  // A write the page's script makes without the back-office header is refused, though the cookie goes.
  const forged = await page.evaluate(
    async (url) => {
      const response = await fetch(url, { method: "POST", credentials: "include" });
      return { status: response.status, body: await response.json() };
    },
    `${API_URL}${endpointUrl(adminEndpoints.logout)}`,
  );
  expect(forged).toMatchObject({ status: 403, body: { code: "csrf" } });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Audit Log", level: 1 })).toBeVisible();
});
