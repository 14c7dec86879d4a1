import { expect, test } from "@playwright/test";

test("pages carry a script policy that lists only their own inline scripts, and still work", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
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
  expect(violations).toEqual([]);
});
