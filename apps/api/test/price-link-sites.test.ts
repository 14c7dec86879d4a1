import { AdminPrice, adminEndpoints } from "@pharmacompare/contract";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, pharmacies, prices } from "../src/db/schema.ts";
import { catalogueCaller, expectRefusedUnchanged } from "./catalogue-helpers.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

/**
 * The price forms follow the rule sheets and feeds follow (decision 029, issue 42): a link whose
 * registrable domain is not the pharmacy website's is refused beside the field unless staff
 * confirm it, and a confirmed one is named in the audit entry. Before, any domain was accepted
 * by "+ Add Price" (and the inline edit, the bulk write and the medication's grid), and `/go`
 * sent visitors there.
 */
let api: TestApi;
let call: Awaited<ReturnType<typeof catalogueCaller>>;

const MEDICATION = "sildenafil";
const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

beforeAll(async () => {
  api = await createTestApi();
  call = await catalogueCaller(api);
  await api.database.db.update(pharmacies).set({ referralParams: "" });
});
afterAll(async () => {
  await api?.close();
});

/** An active pharmacy without a price for the dosage, with its website's host. */
async function free(dosage: string) {
  const taken = new Set(
    (
      await api.database.db
        .select({ id: prices.pharmacyId })
        .from(prices)
        .where(and(eq(prices.medicationId, MEDICATION), eq(prices.dosage, dosage)))
    ).map((row) => row.id),
  );
  const all = await api.database.db.select().from(pharmacies).where(eq(pharmacies.active, true));
  const pharmacy = all.find((row) => !taken.has(row.id));
  if (!pharmacy) throw new Error("every pharmacy has that price");
  return { ...pharmacy, host: new URL(pharmacy.website).hostname };
}

async function lastAudit() {
  const [entry] = await api.database.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(1);
  return entry;
}

describe("+ Add Price with a link", () => {
  it("refuses a link to another site beside the field, naming both hosts; nothing is written", async () => {
    const pharmacy = await free("25mg x 4 tablets");
    const refusal = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.createPrice, {
          body: {
            medicationId: MEDICATION,
            pharmacyId: pharmacy.id,
            dosage: "25mg x 4 tablets",
            price: 9.99,
            link: "https://cheap-pills.example/sildenafil",
          },
        }),
      400,
    );
    expect(refusal.fields?.link).toBe(
      `This link goes to cheap-pills.example, not ${pharmacy.name}'s website (${pharmacy.host}). ` +
        "Check it, or confirm that this link to another site is meant.",
    );
    expect(refusal.fields?.acceptOffSiteLink).toBe(
      `Tick to use the link to cheap-pills.example for ${pharmacy.name}`,
    );
    expect(refusal.error).toBe(refusal.fields?.link);
  });

  it("takes a link on the pharmacy's own site (any subdomain) without a confirmation", async () => {
    const pharmacy = await free("50mg x 4 tablets");
    const site = pharmacy.host.replace(/^www\./, "");
    const res = await call(adminEndpoints.createPrice, {
      body: {
        medicationId: MEDICATION,
        pharmacyId: pharmacy.id,
        dosage: "50mg x 4 tablets",
        price: 9.99,
        link: `https://shop.${site}/sildenafil-50`,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(AdminPrice.parse(res.body).link).toBe(`https://shop.${site}/sildenafil-50`);
  });

  it("writes a confirmed link to another site and names it in the audit entry; /go then leads there", async () => {
    const pharmacy = await free("100mg x 4 tablets");
    const res = await call(adminEndpoints.createPrice, {
      body: {
        medicationId: MEDICATION,
        pharmacyId: pharmacy.id,
        dosage: "100mg x 4 tablets",
        price: 9.99,
        link: "https://partner-shop.example/sildenafil",
        acceptOffSiteLink: true,
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const created = AdminPrice.parse(res.body);
    expect(created.link).toBe("https://partner-shop.example/sildenafil");
    const audit = await lastAudit();
    expect(audit).toMatchObject({ action: "create", entityType: "price", entityId: created._id });
    expect((audit?.changes as { offSiteLinks?: unknown } | undefined)?.offSiteLinks).toEqual([
      {
        medicationId: MEDICATION,
        pharmacyId: pharmacy.id,
        dosage: "100mg x 4 tablets",
        from: null,
        to: "https://partner-shop.example/sildenafil",
        website: pharmacy.website,
      },
    ]);
    const go = await api.app.inject({
      method: "GET",
      url: `/go/${created._id}?from=comparison`,
      headers: { "user-agent": BROWSER },
    });
    expect(go.headers.location).toBe("https://partner-shop.example/sildenafil");
  });
});

describe("the other price writes", () => {
  it("the inline edit refuses a new link to another site, and keeps a stored one that is sent back unchanged", async () => {
    const [price] = await api.database.db
      .select()
      .from(prices)
      .where(eq(prices.link, "https://partner-shop.example/sildenafil"));
    if (!price) throw new Error("the confirmed price is missing");
    const refusal = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.updatePrice, {
          params: { id: price.id },
          body: { link: "https://elsewhere.example/x" },
        }),
      400,
    );
    expect(refusal.fields?.link).toMatch(/^This link goes to elsewhere\.example, not .+'s website/);
    // The stored link, already confirmed, is not asked about again.
    const same = await call(adminEndpoints.updatePrice, {
      params: { id: price.id },
      body: { price: 8.99, link: price.link },
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
  });

  it("the bulk write refuses the row, keyed by its index, and writes nothing", async () => {
    const pharmacy = await free("25mg x 4 tablets");
    const refusal = await expectRefusedUnchanged(
      api,
      () =>
        call(adminEndpoints.bulkWritePrices, {
          body: {
            prices: [
              {
                medicationId: MEDICATION,
                pharmacyId: pharmacy.id,
                dosage: "25mg x 4 tablets",
                price: 9.5,
                link: "https://elsewhere.example/x",
              },
            ],
          },
        }),
      400,
    );
    expect(refusal.error).toBe("1 of 1 rows was refused; no price was changed.");
    expect(refusal.fields?.["prices.0.link"]).toMatch(/^This link goes to elsewhere\.example/);
  });
});
