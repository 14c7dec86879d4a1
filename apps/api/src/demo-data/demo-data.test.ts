import {
  BLOG_CATEGORIES,
  CATEGORY_IDS,
  CQC_NUMBER_PATTERN,
  DELIVERY_OPTIONS,
  GPHC_NUMBER_PATTERN,
  LEGAL_CATEGORY_IDS,
  MEDICATION_FORMS,
  PharmacyUpdate,
  PRICE_FRESHNESS_DEFAULTS,
  parsePackSize,
  referralParamsProblem,
  SUBCATEGORY_IDS,
} from "@pharmacompare/contract";
import { describe, expect, it } from "vitest";
import { demoDayPrice } from "../modules/prices/index.ts";
import {
  buildDemoClickOuts,
  buildDemoPriceAges,
  buildDemoPrices,
  DEMO_ALERTS,
  DEMO_CONSULTATION_URLS,
  DEMO_FAILING_FEED,
  DEMO_HIDDEN_ROWS,
  DEMO_REFERRAL_PARAMS,
  DEMO_STALE_ROWS,
  demoAdminMessages,
  demoBlogPosts,
  demoCatalogue,
  demoCategories,
  demoCoursePlans,
  demoMedications,
  demoPharmacies,
} from "./index.ts";

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DAY_MS = 86_400_000;

function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

function words(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

function isTwoDecimals(value: number): boolean {
  return Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
}

const EXPECTED_TREE: Record<string, string[]> = {
  "mens-health": ["erectile-dysfunction", "premature-ejaculation", "hair-loss"],
  "womens-health": [
    "oral-contraceptives",
    "other-contraceptives",
    "morning-after-pill",
    "period-delay",
    "cystitis",
  ],
  "weight-loss": ["weight-loss-medications"],
  "skin-treatment": ["acne", "eczema-dermatitis", "psoriasis", "rosacea", "impetigo"],
  "general-health": [],
};

const parentOf = new Map(
  demoCategories.flatMap((category) => category.subcategories.map((sub) => [sub.id, category.id] as const)),
);

describe("demo categories", () => {
  it("has the five known categories in order, with the fourteen known subcategories", () => {
    expect(demoCategories.map((category) => category.id)).toEqual([...CATEGORY_IDS]);
    expect(demoCategories.map((category) => category.name)).toEqual([
      "Men's Health",
      "Women's Health",
      "Weight Loss",
      "Skin Treatment",
      "General Health",
    ]);
    for (const category of demoCategories) {
      expect(category.subcategories.map((sub) => sub.id)).toEqual(EXPECTED_TREE[category.id]);
    }
    const subIds = demoCategories.flatMap((category) => category.subcategories.map((sub) => sub.id));
    expect(subIds).toHaveLength(14);
    expect([...subIds].sort()).toEqual([...SUBCATEGORY_IDS].sort());
  });

  it("gives every subcategory a name and a description", () => {
    for (const sub of demoCategories.flatMap((category) => category.subcategories)) {
      expect(sub.name.trim()).not.toBe("");
      expect(sub.description.trim().length).toBeGreaterThan(20);
    }
  });
});

describe("demo medications", () => {
  it("has at least 60 medications with unique, valid slug ids derived from the name", () => {
    expect(demoMedications.length).toBeGreaterThanOrEqual(60);
    const ids = demoMedications.map((medication) => medication.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const medication of demoMedications) {
      expect(medication.id).toMatch(SLUG);
      expect(medication.id).toBe(slugify(medication.name));
    }
  });

  it("covers every subcategory with at least three medications", () => {
    for (const subId of SUBCATEGORY_IDS) {
      const count = demoMedications.filter((medication) => medication.subcategory === subId).length;
      expect(count, subId).toBeGreaterThanOrEqual(3);
    }
  });

  it("files each medication under its subcategory's parent category", () => {
    for (const medication of demoMedications) {
      expect(parentOf.get(medication.subcategory), medication.id).toBe(medication.category);
    }
  });

  it("has dosage texts whose pack size the unit-price parser reads", () => {
    const unread = demoMedications.flatMap((medication) =>
      medication.dosage.filter((dosage) => parsePackSize(dosage) === null),
    );
    expect(unread).toEqual([]);
  });

  it("uses known forms and has 2-6 dosages, each with a positive typical price", () => {
    const forms: readonly string[] = MEDICATION_FORMS;
    for (const medication of demoMedications) {
      expect(forms, medication.id).toContain(medication.form);
      expect(medication.dosage.length, medication.id).toBeGreaterThanOrEqual(2);
      expect(medication.dosage.length, medication.id).toBeLessThanOrEqual(6);
      expect(new Set(medication.dosage).size, medication.id).toBe(medication.dosage.length);
      expect(medication.typicalPrice, medication.id).toHaveLength(medication.dosage.length);
      for (const price of medication.typicalPrice) {
        expect(price, medication.id).toBeGreaterThan(0);
        expect(isTwoDecimals(price), medication.id).toBe(true);
      }
      expect(medication.description.trim(), medication.id).not.toBe("");
    }
  });

  it("gives every medication one of the three legal categories, agreeing with its description (decision 035)", () => {
    const categories: readonly string[] = LEGAL_CATEGORY_IDS;
    for (const medication of demoMedications) {
      expect(categories, medication.id).toContain(medication.legalCategory);
      // A description that calls it prescription-only never sits on a P or GSL medication.
      if (/^Prescription-only medicine\.|\. Prescription-only medicine\./.test(medication.description)) {
        expect(medication.legalCategory, medication.id).toBe("POM");
      }
    }
    const of = (id: string) => demoMedications.find((medication) => medication.id === id)?.legalCategory;
    // The brief's examples, as the MHRA lists them.
    expect(
      ["viagra", "sildenafil", "cialis", "tadalafil", "wegovy", "mounjaro", "finasteride"].map(of),
    ).toEqual(Array(7).fill("POM"));
    expect(of("microgynon-30")).toBe("POM");
    expect([of("viagra-connect"), of("stud-100"), of("hana"), of("ellaone"), of("alli")]).toEqual(
      Array(5).fill("P"),
    );
    expect(of("eroxon")).toBe("GSL");
  });
});

describe("demo pharmacies", () => {
  it("has at least 30 pharmacies with unique slug ids", () => {
    expect(demoPharmacies.length).toBeGreaterThanOrEqual(30);
    const ids = demoPharmacies.map((pharmacy) => pharmacy.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const pharmacy of demoPharmacies) {
      expect(pharmacy.id).toMatch(SLUG);
      expect(pharmacy.id).toBe(slugify(pharmacy.name));
    }
  });

  it("has unique GPhC numbers of the contract's form, above any the GPhC has issued", () => {
    const numbers = demoPharmacies.map((pharmacy) => pharmacy.gphcNumber);
    for (const gphc of numbers) {
      expect(gphc).toMatch(new RegExp(GPHC_NUMBER_PATTERN));
      expect(gphc).toMatch(/^19\d{5}$/);
    }
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it("gives a few pharmacies a made-up CQC location id of the contract's form", () => {
    const ids = demoPharmacies.flatMap((pharmacy) => (pharmacy.cqcNumber ? [pharmacy.cqcNumber] : []));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThan(demoPharmacies.length);
    for (const id of ids) expect(id).toMatch(new RegExp(CQC_NUMBER_PATTERN));
  });

  it("uses reserved .example websites and sensible ratings, fees and delivery options", () => {
    const options: readonly string[] = DELIVERY_OPTIONS;
    for (const pharmacy of demoPharmacies) {
      const host = `www.${pharmacy.id.replaceAll("-", "")}.example`;
      expect(pharmacy.website).toBe(`https://${host}`);
      expect(new URL(pharmacy.website).hostname.endsWith(".example")).toBe(true);
      expect(pharmacy.trustpilotUrl).toBe(`https://uk.trustpilot.com/review/${host}`);
      expect(pharmacy.rating).toBeGreaterThanOrEqual(0);
      expect(pharmacy.rating).toBeLessThanOrEqual(5);
      expect(pharmacy.rating).toBeGreaterThanOrEqual(3.6);
      expect(pharmacy.rating).toBeLessThanOrEqual(4.9);
      expect(pharmacy.deliveryOptions).toContain("standard");
      for (const option of pharmacy.deliveryOptions) expect(options).toContain(option);
      expect(pharmacy.deliveryFee).toBeGreaterThanOrEqual(0);
      expect(pharmacy.deliveryFee).toBeLessThanOrEqual(4.99);
      expect(pharmacy.minOrderValue).toBeGreaterThanOrEqual(0);
      expect([0, 30, 40, 50]).toContain(pharmacy.freeDeliveryThreshold);
      expect(pharmacy.consultationFee ?? 0).toBeLessThanOrEqual(20);
    }
    // Some pharmacies charge a consultation fee, per order or once, so totals show one (decision 042).
    const charging = demoPharmacies.filter((pharmacy) => (pharmacy.consultationFee ?? 0) > 0);
    expect(new Set(charging.map((pharmacy) => pharmacy.consultationFeeBasis))).toEqual(
      new Set(["per-order", "one-off"]),
    );
  });
});

describe("buildDemoPrices", () => {
  const prices = buildDemoPrices(demoMedications, demoPharmacies);
  const pharmacyById = new Map(demoPharmacies.map((pharmacy) => [pharmacy.id, pharmacy]));

  it("prices every medication and dosage at 5 to 15 pharmacies", () => {
    const counts = new Map<string, number>();
    for (const row of prices) {
      const key = `${row.medicationId}|${row.dosage}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    for (const medication of demoMedications) {
      for (const dosage of medication.dosage) {
        const count = counts.get(`${medication.id}|${dosage}`) ?? 0;
        expect(count, `${medication.id} ${dosage}`).toBeGreaterThanOrEqual(5);
        expect(count, `${medication.id} ${dosage}`).toBeLessThanOrEqual(15);
      }
    }
  });

  it("has at most one row per medication, pharmacy and dosage", () => {
    const keys = prices.map((row) => `${row.medicationId}|${row.pharmacyId}|${row.dosage}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("produces positive prices near the typical price, quantity 1 and pharmacy links", () => {
    const medicationById = new Map(demoMedications.map((medication) => [medication.id, medication]));
    for (const row of prices) {
      const medication = medicationById.get(row.medicationId);
      const pharmacy = pharmacyById.get(row.pharmacyId);
      expect(medication).toBeDefined();
      expect(pharmacy).toBeDefined();
      if (!medication || !pharmacy) continue;
      const typical = medication.typicalPrice[medication.dosage.indexOf(row.dosage)] ?? Number.NaN;
      expect(row.price).toBeGreaterThan(0);
      expect(isTwoDecimals(row.price)).toBe(true);
      expect(row.price / typical).toBeGreaterThanOrEqual(0.75);
      expect(row.price / typical).toBeLessThanOrEqual(1.35);
      expect(row.quantity).toBe(1);
      expect(row.link).toBe(`${pharmacy.website}/products/${medication.id}`);
    }
  });

  it("marks some rows out of stock, roughly 8%", () => {
    const outOfStock = prices.filter((row) => !row.inStock).length / prices.length;
    expect(outOfStock).toBeGreaterThan(0.03);
    expect(outOfStock).toBeLessThan(0.15);
  });

  it("is deterministic", () => {
    expect(buildDemoPrices(demoMedications, demoPharmacies)).toEqual(prices);
  });
});

describe("buildDemoPriceAges (decision 053)", () => {
  const prices = buildDemoPrices(demoMedications, demoPharmacies);
  const now = new Date("2025-09-01T06:00:00.000Z");
  const feedAt = new Date(now.getTime() - 3 * DAY_MS);
  const { prices: aged, history } = buildDemoPriceAges(prices, demoMedications, now, feedAt);
  const conditionOf = new Map(demoMedications.map((medication) => [medication.id, medication.subcategory]));
  const ageOf = (row: { lastConfirmed: Date }) => (now.getTime() - row.lastConfirmed.getTime()) / DAY_MS;
  const inRule = (
    row: { pharmacyId: string; medicationId: string },
    rules: readonly { pharmacyId: string; conditions: readonly string[] }[],
  ) =>
    rules.some(
      (rule) =>
        rule.pharmacyId === row.pharmacyId &&
        rule.conditions.includes(conditionOf.get(row.medicationId) ?? ""),
    );

  it("confirms most rows in the last hours, the designated ones 8–13 and over 14 days ago, on a few conditions only", () => {
    const { staleDays, hideDays } = PRICE_FRESHNESS_DEFAULTS;
    const stale = aged.filter((row) => inRule(row, DEMO_STALE_ROWS));
    const hidden = aged.filter((row) => inRule(row, DEMO_HIDDEN_ROWS));
    expect(stale.length).toBeGreaterThan(3);
    expect(hidden.length).toBeGreaterThan(1);
    for (const row of stale) expect(ageOf(row)).toBeGreaterThan(staleDays + 1);
    for (const row of stale) expect(ageOf(row)).toBeLessThan(hideDays);
    for (const row of hidden) expect(ageOf(row)).toBeGreaterThan(hideDays);
    // Not all of their rows: the same pharmacies are fresh elsewhere.
    for (const rule of [...DEMO_STALE_ROWS, ...DEMO_HIDDEN_ROWS]) {
      const others = aged.filter((row) => row.pharmacyId === rule.pharmacyId && !inRule(row, [rule]));
      expect(others.length).toBeGreaterThan(0);
      for (const row of others) expect(ageOf(row)).toBeLessThan(0.25);
    }
    for (const row of aged.filter((row) => row.pharmacyId === DEMO_FAILING_FEED.pharmacyId)) {
      expect(row).toMatchObject({ lastConfirmed: feedAt, confirmedBy: "feed" });
    }
    const ordinary = aged.filter(
      (row) =>
        !inRule(row, [...DEMO_STALE_ROWS, ...DEMO_HIDDEN_ROWS]) &&
        row.pharmacyId !== DEMO_FAILING_FEED.pharmacyId,
    );
    for (const row of ordinary) expect(ageOf(row)).toBeLessThan(0.25);
  });

  it("never changed a price after it was last confirmed, and has 90 days of moves ending at today's price", () => {
    const key = (row: { medicationId: string; pharmacyId: string; dosage: string }) =>
      `${row.medicationId}|${row.pharmacyId}|${row.dosage}`;
    const byRow = new Map<string, typeof history>();
    for (const point of history) byRow.set(key(point), [...(byRow.get(key(point)) ?? []), point]);
    expect(byRow.size).toBe(aged.length);
    for (const row of aged) {
      expect(row.lastUpdated.getTime()).toBeLessThanOrEqual(row.lastConfirmed.getTime());
      const points = byRow.get(key(row)) ?? [];
      const latest = points[0];
      expect(latest).toMatchObject({ price: row.price, inStock: row.inStock, recordedAt: row.lastUpdated });
      for (const point of points) {
        expect(point.recordedAt.getTime()).toBeGreaterThanOrEqual(now.getTime() - 90 * DAY_MS);
        expect(isTwoDecimals(point.price)).toBe(true);
        expect(Math.abs(point.price - row.price)).toBeLessThanOrEqual(row.price * 0.15 + 0.01);
      }
      // Each history point is a change: consecutive points differ.
      for (let i = 1; i < points.length; i += 1) {
        expect(points[i]?.price).not.toBe(points[i - 1]?.price);
      }
    }
    expect(history.length).toBeGreaterThan(aged.length * 4);
  });

  it("is deterministic given the moment of seeding", () => {
    expect(buildDemoPriceAges(prices, demoMedications, now, feedAt)).toEqual({ prices: aged, history });
  });
});

describe("the rest of the demo's past (decision 053)", () => {
  it("gives some pharmacies valid referral parameters", () => {
    const ids = Object.keys(DEMO_REFERRAL_PARAMS);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    for (const [id, params] of Object.entries(DEMO_REFERRAL_PARAMS)) {
      expect(demoPharmacies.some((pharmacy) => pharmacy.id === id)).toBe(true);
      expect(referralParamsProblem(params)).toBeUndefined();
    }
  });

  it("gives several pharmacies a consultation address on their own website, stored as the form would (decision 058)", () => {
    const entries = Object.entries(DEMO_CONSULTATION_URLS);
    expect(entries.length).toBeGreaterThanOrEqual(3);
    expect(entries.some(([, url]) => url.includes("{medication}"))).toBe(true);
    for (const [id, url] of entries) {
      const pharmacy = demoPharmacies.find((each) => each.id === id);
      expect(pharmacy, id).toBeDefined();
      expect(new URL(url).host).toBe(new URL(pharmacy?.website ?? "").host);
      expect(PharmacyUpdate.parse({ consultationUrl: url }).consultationUrl).toBe(url);
    }
  });

  it("names real demo pharmacies and medications, and a failing feed on a reserved .example host", () => {
    const pharmacyIds = new Set(demoPharmacies.map((pharmacy) => pharmacy.id));
    for (const rule of [...DEMO_STALE_ROWS, ...DEMO_HIDDEN_ROWS]) {
      expect(pharmacyIds.has(rule.pharmacyId)).toBe(true);
      for (const condition of rule.conditions) expect(SUBCATEGORY_IDS).toContain(condition);
    }
    expect(pharmacyIds.has(DEMO_FAILING_FEED.pharmacyId)).toBe(true);
    expect(new URL(DEMO_FAILING_FEED.url).hostname).toMatch(/\.example$/);
    for (const alert of DEMO_ALERTS) {
      expect(alert.email).toMatch(/@example\.com$/);
      expect(demoMedications.some((medication) => medication.id === alert.medicationId)).toBe(true);
    }
  });

  it("has thirty UK days of click-outs, deterministic given the moment", () => {
    const prices = buildDemoPrices(demoMedications, demoPharmacies);
    const now = new Date("2025-09-01T06:00:00.000Z");
    const rows = buildDemoClickOuts(prices, now);
    expect(new Set(rows.map((row) => row.day)).size).toBe(30);
    expect(rows.every((row) => row.count > 0)).toBe(true);
    expect(buildDemoClickOuts(prices, now)).toEqual(rows);
  });

  it("the daily demo job's price for a row is usually unchanged, sometimes a move of at most 3 %", () => {
    const results = Array.from({ length: 1000 }, (_, i) => demoDayPrice("2025-09-02", `row-${i}`, 20, 20));
    const moved = results.filter((price) => price !== 20);
    expect(moved.length).toBeGreaterThan(40);
    expect(moved.length).toBeLessThan(200);
    for (const price of moved) expect(Math.abs(price - 20)).toBeLessThanOrEqual(20 * 0.03 + 0.1);
    expect(demoDayPrice("2025-09-02", "row-1", 20, 20)).toBe(results[1]);
  });
});

describe("demo blog posts", () => {
  it("has the three bundled articles with their dates and read times", () => {
    expect(demoBlogPosts).toHaveLength(3);
    expect(demoBlogPosts.map((post) => post.publishDate)).toEqual([
      "2025-08-18T09:00:00.000Z",
      "2025-08-20T09:00:00.000Z",
      "2025-08-22T09:00:00.000Z",
    ]);
    expect(demoBlogPosts.map((post) => post.readTime)).toEqual([5, 5, 4]);
    for (const post of demoBlogPosts) expect(post.lastUpdated).toBe(post.publishDate);
  });

  it("has full-length articles with valid metadata", () => {
    const categories: readonly string[] = BLOG_CATEGORIES;
    const slugs = demoBlogPosts.map((post) => post.slug);
    expect(new Set(slugs).size).toBe(3);
    for (const post of demoBlogPosts) {
      expect(post.slug).toMatch(SLUG);
      expect(words(post.content), post.slug).toBeGreaterThanOrEqual(600);
      expect(post.excerpt.length).toBeLessThanOrEqual(300);
      expect(post.metaDescription.length).toBeLessThanOrEqual(160);
      expect(categories).toContain(post.category);
      expect(post.author).toBe("PharmaCompare Editorial Team");
      expect(post.tags.length).toBeGreaterThanOrEqual(3);
      expect(post.tags.length).toBeLessThanOrEqual(6);
      expect(new Set(post.tags).size).toBe(post.tags.length);
      for (const tag of post.tags) expect(tag.trim()).not.toBe("");
      expect(post.metaKeywords.length).toBeGreaterThanOrEqual(3);
      expect(post.metaKeywords.length).toBeLessThanOrEqual(6);
      expect(post.featuredImage).toBeNull();
      expect(post.published).toBe(true);
      for (const [, url] of post.content.matchAll(/\]\(([^)]+)\)/g)) expect(url).toMatch(/^https?:\/\//);
    }
  });

  it("quotes the NHS prescription charge of £9.90", () => {
    expect(demoBlogPosts.some((post) => post.content.includes("£9.90"))).toBe(true);
  });
});

describe("demo admin messages", () => {
  const prices = buildDemoPrices(demoMedications, demoPharmacies);

  it("refers to existing medications, and pharmacies that price them", () => {
    const medicationIds = new Set(demoMedications.map((medication) => medication.id));
    const sellers = new Set(prices.map((row) => `${row.medicationId}|${row.pharmacyId}`));
    expect(demoAdminMessages.length).toBeGreaterThanOrEqual(5);
    expect(demoAdminMessages.length).toBeLessThanOrEqual(7);
    for (const message of demoAdminMessages) {
      expect(medicationIds.has(message.medicationId), message.medicationId).toBe(true);
      if (message.pharmacyId !== null) {
        expect(sellers.has(`${message.medicationId}|${message.pharmacyId}`), message.pharmacyId).toBe(true);
      }
    }
  });

  it("has valid priorities and windows that have already started", () => {
    for (const message of demoAdminMessages) {
      expect(Number.isInteger(message.priority)).toBe(true);
      expect(message.priority).toBeGreaterThanOrEqual(0);
      expect(message.priority).toBeLessThanOrEqual(10);
      expect(message.startOffsetDays).toBeLessThan(0);
      if (message.endOffsetDays !== null) expect(message.endOffsetDays).toBeGreaterThan(0);
      expect(message.title.trim()).not.toBe("");
      expect(message.message.trim()).not.toBe("");
    }
    expect(demoAdminMessages.some((message) => message.active)).toBe(true);
  });
});

describe("demoCoursePlans", () => {
  it("gives each weight-loss injection a plan whose steps are its own dosages (decision 042)", () => {
    const injections = demoMedications.filter(
      (medication) => medication.subcategory === "weight-loss-medications" && medication.form === "Injection",
    );
    expect(injections.length).toBeGreaterThan(0);
    for (const medication of injections) {
      const plans = demoCoursePlans.filter((plan) => plan.medicationId === medication.id);
      expect(plans.length, medication.id).toBeGreaterThan(0);
      for (const step of plans.flatMap((plan) => plan.steps))
        expect(medication.dosage).toContain(step.dosage);
    }
  });
});

describe("demoCatalogue", () => {
  it("bundles the static data", () => {
    expect(demoCatalogue).toEqual({
      categories: demoCategories,
      medications: demoMedications,
      pharmacies: demoPharmacies,
      blogPosts: demoBlogPosts,
      adminMessages: demoAdminMessages,
    });
  });
});
