import { readFileSync } from "node:fs";
import {
  AdminPharmacy,
  adminEndpoints,
  type ConditionPage,
  clickOutUrl,
  endpointUrl,
  publicEndpoints,
  type ServiceHealth,
} from "@pharmacompare/contract";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { adminHeaders } from "./support/admin-api.ts";
import { openBackOffice, signedInForThisSpec } from "./support/admin-session.ts";
import { expectNoLayoutFaults } from "./support/layout-check.ts";
import { expectNoAxeViolations, keepPicture } from "./support/page-checks.ts";
import { API_URL } from "./support/stack.ts";

/**
 * Counted click-outs (issue 31, decision 044): "Visit pharmacy" goes through the API's /go address
 * and lands on the stored link with the pharmacy's referral; the dashboard then shows the visit
 * (read at 375 and 1280 px, axe clean), and the monthly CSV for invoicing downloads. The journeys
 * share the e2e database: the referral set here is cleared again in afterAll.
 */
signedInForThisSpec();
const CONDITION = "erectile-dysfunction";
const REFERRAL = "utm_source=pharmacompare&ref=e2e-click";
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function setReferral(request: APIRequestContext, pharmacyId: string, referralParams: string) {
  const answer = await request.put(
    `${API_URL}${endpointUrl(adminEndpoints.updatePharmacy, { params: { id: pharmacyId } })}`,
    { headers: await adminHeaders(request), data: { referralParams } },
  );
  expect(answer.ok(), await answer.text()).toBe(true);
}

/**
 * The cheapest priced pharmacy of the condition page (Viagra, prescription-only) whose visits start
 * at its consultation or not (decision 058): its name, its stored link and the page's address.
 */
async function offer(request: APIRequestContext, consultation = false) {
  const answer = await request.get(
    `${API_URL}${endpointUrl(publicEndpoints.conditionPage, { params: { subcategoryId: CONDITION } })}`,
  );
  expect(answer.ok()).toBe(true);
  const page = (await answer.json()) as ConditionPage;
  const price = page.comparison?.prices.find(
    (entry) => entry.link && Boolean(entry.pharmacy.startsAtConsultation) === consultation,
  );
  if (!page.comparison || !price?.link)
    throw new Error("the demo data has no linked price on the condition page");
  return {
    priceId: price._id,
    pharmacyId: price.pharmacyId,
    pharmacyName: price.pharmacy.name,
    link: price.link,
    medicationName: page.comparison.medication.name,
    url: `/condition/${CONDITION}?${new URLSearchParams({
      medication: page.comparison.medication.name,
      dosage: page.comparison.dosage,
    })}`,
  };
}

let referred: string | null = null;
test.afterAll(async ({ request }) => {
  if (referred) await setReferral(request, referred, "");
});

test("Visit pharmacy is counted on our address and lands on the stored link with the referral", async ({
  page,
  context,
  request,
}) => {
  const chosen = await offer(request);
  await setReferral(request, chosen.pharmacyId, REFERRAL);
  referred = chosen.pharmacyId;
  await page.goto(chosen.url);
  const visit = page.getByRole("link", {
    name: `Visit pharmacy: ${chosen.pharmacyName} (opens in a new tab)`,
  });
  await expect(visit).toHaveAttribute("href", new RegExp(`^${API_URL}/go/[0-9a-f-]{36}\\?from=comparison$`));
  await expect(visit).toHaveAttribute("rel", "sponsored noopener");
  await expect(visit).toHaveAttribute("target", "_blank");

  // The pharmacies' sites are fictional (.example, unreachable here): the browser's request for the
  // page the redirect names is what a visitor would land on.
  const pharmacyOrigin = new URL(chosen.link).origin;
  const [landing] = await Promise.all([
    context.waitForEvent("request", { predicate: (request) => request.url().startsWith(pharmacyOrigin) }),
    visit.click(),
  ]);
  expect(landing.url()).toBe(`${chosen.link}${chosen.link.includes("?") ? "&" : "?"}${REFERRAL}`);
  expect(landing.redirectedFrom()?.url()).toMatch(
    new RegExp(`^${API_URL}/go/[0-9a-f-]{36}\\?from=comparison$`),
  );
  for (const opened of context.pages()) if (opened !== page) await opened.close();

  // How we rank names the pharmacies that pay a commission, the one with a referral among them.
  await page.goto("/how-we-rank");
  const paid = page.getByRole("region", { name: "3. How we are paid" });
  await expect(paid.getByRole("link", { name: chosen.pharmacyName })).toHaveAttribute(
    "href",
    `/pharmacies/${chosen.pharmacyId}`,
  );
  await expect(paid).toContainText("A commission never changes the order");
});

test("Start a consultation: a prescription-only visit lands on the pharmacy's consultation address", async ({
  page,
  context,
  request,
}) => {
  // The demo gives some pharmacies a consultation address (decision 058); Viagra is prescription-only.
  const chosen = await offer(request, true);
  const answer = await request.get(
    `${API_URL}${endpointUrl(adminEndpoints.getAdminPharmacy, { params: { id: chosen.pharmacyId } })}`,
    { headers: await adminHeaders(request) },
  );
  const { consultationUrl, referralParams } = AdminPharmacy.parse((await answer.json()).pharmacy);
  expect(consultationUrl).toMatch(/^https:\/\//);
  // The medication's name where the address asks for it, then the pharmacy's referral (decision 044).
  const named = consultationUrl.replace("{medication}", encodeURIComponent(chosen.medicationName));
  const expected = referralParams ? `${named}${named.includes("?") ? "&" : "?"}${referralParams}` : named;

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(chosen.url);
  const start = page.getByRole("link", {
    name: `Start a consultation: ${chosen.pharmacyName} (opens in a new tab)`,
  });
  // Its own row (another row names it too, in "Compare with … side by side").
  const row = page.getByRole("row").filter({ has: start });
  await expect(start).toHaveText("Start a consultation");
  await expect(start).toHaveAttribute("href", new RegExp(`^${API_URL}/go/[0-9a-f-]{36}\\?from=comparison$`));
  // Other rows of the same medicine keep "Visit pharmacy" where the pharmacy has no consultation address.
  await expect(page.getByRole("link", { name: /^Visit pharmacy: / }).first()).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectNoLayoutFaults(page, `${width} px`);
    await expectNoAxeViolations(page, { at: `${width} px` });
    await keepPicture(row, `consultation-row-${width}.png`);
  }

  const origin = new URL(consultationUrl).origin;
  const [landing] = await Promise.all([
    context.waitForEvent("request", { predicate: (each) => each.url().startsWith(origin) }),
    start.click(),
  ]);
  expect(landing.url()).toBe(expected);
  expect(landing.url()).not.toBe(chosen.link);
  for (const opened of context.pages()) if (opened !== page) await opened.close();
});

test("the dashboard shows the click-out at 375 and 1280 px, and the monthly CSV downloads", async ({
  page,
  request,
}) => {
  const chosen = await offer(request);
  // One more visit of our own, so this journey does not lean on the one before.
  const visit = await request.get(clickOutUrl(API_URL, chosen.priceId, "comparison"), {
    maxRedirects: 0,
    headers: { "user-agent": BROWSER },
  });
  expect(visit.status()).toBe(302);
  // The API writes its counts every few seconds (decision 044): wait until this one is in.
  const headers = await adminHeaders(request);
  await expect
    .poll(
      async () => {
        const answer = await request.get(`${API_URL}${endpointUrl(adminEndpoints.serviceHealth)}`, {
          headers,
        });
        const health = (await answer.json()) as ServiceHealth;
        return health.clickOuts.byPharmacy.some((row) => row.pharmacyId === chosen.pharmacyId);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await openBackOffice(page);
  const byPharmacy = page.getByRole("region", { name: "Click-outs by pharmacy" });
  await expect(byPharmacy.getByRole("link", { name: chosen.pharmacyName })).toBeVisible();
  await expect(page.getByText(/^As of \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2} · the last 30 days/)).toBeVisible();
  // The chart's figures are a table for screen readers.
  await expect(page.getByRole("table", { name: "Click-outs to pharmacies by day" })).toBeAttached();
  await expect(byPharmacy.getByRole("link", { name: chosen.pharmacyName })).toHaveAttribute(
    "href",
    `/admin/pharmacies/edit/${chosen.pharmacyId}`,
  );

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const health = page.getByRole("region", { name: "Is everything working?" });
    await expect(health).toBeVisible();
    // Nothing wider than the screen: the charts and lists fit a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, { at: `${width} px` });
    await keepPicture(page, `dashboard-health-${width}.png`, { fullPage: true });
    await keepPicture(health.getByRole("list").first(), `dashboard-waiting-${width}.png`);
    await keepPicture(
      page.getByRole("figure", { name: "Price alerts by week" }),
      `dashboard-alerts-${width}.png`,
    );
    await keepPicture(
      page.getByRole("region", { name: "Click-outs for invoicing" }),
      `dashboard-csv-${width}.png`,
    );
  }

  const thisMonth = new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/London",
    year: "numeric",
    month: "2-digit",
  })
    .format(new Date())
    .slice(0, 7);
  await page.getByLabel("From month").fill(thisMonth);
  await page.getByLabel("To month").fill(thisMonth);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`click-outs_${thisMonth}_${thisMonth}.csv`);
  const text = readFileSync(await download.path(), "utf8");
  const lines = text.split("\r\n");
  expect(lines[0]).toBe("Month,Pharmacy,Pharmacy ID,Click-outs");
  expect(lines.find((line) => line.includes(`,${chosen.pharmacyId},`))).toMatch(
    new RegExp(`^${thisMonth},.+,${chosen.pharmacyId},[1-9]\\d*$`),
  );
});
