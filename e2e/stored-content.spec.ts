import {
  adminEndpoints,
  type ConditionPage,
  type ContactPage,
  type endpointUrl,
  publicEndpoints,
} from "@pharmacompare/contract";
import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { adminHeaders, apiAddress } from "./support/admin-api.ts";
import { openBackOffice, signedInForThisSpec } from "./support/admin-session.ts";

/**
 * Content that staff or visitors write never runs (issue 12): hostile payloads are stored through
 * the API in every field that reaches a page, then every public page and back-office screen that
 * shows them is opened in Chromium. A payload that ran would set `window.__pwned` or open a dialog.
 * Everything made here is deleted again, so later journeys see the demo data.
 *
 * The subscriptions CSV export's formula neutralising is checked end to end in admin-inbox.spec.ts
 * (an address starting with "-2+3" comes back prefixed with a quote); it is the only CSV export.
 */
signedInForThisSpec();
const STAMP = `xss${Date.now()}`;

const SCRIPT = "<script>window.__pwned=1</script>";
const IMG = `<img src=x onerror="window.__pwned=1">`;
const BREAKER = `" onmouseover="window.__pwned=1" x="`;
const JS_ANCHOR = `<a href="javascript:window.__pwned=1">anchor ${STAMP}</a>`;
const MD_JS_LINK = `[js link ${STAMP}](javascript:window.__pwned=1)`;
const MD_DATA_LINK = `[data link ${STAMP}](data:text/html,<script>window.__pwned=1</script>)`;

declare global {
  interface Window {
    __pwned?: number;
  }
}

const made: {
  headers: Record<string, string>;
  postId?: string;
  slug: string;
  messageId?: string;
  pharmacyId?: string;
  medicationId?: string;
  medicationName: string;
  pharmacyName: string;
} = {
  headers: {},
  slug: `stored-${STAMP}`,
  medicationName: `${STAMP} ${IMG}`,
  pharmacyName: `${STAMP} ${SCRIPT}`,
};

/** Deletes by id what this file made, then anything else carrying its stamp (a half-finished run). */
async function cleanUp(request: APIRequestContext) {
  const headers = await adminHeaders(request);
  const del = (endpoint: Parameters<typeof endpointUrl>[0], id: string) =>
    request.delete(apiAddress(endpoint, { params: { id } }), { headers });
  if (made.messageId) await del(adminEndpoints.deleteAdminMessage, made.messageId);
  if (made.postId) await del(adminEndpoints.deleteBlogPost, made.postId);
  if (made.medicationId) await del(adminEndpoints.deleteMedication, made.medicationId);
  if (made.pharmacyId) await del(adminEndpoints.deletePharmacy, made.pharmacyId);
  const contacts = await request.get(
    apiAddress(adminEndpoints.listContacts, { query: { search: STAMP, limit: 100 } }),
    {
      headers,
    },
  );
  for (const contact of ((await contacts.json()) as ContactPage).contacts) {
    await del(adminEndpoints.deleteContact, contact._id);
  }
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ request }) => {
  const headers = await adminHeaders(request);
  made.headers = headers;
  const condition = (await (
    await request.get(
      apiAddress(publicEndpoints.conditionPage, {
        params: { subcategoryId: "erectile-dysfunction" },
        query: { medication: "Sildenafil" },
      }),
    )
  ).json()) as ConditionPage;
  const sildenafilId = condition.comparison?.medication.id ?? "";
  expect(sildenafilId).not.toBe("");

  // Pharmacy: the website must be an http(s) address, so script and data addresses are refused.
  const pharmacy = (website: string, gphcNumber: string) => ({
    name: made.pharmacyName,
    website,
    gphcNumber,
    description: `${IMG} ${BREAKER}`,
    trustpilotUrl: "",
  });
  for (const website of ["javascript:window.__pwned=1", "data:text/html,<script>window.__pwned=1</script>"]) {
    const refused = await request.post(apiAddress(adminEndpoints.createPharmacy), {
      headers,
      data: pharmacy(website, "1999001"),
    });
    expect(refused.status(), website).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("website");
  }
  // An http address can still carry markup in its query; a free GPhC number is found by trying.
  for (let attempt = 0; attempt < 20 && !made.pharmacyId; attempt += 1) {
    const gphc = `1${String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0")}`;
    const created = await request.post(apiAddress(adminEndpoints.createPharmacy), {
      headers,
      data: pharmacy(`https://example.com/?q="><script>window.__pwned=1</script>`, gphc),
    });
    if (created.status() === 409) continue;
    expect(created.status()).toBe(201);
    made.pharmacyId = ((await created.json()) as { id: string }).id;
  }
  expect(made.pharmacyId).toBeDefined();

  // Medication in the same condition, priced at that pharmacy; a javascript: price link is refused.
  const medication = (link: string) => ({
    name: made.medicationName,
    category: condition.category.id,
    subcategory: condition.subcategory.id,
    description: `${SCRIPT} ${BREAKER}`,
    dosage: ["50mg"],
    prices: [{ pharmacyId: made.pharmacyId ?? "", dosage: "50mg", price: 1.23, link }],
  });
  const badLink = await request.post(apiAddress(adminEndpoints.createMedication), {
    headers,
    data: medication("javascript:window.__pwned=1"),
  });
  expect(badLink.status()).toBe(400);
  const createdMedication = await request.post(apiAddress(adminEndpoints.createMedication), {
    headers,
    data: medication("https://example.com/buy"),
  });
  expect(createdMedication.status()).toBe(201);
  made.medicationId = ((await createdMedication.json()) as { id: string }).id;

  const post = await request.post(apiAddress(adminEndpoints.createBlogPost), {
    headers,
    data: {
      title: `${STAMP} ${SCRIPT}`,
      slug: made.slug,
      excerpt: `${IMG} excerpt`,
      metaDescription: `${BREAKER} description`,
      content: [
        `Body ${STAMP}`,
        SCRIPT,
        IMG,
        JS_ANCHOR,
        MD_JS_LINK,
        MD_DATA_LINK,
        `![picture ${STAMP}](data:image/svg+xml,<svg onload="window.__pwned=1"/>)`,
        `Quoted ${BREAKER}`,
      ].join("\n\n"),
      tags: [`${STAMP}<b>tag</b>`],
      published: true,
    },
  });
  expect(post.status()).toBe(201);
  made.postId = ((await post.json()) as { post: { _id: string } }).post._id;

  const message = await request.post(apiAddress(adminEndpoints.createAdminMessage), {
    headers,
    data: {
      medicationId: sildenafilId,
      title: `${STAMP} ${IMG}`,
      message: `${JS_ANCHOR} ${BREAKER} ${SCRIPT}`,
    },
  });
  expect(message.status()).toBe(201);
  made.messageId = ((await message.json()) as { _id: string })._id;

  // Contact: the subject is one of a fixed list, so markup there is refused; the rest is stored.
  const contact = {
    name: `${STAMP} ${SCRIPT}`,
    email: `visitor.${STAMP}@example.co.uk`,
    subject: "pricing",
    message: `${IMG} ${JS_ANCHOR} ${BREAKER} data:text/html,<script>window.__pwned=1</script>`,
  };
  const badSubject = await request.post(apiAddress(publicEndpoints.sendContactMessage), {
    data: { ...contact, subject: SCRIPT },
  });
  expect(badSubject.status()).toBe(400);
  const sent = await request.post(apiAddress(publicEndpoints.sendContactMessage), { data: contact });
  expect(sent.status()).toBe(201);
});

test.afterAll(async ({ request }) => cleanUp(request));

/** Watches for a dialog (alert, confirm, prompt) opened by anything on the page. */
function watchDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on("dialog", async (dialog) => {
    opened.push(dialog.message());
    await dialog.dismiss();
  });
  return opened;
}

/** Nothing ran, no link or frame points at a script or data address, no handler attribute exists. */
async function expectInert(page: Page, opened: string[]) {
  // Move the pointer over everything showing our stamp (links and text), where an injected
  // mouseover handler would fire; positions are read in one go, as the page may re-render.
  const spots = await page.evaluate((stamp) => {
    const boxes: { x: number; y: number }[] = [];
    for (const element of document.querySelectorAll("body *:not(option):not(script)")) {
      if (!element.textContent?.includes(stamp) || element.children.length > 3) continue;
      const box = element.getBoundingClientRect();
      if (box.width > 0 && box.height > 0) {
        boxes.push({ x: box.x + window.scrollX + box.width / 2, y: box.y + window.scrollY + box.height / 2 });
      }
    }
    return boxes;
  }, STAMP);
  for (const spot of spots) {
    await page.evaluate((y) => window.scrollTo(0, Math.max(0, y - 200)), spot.y);
    const scrolled = await page.evaluate(() => ({ x: window.scrollX, y: window.scrollY }));
    await page.mouse.move(spot.x - scrolled.x, spot.y - scrolled.y);
  }
  const found = await page.evaluate(() => ({
    pwned: window.__pwned,
    badLinks: [...document.querySelectorAll("[href],[src],[action],[formaction]")]
      .flatMap((element) =>
        ["href", "src", "action", "formaction"].map((name) => element.getAttribute(name) ?? ""),
      )
      .filter((value) => /^\s*(javascript|data:text|vbscript)/i.test(value)),
    handlers: [...document.querySelectorAll("body *")].filter((element) =>
      element.getAttributeNames().some((name) => /^on/i.test(name)),
    ).length,
  }));
  expect(found).toEqual({ pwned: undefined, badLinks: [], handlers: 0 });
  expect(opened).toEqual([]);
}

test("public pages show the stored payloads as text and run none of them", async ({ page }) => {
  const opened = watchDialogs(page);

  await page.goto("/blog");
  await expect(page.getByText(`${STAMP} ${SCRIPT}`).first()).toBeVisible();
  await expectInert(page, opened);

  await page.goto(`/blog/${made.slug}`);
  await expect(page.getByRole("heading", { level: 1, name: `${STAMP} ${SCRIPT}` })).toBeVisible();
  // Script and data addresses keep their words but lose the link.
  await expect(page.getByText(`js link ${STAMP}`)).toBeVisible();
  await expect(page.getByRole("link", { name: `js link ${STAMP}` })).toHaveCount(0);
  await expect(page.getByText(`data link ${STAMP}`)).toBeVisible();
  await expect(page.getByRole("link", { name: `data link ${STAMP}` })).toHaveCount(0);
  await expect(page.getByText(`Quoted ${BREAKER}`)).toBeVisible();
  await expectInert(page, opened);

  await page.goto("/condition/erectile-dysfunction?medication=Sildenafil");
  const notices = page.getByRole("region", { name: "Notices" });
  await expect(notices.getByText(`${STAMP} ${IMG}`)).toBeVisible();
  await expect(notices).toContainText(`${JS_ANCHOR} ${BREAKER} ${SCRIPT}`);
  await expectInert(page, opened);

  await page.goto(`/condition/erectile-dysfunction?medication=${encodeURIComponent(made.medicationName)}`);
  await expect(page.getByText(made.pharmacyName).first()).toBeVisible();
  await expectInert(page, opened);

  await page.goto(`/pharmacies/${made.pharmacyId}`);
  await expect(page.getByRole("heading", { level: 1, name: made.pharmacyName })).toBeVisible();
  await expectInert(page, opened);

  await page.goto(`/search?q=${STAMP}`);
  await expect(page.getByText(made.medicationName).first()).toBeVisible();
  await expectInert(page, opened);
});

test("back-office screens show the stored payloads as text and run none of them", async ({ page }) => {
  test.setTimeout(90_000);
  const opened = watchDialogs(page);
  await openBackOffice(page);
  await expectInert(page, opened);

  const screens: [string, string][] = [
    [`/admin/blog?search=${STAMP}`, `${STAMP} ${SCRIPT}`],
    [`/admin/blog/edit/${made.postId}`, `${STAMP} ${SCRIPT}`],
    [`/admin/messages?search=${STAMP}`, `${STAMP} ${IMG}`],
    [`/admin/pharmacies?search=${STAMP}`, made.pharmacyName],
    [`/admin/pharmacies/edit/${made.pharmacyId}`, made.pharmacyName],
    [`/admin/medications?search=${STAMP}`, made.medicationName],
    [`/admin/medications/edit/${made.medicationId}`, made.medicationName],
    ["/admin/audit", STAMP],
  ];
  for (const [path, shown] of screens) {
    await page.goto(path);
    // Lists show it as text; forms hold it as a field's value.
    await expect
      .poll(
        () =>
          page.evaluate(
            (value) =>
              [...document.querySelectorAll<HTMLElement>("body *")].some(
                (element) =>
                  element.checkVisibility() &&
                  (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
                    ? element.value === value
                    : element.children.length === 0 && element.textContent?.includes(value)),
              ),
            shown,
          ),
        { message: path },
      )
      .toBe(true);
    await expectInert(page, opened);
  }

  await page.goto(`/admin/contacts?search=${STAMP}`);
  const row = page.getByRole("row").filter({ hasText: STAMP });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${STAMP} ${SCRIPT}`);
  await expectInert(page, opened);
  await row.getByRole("button", { name: /View/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`${STAMP} ${SCRIPT}`);
  await expect(dialog).toContainText(`${IMG} ${JS_ANCHOR}`);
  await expectInert(page, opened);
});
