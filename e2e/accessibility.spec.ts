import {
  type AdminBlogPost,
  type AdminMedication,
  adminEndpoints,
  type ContactPage,
  endpointUrl,
  type HeldRowList,
  lastCompleteMonth,
  type PriceAlertPage,
  publicEndpoints,
  type SubscriptionList,
} from "@pharmacompare/contract";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { demoPharmacies } from "../apps/api/src/demo-data/index.ts";
import { edgeCases } from "./fixtures/edge-cases.ts";
import { adminHeaders } from "./support/admin-api.ts";
import { ADMIN, signIn, submitSignIn } from "./support/admin-session.ts";
import { startFeedServer } from "./support/feed-server.ts";
import { keepLayoutPicture, LAYOUT_WIDTHS, layoutFaults } from "./support/layout-check.ts";
import { expectNoAxeViolations, picturesWanted, WCAG_22_AA } from "./support/page-checks.ts";
import { API_URL, fallbackOrigin } from "./support/stack.ts";

/**
 * The page sweep (issues 12, 26 and 41): every page and state, public and back-office — each public
 * page and state, the API-down pages of the fallback server, the day-thirty states (stale and
 * hidden prices, long names, twenty pharmacies and one), and every back-office screen with its
 * dialogs, forms, refusals and a toast. One page load per case: the state is set up at 375 px, then
 * the window is widened to 768, 1280 and 1920 px. At each width the layout check looks for
 * overlapping text, clipped text and sideways scroll (e2e/support/layout-check.ts); pictures are
 * kept (test-results/layout) at any width with a fault, and at every width when E2E_SCREENSHOTS is
 * set; at 375 and 1280 px axe runs every WCAG 2.2 A and AA rule. The back-office is signed in once
 * per worker. Other journeys scan only a state that exists nowhere
 * here (docs/testing.md).
 */
const STAMP = `axe${Date.now()}`;
const BAD_TOKEN = "0123456789abcdefghijklmnopqrstuvwxyz";

/** Waits until the page has its heading and nothing on it is still loading. */
async function ready(page: Page) {
  await expect(page.locator("h1").first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** The widths axe scans at: a phone and a laptop (the layout check takes all four). */
const AXE_WIDTHS: readonly number[] = [375, 1280];

/** Presses the first visible button whose name matches, and waits for the dialog it opens. */
function opensDialog(button: RegExp, role: "dialog" | "alertdialog", dialog: string) {
  return async (page: Page) => {
    await page.getByRole("button", { name: button }).filter({ visible: true }).first().click();
    await expect(page.getByRole(role, { name: dialog })).toBeVisible();
  };
}

/**
 * Checks the page as it is at each width in turn (the state set up stays while the window changes):
 * its layout and a picture at every width, axe at two. Fails once, naming every layout fault.
 */
async function expectSoundAtEveryWidth(page: Page, name: string) {
  const faults: string[] = [];
  for (const width of LAYOUT_WIDTHS) {
    if (page.viewportSize()?.width !== width) {
      await page.setViewportSize({ width, height: 800 });
      // A frame for the new layout (and what React redraws for it) before anything looks.
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
    }
    const found = await layoutFaults(page);
    for (const fault of found) faults.push(`${width} px ${fault.kind}: ${fault.detail}`);
    // A picture at any width with a fault, and at every width when E2E_SCREENSHOTS asks for them
    // to be looked at (docs/testing.md): timed per step, the two whole-page pictures of a passing
    // case were a third of its time (about 2 s each on the loaded machine), and went unread.
    if (found.length > 0 || picturesWanted()) {
      await keepLayoutPicture(page, `${name}-${width}`);
    }
    if (AXE_WIDTHS.includes(width))
      await expectNoAxeViolations(page, { tags: WCAG_22_AA, at: `${width} px` });
  }
  expect(faults, `layout faults on ${name}`).toEqual([]);
}

type Case = { name: string; path: string; act?: (page: Page) => Promise<void> };

const pharmacyId = demoPharmacies[0]?.id ?? "";
/** The price index's month the demo holds: its last complete one (decision 061). */
const indexMonth = lastCompleteMonth(new Date());
const { freshness, layout } = edgeCases;

const publicCases: Case[] = [
  { name: "home", path: "/" },
  { name: "condition", path: "/condition/erectile-dysfunction" },
  {
    name: "condition sorted by total",
    path: "/condition/erectile-dysfunction?medication=Sildenafil&sort=total",
  },
  {
    // Mounjaro's starting dose has introductory prices in the demo: this is also the default
    // view of them, the first 3 months (decision 057).
    name: "condition with notices",
    path: "/condition/weight-loss-medications?medication=Mounjaro",
    act: (page) => expect(page.getByRole("region", { name: "Notices" })).toBeVisible(),
  },
  {
    // Introductory prices (decision 057): both prices in a row and the view switch, in the view
    // with the most words per row (ongoing, by total with fees).
    name: "condition with introductory prices",
    path: "/condition/weight-loss-medications?medication=Mounjaro&view=ongoing&sort=total",
    act: (page) => expect(page.getByText(/first month, then/).first()).toBeVisible(),
  },
  {
    // Price context (decision 059): the label and sentence above the history, and the demo's
    // list-price change marked on the chart and listed under it.
    name: "condition with price context and an event on the history",
    path: "/condition/weight-loss-medications?medication=Mounjaro",
    act: async (page) => {
      const history = page.getByRole("region", { name: "Price history", exact: true });
      await history.scrollIntoViewIfNeeded();
      await expect(history.getByTestId("price-history-event-mark")).toBeVisible();
    },
  },
  {
    // A price first seen when the stack started: too little history to compare (decision 059).
    name: "condition with a new price and no history",
    path: `/condition/${layout.conditionId}?medication=${layout.single.name}`,
    act: async (page) => {
      await expect(page.getByTestId("price-context")).toContainText("not enough history to compare");
      const history = page.getByRole("region", { name: "Price history", exact: true });
      await history.scrollIntoViewIfNeeded();
      await expect(history.getByRole("img")).toBeVisible();
    },
  },
  {
    name: "No Prices Available",
    path: `/condition/${edgeCases.unpricedMedication.subcategoryId}?medication=${edgeCases.unpricedMedication.name}`,
    act: (page) => expect(page.getByText("No Prices Available")).toBeVisible(),
  },
  { name: "condition with no medications", path: `/condition/${edgeCases.emptyCondition.id}` },
  // The NHS route beside the prices (decision 056): charged with its course line, free, not available.
  {
    name: "condition with NHS charges and the course's NHS figure",
    path: "/condition/erectile-dysfunction?medication=Sildenafil&horizon=12",
    act: (page) => expect(page.getByRole("region", { name: "On the NHS" })).toBeVisible(),
  },
  {
    name: "condition free on the NHS",
    path: "/condition/oral-contraceptives",
    act: (page) => expect(page.getByText("Contraception is free on the NHS.")).toBeVisible(),
  },
  {
    name: "condition not on the NHS",
    path: "/condition/hair-loss?medication=Finasteride",
    act: (page) => expect(page.getByRole("region", { name: "On the NHS" })).toBeVisible(),
  },
  {
    // A price past the stale limit carries its words and its last confirmation (decision 048).
    name: "condition with a price that may be out of date",
    path: `/condition/${edgeCases.freshness.conditionId}`,
    act: (page) => expect(page.getByText("Price may be out of date")).toBeVisible(),
  },
  {
    name: "condition with a price gone after 14 days",
    path: `/condition/${freshness.conditionId}?${new URLSearchParams({ medication: freshness.medication.name, dosage: freshness.hidden.dosage })}`,
  },
  {
    // Twenty pharmacies, one with a long name, a stale and a hidden price, a long medication name
    // and dosage, a price without a link (e2e/fixtures/edge-cases.ts).
    name: "condition with twenty pharmacies and long names",
    path: `/condition/${layout.conditionId}?${new URLSearchParams({ medication: layout.crowded.name, dosage: layout.crowded.dosage })}`,
    act: async (page) => {
      await expect(page.getByText(layout.longPharmacy.name).first()).toBeVisible();
      // The longest notice staff may write, with a long source address (decision 060).
      await expect(page.getByRole("region", { name: /^Supply notice: / })).toBeVisible();
    },
  },
  {
    // Supply (decision 060): the stock line and an active notice with its source.
    name: "condition with a supply notice",
    path: `/condition/weight-loss-medications?${new URLSearchParams({ medication: "Wegovy", dosage: "2.4mg (1 pen, 4 doses)" })}`,
    act: (page) => expect(page.getByRole("region", { name: /^Supply notice: Wegovy/ })).toBeVisible(),
  },
  {
    name: "condition with one pharmacy",
    path: `/condition/${layout.conditionId}?${new URLSearchParams({ medication: layout.single.name, dosage: layout.single.dosage })}`,
  },
  {
    name: "compare with a stale price",
    path: `/compare?medication=${freshness.medication.id}&a=${freshness.pharmacies[0].id}&b=${freshness.pharmacies[1].id}`,
  },
  {
    name: "compare with a long pharmacy name",
    path: `/compare?medication=${layout.crowded.id}&a=${layout.longPharmacy.id}&b=${pharmacyId}`,
  },
  { name: "Condition Not Found", path: "/condition/no-such-condition" },
  { name: "search with results", path: "/search?q=sildenafil" },
  { name: "search with no results", path: "/search?q=zzqqxx" },
  { name: "search without a term", path: "/search" },
  { name: "404 page", path: "/no-such-page" },
  { name: "blog list", path: "/blog" },
  { name: "article", path: "/blog/wegovy-vs-mounjaro-comparing-uk-online-prices" },
  { name: "Article Not Found", path: "/blog/no-such-article" },
  { name: "pharmacy page", path: `/pharmacies/${pharmacyId}` },
  { name: "pharmacy page with a long name", path: `/pharmacies/${layout.longPharmacy.id}` },
  { name: "Pharmacy Not Found", path: "/pharmacies/no-such-pharmacy" },
  { name: "about", path: "/about" },
  { name: "contact", path: "/contact" },
  {
    name: "contact with errors shown",
    path: "/contact",
    act: async (page) => {
      // The browser accepts this address; the API refuses it (a one-letter top-level domain): the form shows why.
      await page.getByLabel("Name", { exact: true }).fill("Axe Visitor");
      await page.getByLabel("Email", { exact: true }).fill("visitor@example.c");
      await page.getByLabel("Subject", { exact: true }).selectOption({ label: "Pricing Question" });
      await page
        .getByLabel("Message", { exact: true })
        .fill("A question about prices, sent by the accessibility journey.");
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByRole("alert").filter({ hasText: /\w/ }).first()).toBeVisible();
      await expect(page.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
    },
  },
  { name: "privacy", path: "/privacy" },
  { name: "cookies", path: "/cookies" },
  { name: "disclaimer", path: "/disclaimer" },
  { name: "how we rank", path: "/how-we-rank" },
  // The monthly UK price index (decision 061): the demo's last complete month, computed at seed.
  { name: "price index", path: "/price-index" },
  {
    name: "price index, a condition's month with its table and chart",
    path: `/price-index/${indexMonth}/erectile-dysfunction`,
    act: (page) => expect(page.getByRole("img", { name: /price index from/ })).toBeVisible(),
  },
  {
    // Many conditions with long names in a month's list, the month's archive beside it.
    name: "price index, a month",
    path: `/price-index/${indexMonth}`,
  },
  { name: "price index, a month not computed", path: "/price-index/1999-01" },
  { name: "subscribe", path: "/subscribe" },
  ...(["confirm", "unsubscribe"] as const).map((link) => ({
    name: `${link} with a bad token, after pressing its button`,
    path: `/${link}?token=${BAD_TOKEN}`,
    act: async (page: Page) => {
      const button = page.getByRole("main").getByRole("button");
      await button.click();
      await page.waitForLoadState("networkidle");
    },
  })),
  { name: "manage emails without a link", path: "/manage-emails" },
  { name: "home with the API down", path: `${fallbackOrigin}/` },
  { name: "condition with the API down", path: `${fallbackOrigin}/condition/erectile-dysfunction` },
];

/** A picture's file name for a case: "public-condition-with-no-medications". */
const pictureName = (tier: string, name: string) =>
  `${tier}-${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}`;

test.describe("public pages at every width", () => {
  // Each case stands alone, so both workers share them: as one file's serial run, the sweep was the
  // longest piece of work a worker could take, and decided when the journeys ended (issue 26).
  // Four widths and two axe scans of a twenty-row screen took over 30 s on a loaded two-core machine.
  test.describe.configure({ mode: "parallel", timeout: 60_000 });
  test.use({ viewport: { width: LAYOUT_WIDTHS[0], height: 800 } });
  for (const { name, path, act } of publicCases) {
    test(`${name} (${path}) passes axe and lays out`, async ({ page }) => {
      await page.goto(path);
      await ready(page);
      await act?.(page);
      await expectSoundAtEveryWidth(page, pictureName("public", name));
    });
  }
});

// ------------------------------------------------------------------------------------ back-office

/** Signed in once: the session (local storage) is handed to each case's fresh page. */
let signedIn: Awaited<ReturnType<import("@playwright/test").BrowserContext["storageState"]>> | null = null;
const ids = { medication: "", pharmacy: pharmacyId, post: "", contact: "" };

async function adminPage(browser: Browser): Promise<Page> {
  if (!signedIn) {
    // A context from `browser` takes none of the project's options: the address and cookie choice are passed.
    const { baseURL, storageState } = test.info().project.use;
    const context = await browser.newContext({ baseURL, storageState });
    const page = await context.newPage();
    await signIn(page);
    signedIn = await context.storageState();
    await context.close();
  }
  const context = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    storageState: signedIn,
    viewport: { width: LAYOUT_WIDTHS[0], height: 800 },
  });
  return context.newPage();
}

test.describe("back-office screens at every width", () => {
  // Shared by both workers like the public cases: each worker has its own stack (its own database),
  // so beforeAll sets up that worker's rows and afterAll removes them; no case changes another's.
  // Four widths and two axe scans of a twenty-row screen took over 30 s on a loaded two-core machine.
  test.describe.configure({ mode: "parallel", timeout: 60_000 });
  test.use({ viewport: { width: LAYOUT_WIDTHS[0], height: 800 } });

  test.beforeAll(async ({ request }) => {
    const headers = await adminHeaders(request);
    const posts = await request.get(`${API_URL}${endpointUrl(adminEndpoints.listAdminBlogPosts)}`, {
      headers,
    });
    ids.post = ((await posts.json()) as { posts: AdminBlogPost[] }).posts[0]?._id ?? "";
    const medications = await request.get(`${API_URL}${endpointUrl(adminEndpoints.listAdminMedications)}`, {
      headers,
    });
    // One with prices, so its form's grid and its price list have rows.
    const { medications: all } = (await medications.json()) as { medications: AdminMedication[] };
    const priced = all.find((medication) => medication.priceCount > 0);
    ids.medication = priced?.id ?? "";
    // A price alert and a subscription, so those lists have a row and the alert a detail to open.
    const alert = await request.post(`${API_URL}${endpointUrl(publicEndpoints.createPriceAlert)}`, {
      data: {
        email: `${STAMP}.alert@example.co.uk`,
        medicationId: priced?.id,
        medicationName: priced?.name,
        dosage: priced?.dosage[0],
        targetPrice: 1,
        consent: true,
      },
    });
    expect(alert.status()).toBe(201);
    const subscribed = await request.post(`${API_URL}${endpointUrl(publicEndpoints.subscribe)}`, {
      data: { email: `${STAMP}.news@example.co.uk`, source: "footer" },
    });
    expect(subscribed.status()).toBe(201);
    // A message in the inbox to open, deleted again below.
    const sent = await request.post(`${API_URL}${endpointUrl(publicEndpoints.sendContactMessage)}`, {
      data: {
        name: `Axe ${STAMP}`,
        email: `${STAMP}@example.co.uk`,
        subject: "general",
        message: "A message for the accessibility journey.",
      },
    });
    expect(sent.status()).toBe(201);
    // A price feed with a credential header, run once: a row naming an unknown medication is held
    // (Feeds has a run, Feed review a row); both go again below.
    const feed = await startFeedServer();
    feed.answer([{ medication: `Axe ${STAMP}`, dosage: "1mg", price: 9.99 }]);
    const feedParams = { params: { id: pharmacyId } };
    const set = await request.put(`${API_URL}${endpointUrl(adminEndpoints.setPharmacyFeed, feedParams)}`, {
      headers,
      data: {
        url: feed.url,
        format: "flat-csv",
        header: { name: "Authorization", value: `Bearer ${STAMP}` },
      },
    });
    expect(set.status()).toBe(200);
    const run = await request.post(`${API_URL}${endpointUrl(adminEndpoints.runPharmacyFeed, feedParams)}`, {
      headers,
    });
    expect(await run.json()).toMatchObject({ outcome: "succeeded", counts: { held: 1 } });
    feed.close();
  });

  test.afterAll(async ({ request }) => {
    const headers = await adminHeaders(request);
    const contacts = await request.get(
      `${API_URL}${endpointUrl(adminEndpoints.listContacts, { query: { search: STAMP } })}`,
      { headers },
    );
    for (const contact of ((await contacts.json()) as ContactPage).contacts) {
      await request.delete(
        `${API_URL}${endpointUrl(adminEndpoints.deleteContact, { params: { id: contact._id } })}`,
        { headers },
      );
    }
    const alerts = await request.get(
      `${API_URL}${endpointUrl(adminEndpoints.listPriceAlerts, { query: { search: STAMP } })}`,
      { headers },
    );
    for (const alert of ((await alerts.json()) as PriceAlertPage).alerts) {
      await request.delete(
        `${API_URL}${endpointUrl(adminEndpoints.deletePriceAlert, { params: { id: alert._id } })}`,
        { headers },
      );
    }
    const subscriptions = await request.get(
      `${API_URL}${endpointUrl(adminEndpoints.listSubscriptions, { query: { search: STAMP, limit: 1000 } })}`,
      {
        headers,
      },
    );
    for (const subscription of ((await subscriptions.json()) as SubscriptionList).subscriptions) {
      if (!subscription.email.startsWith(STAMP)) continue;
      await request.delete(
        `${API_URL}${endpointUrl(adminEndpoints.deleteSubscription, { params: { id: subscription._id } })}`,
        { headers },
      );
    }
    const held = await request.get(
      `${API_URL}${endpointUrl(adminEndpoints.listFeedHeldRows, { query: { search: STAMP } })}`,
      { headers },
    );
    const ids = ((await held.json()) as HeldRowList).rows.map((row) => row.id);
    if (ids.length > 0) {
      await request.post(`${API_URL}${endpointUrl(adminEndpoints.decideFeedHeldRows)}`, {
        headers,
        data: { ids, decision: "reject" },
      });
    }
    await request.delete(
      `${API_URL}${endpointUrl(adminEndpoints.deletePharmacyFeed, { params: { id: pharmacyId } })}`,
      { headers },
    );
  });

  test("sign-in passes axe and lays out", async ({ page }) => {
    await page.goto("/admin/login");
    await ready(page);
    await expectSoundAtEveryWidth(page, "admin-sign-in");
  });

  test("sign-in with an error shown passes axe and lays out", async ({ page }) => {
    await page.goto("/admin/login");
    await submitSignIn(page, { email: ADMIN.email, password: "not-the-password" });
    await expect(page.getByRole("alert").first()).toBeVisible();
    await expectSoundAtEveryWidth(page, "admin-sign-in-error");
  });

  const adminCases: Case[] = [
    { name: "dashboard", path: "/admin/dashboard" },
    { name: "medications", path: "/admin/medications" },
    {
      // The confirmation every delete button opens (one shared dialog); closed unanswered.
      name: "medications with a delete confirmation open",
      path: "/admin/medications",
      act: async (page) => {
        await page
          .getByRole("main")
          .getByRole("button", { name: /^Delete / })
          .first()
          .click();
        await expect(page.getByRole("alertdialog").or(page.getByRole("dialog"))).toBeVisible();
      },
    },
    { name: "new medication form", path: "/admin/medications/new" },
    {
      // Two dosages make the price grid wider than a phone; one price it cannot read is refused.
      name: "new medication form with its refusals shown",
      path: "/admin/medications/new",
      act: async (page) => {
        await page.getByLabel("Name", { exact: true }).fill(`Axe ${STAMP}`);
        await page.getByLabel("Category", { exact: true }).selectOption("skin-treatment");
        await page.getByLabel("Dosage 1", { exact: true }).fill("25mg");
        await page.getByRole("button", { name: "Add dosage" }).click();
        await page.keyboard.type("50mg");
        await page.getByRole("region", { name: "Price grid" }).locator("input").first().fill("abc");
        await page.getByRole("button", { name: "Create Medication" }).click();
        await expect(page.getByText("Please fill all required fields", { exact: true })).toBeVisible();
      },
    },
    { name: "medication form", path: "/admin/medications/edit/:medication" },
    { name: "medication form with a long name", path: `/admin/medications/edit/${layout.crowded.id}` },
    { name: "pharmacies", path: "/admin/pharmacies" },
    {
      name: "pharmacies with a delete confirmation open",
      path: "/admin/pharmacies",
      act: opensDialog(/^Delete /, "alertdialog", "Delete pharmacy"),
    },
    { name: "new pharmacy form", path: "/admin/pharmacies/new" },
    {
      name: "new pharmacy form with its refusals shown",
      path: "/admin/pharmacies/new",
      act: async (page) => {
        await page.getByRole("button", { name: "Create Pharmacy" }).click();
        await expect(page.getByText("Name is required")).toBeVisible();
      },
    },
    { name: "pharmacy form", path: "/admin/pharmacies/edit/:pharmacy" },
    { name: "pharmacy form with a long name", path: `/admin/pharmacies/edit/${layout.longPharmacy.id}` },
    {
      name: "pharmacy form replacing its feed's credential header",
      path: "/admin/pharmacies/edit/:pharmacy",
      act: async (page) => {
        await page.getByRole("radio", { name: "Replace it" }).check();
        await expect(page.getByLabel("Header value")).toBeVisible();
      },
    },
    { name: "feeds", path: "/admin/feeds" },
    {
      name: "feeds with a feed's runs shown",
      path: "/admin/feeds",
      act: async (page) => {
        await page
          .getByRole("button", { name: /^Runs of / })
          .filter({ visible: true })
          .first()
          .click();
        await expect(page.getByRole("list", { name: /^Latest runs of / }).first()).toBeVisible();
      },
    },
    { name: "feed review with a held row", path: `/admin/feed-review?search=${STAMP}` },
    { name: "prices and price upload", path: "/admin/prices" },
    { name: "one medication's prices", path: "/admin/prices?medication=:medication" },
    {
      name: "one medication's prices with the add form open",
      path: "/admin/prices?medication=:medication",
      act: async (page) => {
        await page.getByRole("button", { name: "Add Price" }).click();
        await expect(page.getByRole("form", { name: "Add Price" })).toBeVisible();
      },
    },
    {
      // A dosage it does not list and a link to another site, refused beside their fields with the
      // long-named pharmacy's name in the message and the confirmation box shown; nothing is written.
      name: "twenty prices with the add form's refusals and the off-site confirmation",
      path: `/admin/prices?medication=${layout.crowded.id}`,
      act: async (page) => {
        await page.getByRole("button", { name: "Add Price" }).click();
        const form = page.getByRole("form", { name: "Add Price" });
        await form.getByLabel("Pharmacy").selectOption(layout.longPharmacy.id);
        await form.getByLabel("Dosage").fill("999mg x 1 tablet");
        await form.getByRole("spinbutton", { name: "Price", exact: true }).fill("4.99");
        await form.getByLabel("Link", { exact: true }).fill("https://www.another-site.example/offer");
        await form.getByRole("button", { name: "Save Price" }).click();
        await expect(form.getByLabel("Use this link to another site")).toBeVisible();
      },
    },
    {
      name: "one medication's prices with a price being edited in its row",
      path: "/admin/prices?medication=:medication",
      act: async (page) => {
        await page
          .getByRole("button", { name: /^Edit / })
          .first()
          .click();
        await expect(page.getByRole("spinbutton", { name: /^Price in pounds for / })).toBeFocused();
      },
    },
    {
      name: "one medication's prices with a delete confirmation open",
      path: "/admin/prices?medication=:medication",
      act: opensDialog(/^Delete /, "alertdialog", "Delete price"),
    },
    {
      name: "twenty prices with long names, a delete confirmation open",
      path: `/admin/prices?medication=${layout.crowded.id}`,
      act: opensDialog(/^Delete /, "alertdialog", "Delete price"),
    },
    {
      // The same price saved again: the toast says so and nothing changes.
      name: "twenty prices with long names and a toast",
      path: `/admin/prices?medication=${layout.crowded.id}`,
      act: async (page) => {
        const who = `${layout.longPharmacy.name} ${layout.crowded.dosage}`;
        await page.getByRole("button", { name: `Edit ${who}` }).click();
        await page.getByRole("button", { name: `Save ${who}` }).click();
        await expect(page.getByRole("status").filter({ hasText: "Price updated" })).toBeVisible();
      },
    },
    { name: "categories", path: "/admin/categories" },
    { name: "NHS charges", path: "/admin/nhs-charges" },
    {
      name: "NHS charge dialog with a refusal",
      path: "/admin/nhs-charges",
      act: async (page) => {
        await page.getByRole("button", { name: "Add Charge" }).click();
        const dialog = page.getByRole("dialog", { name: "Add NHS charge" });
        await dialog.getByLabel("Amount").fill("9.999");
        await dialog.getByLabel("Source").fill("https://pharmacy.example/charges");
        await dialog.getByRole("button", { name: "Add Charge" }).click();
        await expect(dialog.getByText(/Error saving NHS charge/)).toBeVisible();
      },
    },
    // Price events (decision 059): the demo's three, and the dialog refusing a source that is not https.
    { name: "price events", path: "/admin/price-events" },
    {
      name: "price event dialog with a refusal",
      path: "/admin/price-events",
      act: async (page) => {
        await page.getByRole("button", { name: "Add Event" }).click();
        const dialog = page.getByRole("dialog", { name: "Add price event" });
        await dialog
          .getByLabel("Summary")
          .fill("A long summary of a list-price change that a manufacturer announced");
        await dialog.getByLabel("Source").fill("http://www.gov.uk/");
        await dialog.getByRole("button", { name: "Add Event" }).click();
        await expect(dialog.getByText(/Error saving price event/)).toBeVisible();
      },
    },

    { name: "supply notices", path: "/admin/supply-notices" },
    {
      name: "supply notice dialog with a refusal",
      path: "/admin/supply-notices",
      act: async (page) => {
        await page.getByRole("button", { name: "Add Notice" }).click();
        const dialog = page.getByRole("dialog", { name: "Add supply notice" });
        await dialog.getByLabel("Medication").selectOption({ label: "Wegovy" });
        await dialog.getByLabel("Message").fill("Short supply.");
        await dialog.getByLabel("Source", { exact: true }).fill("http://www.gov.uk/alerts");
        await dialog.getByRole("button", { name: "Add Notice" }).click();
        await expect(dialog.getByText(/Error saving supply notice/)).toBeVisible();
      },
    },
    { name: "blog list", path: "/admin/blog" },
    { name: "new blog post", path: "/admin/blog/new" },
    { name: "blog editor", path: "/admin/blog/edit/:post" },
    {
      name: "blog editor's preview",
      path: "/admin/blog/edit/:post",
      act: async (page) => {
        await page.getByRole("button", { name: "Preview" }).click();
        await expect(page.getByText("Previewing the post as visitors will see it.")).toBeAttached();
        await expect(page.getByRole("button", { name: "Edit", exact: true })).toBeVisible();
      },
    },
    {
      name: "blog list with a delete confirmation open",
      path: "/admin/blog",
      act: opensDialog(/^Delete /, "alertdialog", "Delete blog post"),
    },
    { name: "messages", path: "/admin/messages" },
    {
      name: "messages with the add dialog open",
      path: "/admin/messages",
      act: async (page) => {
        await page.getByRole("button", { name: "Add Message" }).click();
        await expect(page.getByRole("dialog")).toBeVisible();
      },
    },
    {
      name: "messages with a delete confirmation open",
      path: "/admin/messages",
      act: opensDialog(/^Delete /, "alertdialog", "Delete message"),
    },
    { name: "contacts inbox", path: `/admin/contacts?search=${STAMP}` },
    {
      name: "contact detail",
      path: `/admin/contacts?search=${STAMP}`,
      act: async (page) => {
        await page.getByRole("button", { name: `View message from Axe ${STAMP}` }).click();
        await expect(page.getByRole("dialog")).toContainText("A message for the accessibility journey.");
      },
    },
    {
      name: "contacts with a delete confirmation open",
      path: `/admin/contacts?search=${STAMP}`,
      act: opensDialog(/^Delete /, "alertdialog", "Delete contact"),
    },
    { name: "subscriptions", path: "/admin/subscriptions" },
    {
      name: "subscriptions with a delete confirmation open",
      path: "/admin/subscriptions",
      act: opensDialog(new RegExp(`^Delete .*${STAMP}`), "alertdialog", "Delete subscription"),
    },
    { name: "price alerts", path: `/admin/price-alerts?search=${STAMP}` },
    {
      name: "price alert detail",
      path: `/admin/price-alerts?search=${STAMP}`,
      act: opensDialog(/^View /, "dialog", "Price alert"),
    },
    {
      name: "price alerts with a delete confirmation open",
      path: `/admin/price-alerts?search=${STAMP}`,
      act: opensDialog(/^Delete /, "alertdialog", "Delete price alert"),
    },
    { name: "newsletters", path: "/admin/newsletters" },
    { name: "new newsletter", path: "/admin/newsletters/new" },
    {
      // A word close to a prescription-only medicine's name: named, with the box that confirms it.
      name: "new newsletter with a close match to confirm",
      path: "/admin/newsletters/new",
      act: async (page) => {
        await page.getByLabel("Subject").fill("Half price m0unjaro this week");
        await page.getByLabel("Message (markdown)").fill("Prices fell this week.");
        await page.getByRole("button", { name: "Save draft" }).click();
        await expect(page.getByRole("checkbox", { name: /I confirm these words are meant/ })).toBeVisible();
      },
    },
    { name: "API keys", path: "/admin/api-keys" },
    {
      name: "API key dialog with a refusal",
      path: "/admin/api-keys",
      act: async (page) => {
        await page.getByRole("button", { name: "Issue Key" }).click();
        const dialog = page.getByRole("dialog", { name: "Issue API key" });
        await dialog.getByLabel("Name").fill("Axe check");
        await dialog.getByLabel("Requests a minute").fill("50");
        await dialog.getByLabel("Requests a day").fill("10");
        await dialog.getByRole("button", { name: "Issue Key" }).click();
        await expect(dialog.getByText(/Error issuing API key/)).toBeVisible();
      },
    },
    {
      // Day thirty: a long name, and the key shown once in its own dialog.
      name: "API key just issued, shown once",
      path: "/admin/api-keys",
      act: async (page) => {
        await page.getByRole("button", { name: "Issue Key" }).click();
        const dialog = page.getByRole("dialog", { name: "Issue API key" });
        await dialog
          .getByLabel("Name")
          .fill(`The Northern Independent Health Statistics Research Collaborative ${STAMP}`);
        await dialog.getByRole("button", { name: "Issue Key" }).click();
        await expect(page.getByRole("dialog", { name: "Your new API key" })).toBeVisible();
      },
    },
    { name: "audit log", path: "/admin/audit" },
    { name: "profile", path: "/admin/profile" },
    { name: "unknown admin address", path: "/admin/no-such-screen" },
  ];

  for (const { name, path, act } of adminCases) {
    test(`${name} passes axe and lays out`, async ({ browser }) => {
      const page = await adminPage(browser);
      const target = path.replace(/:(medication|pharmacy|post)\b/, (_, key: keyof typeof ids) => ids[key]);
      await page.goto(target);
      await ready(page);
      await act?.(page);
      await expectSoundAtEveryWidth(page, pictureName("admin", name));
      await page.context().close();
    });
  }
});

// An honest instrument: the same check, shown a page that breaks two rules, names both.
test("the check fails on a page with an unlabelled button and an image without alternative text", async ({
  page,
}) => {
  await page.setContent(
    '<!doctype html><html lang="en"><title>Broken</title><main><h1>Broken</h1><img src="data:,"><button></button></main></html>',
  );
  const failure = await expectSoundAtEveryWidth(page, "broken-axe").then(
    () => "no failure",
    (error: Error) => error.message,
  );
  expect(failure).toContain("image-alt");
  expect(failure).toContain("button-name");
});

// The same for the layout check: a page with overlapping words, a clipped one and a line wider
// than the window is named for all three.
test("the layout check fails on overlapping, clipped and over-wide text", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.setContent(
    `<!doctype html><html lang="en"><body style="margin:0;font:16px sans-serif">
      <p style="position:relative">Kestrel Lane Pharmacy<span style="position:absolute;left:0;top:0">4.7 stars</span></p>
      <p style="width:80px;overflow:hidden;white-space:nowrap">Bramblewick Chemist</p>
      <p style="width:600px">A line wider than a phone</p>
      <p style="width:110px;margin-top:40px"><a style="background:#075;color:#fff;padding:14px 0">Compare prices for Acne</a></p>
    </body></html>`,
  );
  const faults = await layoutFaults(page);
  expect([...new Set(faults.map((fault) => fault.kind))].sort()).toEqual([
    "clipped",
    "overlap",
    "sideways scroll",
  ]);
  // A button made of a padded inline link whose label wraps paints over its own first line.
  expect(
    faults.some((fault) => fault.detail.startsWith('the painted box of "Compare prices for Acne"')),
  ).toBe(true);
});
