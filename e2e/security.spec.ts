import { expect, test } from "@playwright/test";

test("pages carry a script policy that lists only their own inline scripts, and still work", async ({
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
  expect(scriptSources).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
  expect(scriptSources).not.toContain("unsafe-inline");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(response?.headers()["x-content-type-options"]).toBe("nosniff");

  // Hydrated and allowed to call the API: the search suggestions appear.
  await page.getByRole("combobox").first().fill("sild");
  await expect(page.getByRole("option").first()).toBeVisible();
  for (const path of [
    "/condition/erectile-dysfunction",
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
