import { CatalogueFigures, catalogueClaims, endpointUrl, publicEndpoints } from "@pharmacompare/contract";
import { expect, type Page, test } from "@playwright/test";
import { formatLongDate } from "../packages/contract/src/format.ts";
import { expectNoAxeViolations } from "./support/page-checks.ts";
import { API_URL } from "./support/stack.ts";

const noConsent = { cookies: [], origins: [] };
const successText = "Thank you for your message! We'll get back to you soon.";
const errorText =
  "Sorry, there was an error sending your message. Please try again or email us directly at support@pharmacompare.co.uk";

const banner = (page: Page) => page.getByRole("region", { name: "Cookie consent" });

/**
 * Opens a page as a first-time visitor and waits for the cookie banner, which appears only once
 * React runs: from then on the page's scripts handle what the journey does. Then answers it.
 */
async function gotoWithEssentialCookies(page: Page, url: string) {
  await page.goto(url);
  await expect(banner(page)).toBeVisible();
  await banner(page).getByRole("button", { name: "Essential Only" }).click();
  await expect(banner(page)).toBeHidden();
}

/** The numbered section headings of a legal page ("1. Introduction"). */
async function numberedSections(page: Page): Promise<string[]> {
  const headings = await page.getByRole("main").getByRole("heading", { level: 2 }).allInnerTexts();
  return headings.map((text) => text.trim()).filter((text) => /^\d+\.\s/.test(text));
}

async function fillContactForm(page: Page, overrides: { subject?: string | null } = {}) {
  await page.getByLabel("Name", { exact: true }).fill("Robin Tester");
  await page.getByLabel("Email", { exact: true }).fill("robin@example.co.uk");
  if (overrides.subject !== null) {
    await page
      .getByLabel("Subject", { exact: true })
      .selectOption({ label: overrides.subject ?? "Pricing Question" });
  }
  await page
    .getByLabel("Message", { exact: true })
    .fill("Do the prices include delivery? I could not tell from the table.");
}

async function expectFormCleared(page: Page) {
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("");
  await expect(page.getByLabel("Message", { exact: true })).toHaveValue("");
}

test.describe("contact form", () => {
  test.use({ storageState: noConsent });

  test("sends a message: Sending..., then the success notice, the fields cleared and the API's 201", async ({
    page,
  }) => {
    await gotoWithEssentialCookies(page, "/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("type", "email");
    await expect(page.getByLabel("Message", { exact: true })).toHaveAttribute("rows", "6");
    await expect(page.getByLabel("Subject", { exact: true }).locator("option")).toHaveText([
      "Select a subject",
      "General Inquiry",
      "Technical Issue",
      "Pharmacy Information",
      "Pricing Question",
      "Feedback",
      "Other",
    ]);

    // Held back briefly (then sent on to the real API) so the sending state can be seen.
    await page.route("**/api/contact", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await fillContactForm(page);
    let posts = 0;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/contact") && request.method() === "POST") posts += 1;
    });
    const answer = page.waitForResponse((response) => response.url().endsWith("/api/contact"));
    await page.getByRole("button", { name: "Send Message" }).click();
    const sending = page.getByRole("button", { name: "Sending..." });
    await expect(sending).toBeVisible();
    // aria-disabled rather than disabled, so focus stays on it; pressing it again sends nothing more.
    await expect(sending).toHaveAttribute("aria-disabled", "true");
    await expect(sending).toBeFocused();
    await page.keyboard.press("Enter");

    const response = await answer;
    expect(response.request().method()).toBe("POST");
    expect(response.status()).toBe(201);
    expect(await response.json()).toEqual({ ok: true, message: successText });
    expect(response.request().postDataJSON()).toMatchObject({
      name: "Robin Tester",
      email: "robin@example.co.uk",
      subject: "pricing",
    });

    await expect(page.getByRole("status").filter({ hasText: successText })).toBeVisible();
    // Focus moves to the notice, so it is read out and scrolled into view.
    await expect(page.getByText(successText)).toBeFocused();
    await expectFormCleared(page);
    await expect(page.getByRole("button", { name: "Send Message" })).toHaveAttribute(
      "aria-disabled",
      "false",
    );
    expect(posts).toBe(1);
    await expectNoAxeViolations(page);
  });

  test("the subject placeholder does not count: the browser refuses to send", async ({ page }) => {
    await gotoWithEssentialCookies(page, "/contact");
    let posted = false;
    page.on("request", (request) => {
      if (request.url().endsWith("/api/contact")) posted = true;
    });
    await fillContactForm(page, { subject: null });
    await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("");
    await page.getByRole("button", { name: "Send Message" }).click();
    expect(
      await page
        .getByLabel("Subject", { exact: true })
        .evaluate((el: HTMLSelectElement) => el.validity.valueMissing),
    ).toBe(true);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Robin Tester");
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
    expect(posted).toBe(false);
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("an email the API would refuse: the browser stops a@b, and an API refusal names the field", async ({
    page,
  }) => {
    await gotoWithEssentialCookies(page, "/contact");
    const email = page.getByLabel("Email", { exact: true });
    await fillContactForm(page);
    await email.fill("a@b");
    expect(await email.evaluate((el: HTMLInputElement) => el.validity.patternMismatch)).toBe(true);

    // Should the browser let an address through that the API refuses, the field says why.
    await page.route("**/api/contact", (route) =>
      route.fulfill({
        status: 400,
        json: {
          error: 'Invalid body field "email": must be a valid email address',
          code: "invalid_request",
          fields: { email: "must be a valid email address" },
        },
      }),
    );
    await email.fill("robin@example.co.uk");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("alert")).toHaveText(errorText);
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription(
      "Please enter a full email address, such as name@example.co.uk.",
    );
  });

  test("when the API refuses, the error notice shows, the text stays and a retry succeeds", async ({
    page,
  }) => {
    await gotoWithEssentialCookies(page, "/contact");
    await page.route("**/api/contact", (route) =>
      route.fulfill({ status: 500, json: { error: "Internal server error" } }),
    );
    await fillContactForm(page);
    await page.getByRole("button", { name: "Send Message" }).click();

    await expect(page.getByRole("alert")).toHaveText(errorText);
    await expect(page.getByRole("alert")).toBeFocused();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Robin Tester");
    await expect(page.getByLabel("Subject", { exact: true })).toHaveValue("pricing");
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
    // The visitor is told; the browser's console is not written to (decision 032).

    await page.unroute("**/api/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status").filter({ hasText: successText })).toBeVisible();
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expectFormCleared(page);
  });

  test("offline from the start, sending shows the error notice and keeps the text", async ({
    page,
    context,
  }) => {
    await gotoWithEssentialCookies(page, "/contact");
    // The sending code (and the API client) is fetched when the form is first used: not possible now.
    await context.setOffline(true);
    await fillContactForm(page);
    await page.getByRole("button", { name: "Send Message" }).click();

    await expect(page.getByRole("alert")).toHaveText(errorText);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Robin Tester");
    await expect(page.getByLabel("Message", { exact: true })).toHaveValue(
      "Do the prices include delivery? I could not tell from the table.",
    );
    await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
    await context.setOffline(false);
  });

  test("the page has the FAQ, the reply-time promise and links to the privacy policy and home", async ({
    page,
  }) => {
    await page.goto("/contact");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { name: "Frequently asked questions" })).toBeVisible();
    const questions = main.locator("details summary");
    expect(await questions.count()).toBeGreaterThanOrEqual(5);
    await questions.first().click();
    await expect(main.getByText("we do not sell, prescribe or dispense anything")).toBeVisible();
    await expect(
      main.getByText("We aim to reply within 24-48 hours on business days.").first(),
    ).toBeVisible();
    await expect(main.getByRole("link", { name: "Privacy Policy" }).first()).toHaveAttribute(
      "href",
      "/privacy",
    );
  });
});

test("without JavaScript the contact form still sends and the page says so", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  try {
    await page.goto("/contact");
    await fillContactForm(page, { subject: "Feedback" });
    const [navigation] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      page.getByRole("button", { name: "Send Message" }).click(),
    ]);
    expect(navigation.status()).toBe(200);
    await expect(page.getByRole("status").filter({ hasText: successText })).toBeVisible();
    await expectFormCleared(page);
  } finally {
    await context.close();
  }
});

test.describe("cookie banner", () => {
  test.use({ storageState: noConsent });

  test("shows on a first visit; Accept All stores the choice and it stays hidden after a reload", async ({
    page,
  }) => {
    await page.goto("/about");
    await expect(banner(page)).toBeVisible();
    await expect(banner(page).getByRole("heading", { name: "Cookie Consent" })).toBeVisible();
    await expect(banner(page).getByRole("button", { name: "Essential Only" })).toBeVisible();
    await expectNoAxeViolations(page);

    await banner(page).getByRole("button", { name: "Accept All" }).click();
    await expect(banner(page)).toBeHidden();
    const stored = JSON.parse(
      (await page.evaluate(() => localStorage.getItem("pc.cookieConsent"))) ?? "null",
    );
    expect(stored.choice).toBe("all");
    expect(new Date(stored.date).toISOString()).toBe(stored.date);

    // A returning visitor never sees it, not even for a moment before the page's scripts run.
    await page.addInitScript(() => {
      const seen = { banner: false };
      Object.assign(window, { bannerSeen: seen });
      new MutationObserver(() => {
        if (document.querySelector('[aria-label="Cookie consent"]')) seen.banner = true;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.reload();
    await page.waitForLoadState("networkidle");
    await expect(banner(page)).toHaveCount(0);
    expect(
      await page.evaluate(() => (window as unknown as { bannerSeen: { banner: boolean } }).bannerSeen.banner),
    ).toBe(false);
  });

  test("Essential Only works from the keyboard, and the skip link stays clear of the banner", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(banner(page)).toBeVisible();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    const skipBox = await skip.boundingBox();
    const bannerBox = await banner(page).boundingBox();
    expect(skipBox && bannerBox && skipBox.y + skipBox.height <= bannerBox.y).toBe(true);

    await banner(page).getByRole("button", { name: "Essential Only" }).focus();
    await page.keyboard.press("Enter");
    await expect(banner(page)).toBeHidden();
    const stored = JSON.parse(
      (await page.evaluate(() => localStorage.getItem("pc.cookieConsent"))) ?? "null",
    );
    expect(stored.choice).toBe("essential");
  });

  test("Learn more leads to the Cookie Policy, whose settings button reopens the banner", async ({
    page,
  }) => {
    await page.goto("/");
    await banner(page).getByRole("link", { name: "Learn more" }).click();
    await expect(page).toHaveURL(/\/cookies$/);
    await expect(page.getByRole("heading", { level: 1, name: "Cookie Policy" })).toBeVisible();

    await banner(page).getByRole("button", { name: "Accept All" }).click();
    await expect(banner(page)).toBeHidden();
    await expect(page.getByText(/Your current choice: Accept All, made on/)).toBeVisible();

    await page.getByRole("button", { name: "Change cookie settings" }).click();
    await expect(banner(page)).toBeVisible();
    await expect(banner(page)).toBeFocused();
    await banner(page).getByRole("button", { name: "Essential Only" }).click();
    await expect(banner(page)).toBeHidden();
    await expect(page.getByText(/Your current choice: Essential Only, made on/)).toBeVisible();
    await expect(page.getByRole("button", { name: "Change cookie settings" })).toBeFocused();
  });

  test("the footer's Cookie settings link reopens the choice on any page", async ({ page }) => {
    await page.goto("/about");
    await banner(page).getByRole("button", { name: "Accept All" }).click();
    await expect(banner(page)).toBeHidden();

    await page.getByRole("contentinfo").getByRole("link", { name: "Cookie settings" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(banner(page)).toBeFocused();
    await banner(page).getByRole("button", { name: "Essential Only" }).click();
    await expect(banner(page)).toBeHidden();
    const stored = JSON.parse(
      (await page.evaluate(() => localStorage.getItem("pc.cookieConsent"))) ?? "null",
    ) as { choice: string };
    expect(stored.choice).toBe("essential");
  });

  test("is not shown in the back-office", async ({ page }) => {
    await page.goto("/admin/login");
    await expect(page.getByLabel(/email/i).first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expect(banner(page)).toHaveCount(0);
  });
});

test("the footer's copyright line shows this year, in the server's HTML and on the page", async ({
  page,
  request,
}) => {
  // This year on the UK clock (issue 41): the line was a fixed "© 2024".
  const year = new Intl.DateTimeFormat("en-GB", { year: "numeric", timeZone: "Europe/London" }).format(
    new Date(),
  );
  const line = `© ${year} PharmaCompare. All rights reserved.`;
  const html = await (await request.get("/about", { headers: { accept: "text/html" } })).text();
  expect(html).toContain(line);
  await page.goto("/about");
  await expect(page.getByRole("contentinfo").getByText(/^© \d{4} PharmaCompare/)).toHaveText(line);
});

test("the privacy policy has twelve numbered sections and today's date", async ({ page }) => {
  await page.goto("/privacy");
  await expect(page).toHaveTitle("Privacy Policy | PharmaCompare");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  expect(await numberedSections(page)).toEqual([
    "1. Introduction",
    "2. Information we collect",
    "3. Our legal basis under UK GDPR",
    "4. How we use information",
    "5. Sharing your information",
    "6. Your rights",
    "7. Security",
    "8. How long we keep information",
    "9. International transfers",
    "10. Children",
    "11. Changes to this policy",
    "12. Contact us",
  ]);
  // The current date (public site, Legal pages) as the page was rendered: the day before if the run
  // crossed midnight since the page went into the page cache.
  const today = formatLongDate(new Date());
  const yesterday = formatLongDate(new Date(Date.now() - 24 * 60 * 60 * 1000));
  await expect(page.getByText(/^Last updated: /)).toHaveText(
    new RegExp(`^Last updated: (${today}|${yesterday})$`),
  );
  const main = page.getByRole("main");
  await expect(main.getByText("Typically 90 days, then deleted.")).toBeVisible();
  // Price alerts and subscriptions: kept until unsubscribe or deletion (public site §9), on consent.
  await expect(
    main.getByText("Until you unsubscribe or ask us to delete them.", { exact: false }),
  ).toBeVisible();
  // Each request and confirmation is recorded (decision 031), and kept six years after its record.
  await expect(
    main.getByText(/what was asked for .*the wording agreed to \(by version\), when/),
  ).toBeVisible();
  await expect(main.getByText(/for six years after it is deleted/)).toBeVisible();
  await expect(main.getByText("May be kept indefinitely", { exact: false })).toBeVisible();
  await expect(main.getByText(/Information Commissioner's Office \(ICO\)/)).toBeVisible();
  await expect(main.getByText(/not intended for anyone under 18/)).toBeVisible();
});

test("the cookie policy has eight sections and says no cookies of our own are set", async ({ page }) => {
  await page.goto("/cookies");
  expect(await numberedSections(page)).toHaveLength(8);
  await expect(page.getByText("We do not set any cookies of our own for visitors.")).toBeVisible();
  // Every key the site keeps in the browser is named.
  for (const key of ["pc.cookieConsent", "pc.dismissedMessages", "pc.subscriptionPopup", "priceAlerts"]) {
    await expect(page.getByRole("main").getByText(key, { exact: false })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "5. Cookie settings" })).toBeVisible();
});

test("the medical disclaimer has twelve sections, the notice and the emergency numbers", async ({ page }) => {
  await page.goto("/disclaimer");
  await expect(page).toHaveTitle("Medical Disclaimer | PharmaCompare");
  expect(await numberedSections(page)).toHaveLength(12);
  const important = page.getByRole("complementary", { name: "Important notice" });
  await expect(important).toBeVisible();
  const emergency = page.getByRole("complementary", { name: "Medical emergency?" });
  await expect(emergency).toContainText("In an emergency call 999. For urgent medical advice call NHS 111.");
});

test("the about page has every section the specification lists", async ({ page }) => {
  await page.goto("/about");
  await expect(page).toHaveTitle("About Us | PharmaCompare");
  const main = page.getByRole("main");
  for (const name of [
    "Our mission",
    "What we do",
    "How it works",
    "Why choose PharmaCompare",
    "Important information",
    "Our commitment to you",
    "Contact us",
    "Disclaimer",
  ]) {
    await expect(main.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
  }
  await expect(main.getByText(/not intended for anyone under 18/)).toBeVisible();
});

test("home and About claim only what the live catalogue bears out", async ({ page, request }) => {
  const figures = CatalogueFigures.parse(
    await (await request.get(`${API_URL}${endpointUrl(publicEndpoints.catalogueFigures)}`)).json(),
  );
  const claims = catalogueClaims(figures);
  // The demo catalogue has 30+ pharmacies but far fewer than 500 medications, and its prices are
  // confirmed as it is seeded, so "Daily" holds (decision 048).
  expect(claims.pharmacies).toBe("30+");
  expect(claims.updates).toBe("Daily");
  expect(claims.medications).not.toBe("500+");
  for (const path of ["/", "/about"]) {
    await page.goto(path);
    const main = page.getByRole("main");
    for (const claim of Object.values(claims)) {
      if (claim) await expect(main.getByText(claim, { exact: true }), path).toBeVisible();
    }
    await expect(main.getByText("500+", { exact: true })).toHaveCount(0);
  }
});

const pages = [
  { path: "/about", title: "About Us | PharmaCompare" },
  { path: "/contact", title: "Contact Us | PharmaCompare" },
  { path: "/privacy", title: "Privacy Policy | PharmaCompare" },
  { path: "/cookies", title: "Cookie Policy | PharmaCompare" },
  { path: "/disclaimer", title: "Medical Disclaimer | PharmaCompare" },
  { path: "/how-we-rank", title: "How we rank prices | PharmaCompare" },
] as const;

test("every page has its title, description and canonical address in the server's HTML", async ({
  request,
  baseURL,
}) => {
  for (const { path, title } of pages) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(`<title>${title}</title>`);
    expect(html, path).toMatch(/<meta name="description" content="[^"]{50,}"/);
    expect(html, path).toContain(`<link rel="canonical" href="${baseURL}${path}"/>`);
    // The stylesheet, which the first paint waits for, is the first thing <head> asks for: ahead of
    // the module preloads, so a slow connection fetches it first.
    const firstFetch = html.match(/<link [^>]*rel="(stylesheet|modulepreload)"[^>]*>/)?.[1];
    expect(firstFetch, path).toBe("stylesheet");
  }
});

for (const path of ["/contact", "/privacy", "/cookies", "/disclaimer", "/how-we-rank"]) {
  test(`${path} has a Back to Home link that goes home`, async ({ page }) => {
    await page.goto(path);
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
}

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 800 }, storageState: noConsent });

  test("/contact passes axe with the cookie banner showing", async ({ page }) => {
    await page.goto("/contact");
    await expect(banner(page)).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("nothing overflows sideways on the new pages", async ({ page }) => {
    for (const { path } of pages) {
      await page.goto(path);
      await expect(banner(page)).toBeVisible();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(375);
    }
  });
});

test("the UK price index: reached from the footer, a condition's table, and its CSV agrees with it", async ({
  page,
  request,
}) => {
  // Decision 061: navigation only (the footer), the month's conditions, then one condition's table.
  await page.goto("/about");
  await page.getByRole("contentinfo").getByRole("link", { name: "UK price index" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /^UK price index, / })).toBeVisible();
  await expect(page.getByText("CC BY 4.0").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "How the index is worked out" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Erectile Dysfunction", exact: true }).click();
  const table = page.getByRole("table", { name: /Erectile Dysfunction: median lowest prices/ });
  await expect(table).toBeVisible();
  const firstRow = table.getByRole("row").nth(1);
  const medication = (await firstRow.getByRole("rowheader").innerText()).trim();
  const cells = await firstRow.getByRole("cell").allInnerTexts();
  // The CSV of the month holds the same row, with the licence on its first line.
  const href = await page.getByRole("link", { name: /^Index, .* \(CSV\)$/ }).getAttribute("href");
  const csv = await (await request.get(href ?? "")).text();
  const lines = csv.split("\r\n");
  expect(lines[0]).toContain("CC BY 4.0");
  const [dosage, median] = cells as [string, string];
  const row = lines.find((line) => line.includes(`,${medication},${dosage},`));
  expect(row, `the CSV's row for ${medication} ${dosage}`).toBeDefined();
  expect(`£${row?.split(",")[5]}`).toBe(median.trim());
  // The JSON download is the same answer, its licence the first field.
  const jsonHref = await page.getByRole("link", { name: /^Index, .* \(JSON\)$/ }).getAttribute("href");
  const json = await (await request.get(jsonHref ?? "")).json();
  expect(Object.keys(json)[0]).toBe("licence");
});
