import {
  endpointUrl,
  type PharmacyPage,
  PRESCRIPTION_ONLY_NOTICE,
  publicEndpoints,
} from "@pharmacompare/contract";
import { type APIRequestContext, expect, test } from "@playwright/test";
import { demoPharmacies } from "../apps/api/src/demo-data/index.ts";
import { keepPicture } from "./support/page-checks.ts";
import { API_URL, fallbackOrigin } from "./support/stack.ts";

/**
 * Trust (issue 11): each price row shows the pharmacy's GPhC number linked to the register and
 * its name linked to the pharmacy's own page, which lists its delivery terms, registrations and
 * medications and describes the pharmacy to search engines. Reads only: the shared database is
 * left as it was.
 */
/** The second web server of playwright.config.ts: no API behind it. */
/** Kestrel Lane sells Sildenafil (it has an offer on it in the demo data). */
const ed = "/condition/erectile-dysfunction?medication=Sildenafil";
const KESTREL = "kestrel-lane-pharmacy";
const REGISTER = "https://www.pharmacyregulation.org/registers/pharmacy/registrationnumber/";

const byName = new Map(demoPharmacies.map((pharmacy) => [pharmacy.name, pharmacy]));

async function pharmacyPageData(request: APIRequestContext, id: string) {
  const response = await request.get(
    `${API_URL}${endpointUrl(publicEndpoints.pharmacyPage, { params: { id } })}`,
  );
  expect(response.status()).toBe(200);
  return (await response.json()) as PharmacyPage;
}

test("every price row shows its pharmacy's GPhC number, linked to the register, in the table and on phones", async ({
  page,
}) => {
  await page.goto(ed);
  const rows = page.getByRole("table").locator("tbody tr");
  const count = await rows.count();
  expect(count).toBeGreaterThan(1);
  for (const row of await rows.all()) {
    const name = (await row.getByRole("cell").nth(0).locator("p").first().innerText()).trim();
    const gphc = byName.get(name)?.gphcNumber;
    expect(gphc, `${name} is a demo pharmacy`).toMatch(/^1\d{6}$/);
    const link = row.getByRole("link", { name: new RegExp(`^GPhC ${gphc}: check .+ on the GPhC register`) });
    await expect(link).toHaveText(`GPhC ${gphc}`);
    await expect(link).toHaveAttribute("href", `${REGISTER}${gphc}`);
    await expect(link).toHaveAttribute("target", "_blank");
  }

  await keepPicture(page, "condition-1280.png", { fullPage: true });

  // On a phone the rows are cards, and each still shows the number.
  await page.setViewportSize({ width: 375, height: 800 });
  for (const row of await rows.all()) {
    await expect(row.getByRole("link", { name: /^GPhC 1\d{6}: check/ })).toBeVisible();
  }
});

test("a pharmacy's name in the table leads to its page", async ({ page }) => {
  await page.goto(ed);
  const kestrel = page.getByRole("row").filter({ hasText: "Kestrel Lane Pharmacy" });
  await kestrel.getByRole("link", { name: "Kestrel Lane Pharmacy", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/pharmacies/${KESTREL}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Kestrel Lane Pharmacy" })).toBeVisible();
  await expect(page).toHaveTitle("Kestrel Lane Pharmacy: prices, delivery and registration | PharmaCompare");
});

test("the pharmacy page shows its terms and registrations and lists its medications, each leading to its comparison", async ({
  page,
  request,
}) => {
  const { pharmacy, medications } = await pharmacyPageData(request, KESTREL);
  expect(medications.length).toBeGreaterThan(1);
  await page.goto(`/pharmacies/${KESTREL}`);

  const terms = page.getByRole("region", { name: "Delivery and ordering" });
  await expect(terms.getByRole("definition").first()).toHaveText(
    `£${pharmacy.deliveryFee.toFixed(2)} an order`,
  );
  await expect(terms).toContainText(`On orders of £${pharmacy.freeDeliveryThreshold.toFixed(2)} or more`);
  await expect(terms).toContainText(pharmacy.deliveryTime);

  const registration = page.getByRole("region", { name: "Registration" });
  await expect(registration).toContainText(pharmacy.gphcNumber);
  await expect(registration.getByRole("link", { name: /^Check on the GPhC register/ })).toHaveAttribute(
    "href",
    `${REGISTER}${pharmacy.gphcNumber}`,
  );
  expect(pharmacy.cqcNumber).toBeTruthy();
  await expect(registration.getByRole("link", { name: /^Check on the CQC register/ })).toHaveAttribute(
    "href",
    `https://www.cqc.org.uk/location/${pharmacy.cqcNumber}`,
  );
  await expect(page.getByRole("link", { name: /^Reviews on Trustpilot/ })).toHaveAttribute(
    "href",
    pharmacy.trustpilotUrl,
  );

  // Every medication the API lists, in its order, each with its cheapest price here.
  const list = page
    .getByRole("region", { name: "Medications at Kestrel Lane Pharmacy" })
    .getByRole("listitem");
  await expect(list).toHaveCount(medications.length);
  await expect(list.getByRole("heading", { level: 3 })).toHaveText(medications.map((entry) => entry.name));
  const first = medications[0];
  if (!first) throw new Error("no medication");
  await expect(list.first()).toContainText(`£${first.cheapest.price.toFixed(2)}`);
  await expect(list.first()).toContainText(first.cheapest.dosage);
  // A prescription-only medicine's line says so; the page says once what that means (decision 035).
  for (const [index, entry] of medications.entries()) {
    if (entry.legalCategory === "POM")
      await expect(list.nth(index)).toContainText(`Prescription-only${PRESCRIPTION_ONLY_NOTICE}.`);
    else await expect(list.nth(index)).not.toContainText("Prescription-only");
  }
  await expect(
    page
      .getByRole("region", { name: "Medications at Kestrel Lane Pharmacy" })
      .getByRole("paragraph")
      .filter({
        hasText: new RegExp(`^${PRESCRIPTION_ONLY_NOTICE}\\.$`),
      }),
  ).toBeVisible();

  await keepPicture(page, "pharmacy-1280.png", { fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await keepPicture(page, "pharmacy-375.png", { fullPage: true });

  // A medication leads to its comparison at the dosage shown, where this pharmacy's row has that price.
  await list.first().getByRole("link").click();
  await expect(page).toHaveURL((url) => url.pathname === `/condition/${first.subcategoryId}`);
  expect(new URL(page.url()).searchParams.get("medication")).toBe(first.name);
  expect(new URL(page.url()).searchParams.get("dosage")).toBe(first.cheapest.dosage);
  await expect(
    page.getByRole("heading", { name: `${first.name} ${first.cheapest.dosage} prices` }),
  ).toBeVisible();
  const card = page.getByRole("row").filter({ hasText: "Kestrel Lane Pharmacy" });
  await expect(card).toContainText(`£${first.cheapest.price.toFixed(2)}`);
  await keepPicture(page, "condition-375.png", { fullPage: true });
});

test("the pharmacy page's HTML, without JavaScript, describes the pharmacy to search engines", async ({
  request,
  baseURL,
}) => {
  const response = await request.get(`/pharmacies/${KESTREL}`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (match) => JSON.parse(match[1] ?? "null") as Record<string, unknown>,
  );
  const kestrel = demoPharmacies.find((pharmacy) => pharmacy.id === KESTREL);
  expect(blocks.find((block) => block["@type"] === "Pharmacy")).toMatchObject({
    "@context": "https://schema.org",
    "@id": `${baseURL}/pharmacies/${KESTREL}#pharmacy`,
    name: "Kestrel Lane Pharmacy",
    url: kestrel?.website,
    identifier: [
      {
        "@type": "PropertyValue",
        propertyID: "GPhC premises registration number",
        value: kestrel?.gphcNumber,
      },
      { "@type": "PropertyValue", propertyID: "CQC location ID", value: kestrel?.cqcNumber },
    ],
  });
  expect(blocks.find((block) => block["@type"] === "BreadcrumbList")).toMatchObject({
    itemListElement: [
      { position: 1, name: "Home", item: `${baseURL}/` },
      { position: 2, name: "Kestrel Lane Pharmacy" },
    ],
  });
  expect(html).toContain(`<link rel="canonical" href="${baseURL}/pharmacies/${KESTREL}"`);

  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const pharmacy of demoPharmacies)
    expect(sitemap).toContain(`<loc>${baseURL}/pharmacies/${pharmacy.id}</loc>`);
});

test("an unknown pharmacy answers 404 with a page saying so", async ({ page }) => {
  const response = await page.goto("/pharmacies/no-such-pharmacy");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Pharmacy Not Found" })).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
});

test("without the API, the price rows vouch for no one and the pharmacy page says it is unavailable", async ({
  page,
}) => {
  await page.goto(`${fallbackOrigin}/condition/erectile-dysfunction`);
  const rows = page.getByRole("table").locator("tbody tr");
  expect(await rows.count()).toBeGreaterThan(0);
  await expect(rows.getByRole("link", { name: /^GPhC / })).toHaveCount(0);
  await expect(rows.first().getByRole("cell").first().getByRole("link")).toHaveCount(0);

  const response = await page.goto(`${fallbackOrigin}/pharmacies/${KESTREL}`);
  expect(response?.status()).toBe(503);
  await expect(page.getByRole("heading", { level: 1, name: "Pharmacy unavailable" })).toBeVisible();
});
