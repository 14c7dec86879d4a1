import {
  type AdminPrice,
  type AdminPriceList,
  type AdminPriceListQuery,
  type BulkPriceRequest,
  type BulkPriceResult,
  BulkPriceRow,
  type IntroductoryTerms,
  introductoryProblem,
  type PriceInput,
  type PriceUpdate,
} from "@pharmacompare/contract";
import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { medications, pharmacies, prices } from "../../db/schema.ts";
import { containsAny, readPage } from "../../domain/list-paging.ts";
import { byName } from "../../domain/public-filters.ts";
import { notFound, type Refusal, refuse } from "../../domain/refusal.ts";
import type { ActorContext, AuditedWork, AuditService } from "../audit/index.ts";
import type { OutboxService } from "../outbox/index.ts";
import { hostOf, onWebsite } from "./link-sites.ts";
import { pricePharmacyColumns } from "./price-pharmacy.ts";
import { type PriceChange, type PriceService, type PricesChanged, toPrice } from "./price-service.ts";

/**
 * The back-office's prices (Price Management, the medication form's grid, bulk writes). Reads see
 * every row whatever the pharmacy's or medication's state; every change goes through the one
 * price-write path (`services.prices.write`) inside the audited transaction, and the outbox is
 * woken after commit for the alert emails it may have queued.
 */

type BulkRow = z.output<typeof BulkPriceRequest>["prices"][number];

/** The fields of a bulk row that name what it is the price of. */
const RowReference = BulkPriceRow.pick({ medicationId: true, pharmacyId: true, dosage: true });

const pick = (row: LinkRow) => ({
  medicationId: row.medicationId,
  pharmacyId: row.pharmacyId,
  dosage: row.dosage,
});

/** A row's introductory price and terms as stored (both null for none). */
export interface IntroductoryPair {
  introductoryPrice: number | null;
  introductoryTerms: string | null;
}

/**
 * The pair a write leaves: each field the input sends (null clears), the stored one where it
 * sends none (decision 057: a sheet or edit that leaves the fields out keeps them).
 */
export function mergedIntroductory(
  stored: IntroductoryPair | undefined,
  input: { introductoryPrice?: number | null | undefined; introductoryTerms?: string | null | undefined },
): IntroductoryPair {
  return {
    introductoryPrice:
      input.introductoryPrice === undefined ? (stored?.introductoryPrice ?? null) : input.introductoryPrice,
    introductoryTerms:
      input.introductoryTerms === undefined ? (stored?.introductoryTerms ?? null) : input.introductoryTerms,
  };
}

/** A checked pair as the price-write path takes it. */
type IntroductoryChange = { price: number; terms: IntroductoryTerms } | null;
export function introductoryOf(pair: IntroductoryPair): IntroductoryChange {
  return pair.introductoryPrice !== null && pair.introductoryTerms !== null
    ? { price: pair.introductoryPrice, terms: pair.introductoryTerms as IntroductoryTerms }
    : null;
}

/** The stored introductory pairs of these rows, keyed `JSON.stringify([medicationId, pharmacyId, dosage])`. */
async function storedIntroductory(
  tx: Database,
  rows: readonly { medicationId: string; pharmacyId: string }[],
): Promise<Map<string, IntroductoryPair>> {
  const pharmacyIds = [...new Set(rows.map((row) => row.pharmacyId))];
  const medicationIds = [...new Set(rows.map((row) => row.medicationId))];
  if (pharmacyIds.length === 0) return new Map();
  const stored = await tx
    .select({
      medicationId: prices.medicationId,
      pharmacyId: prices.pharmacyId,
      dosage: prices.dosage,
      introductoryPrice: prices.introductoryPrice,
      introductoryTerms: prices.introductoryTerms,
    })
    .from(prices)
    .where(and(inArray(prices.pharmacyId, pharmacyIds), inArray(prices.medicationId, medicationIds)));
  return new Map(
    stored.map((row) => [
      JSON.stringify([row.medicationId, row.pharmacyId, row.dosage]),
      { introductoryPrice: row.introductoryPrice, introductoryTerms: row.introductoryTerms },
    ]),
  );
}

const priceNotFound = (id: string) => notFound(`Price "${id}" not found`);

/** "25mg, 50mg and 100mg" */
function listedDosages(dosages: readonly string[]): string {
  if (dosages.length === 0) return "none";
  if (dosages.length === 1) return dosages[0] ?? "";
  return `${dosages.slice(0, -1).join(", ")} and ${dosages.at(-1)}`;
}

/** What a dosage the medication does not list is told (the add form, the grid, bulk rows). */
function unlistedDosageMessage(dosage: string, medication: { name: string; dosages: string[] }): string {
  return medication.dosages.length === 0
    ? `${medication.name} lists no dosages yet, so "${dosage}" cannot be priced: add it to the medication first`
    : `"${dosage}" is not a dosage of ${medication.name}: choose one of ${listedDosages(medication.dosages)}`;
}

/** Every price row matching `where` as the back-office sees it: by pharmacy name, then the medication's dosage order. */
export async function selectAdminPrices(
  db: Database,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
): Promise<AdminPrice[]> {
  const ordered = db
    .select({ price: prices, pharmacy: pricePharmacyColumns, pharmacyActive: pharmacies.active })
    .from(prices)
    .innerJoin(pharmacies, eq(pharmacies.id, prices.pharmacyId))
    .innerJoin(medications, eq(medications.id, prices.medicationId))
    .where(where)
    .orderBy(
      byName(pharmacies.name),
      asc(pharmacies.id),
      // Unlisted dosages (none should remain) sort last.
      sql`array_position(${medications.dosages}, ${prices.dosage}) nulls last`,
      asc(prices.dosage),
      asc(prices.id),
    )
    .$dynamic();
  const rows = await (page ? ordered.limit(page.limit).offset(page.offset) : ordered);
  return rows.map(({ price, pharmacy, pharmacyActive }) => ({
    ...toPrice({ price, pharmacy }, { confirmed: false }),
    pharmacyActive,
  }));
}

/**
 * The price rows of the medications and dosages something other than a price write made visible
 * or hidden (a pharmacy, medication or category switched on or off): their alerts are re-evaluated
 * against what visitors can now see, as a price write would.
 */
async function pricedPairs(tx: Database, where: SQL): Promise<{ medicationId: string; dosage: string }[]> {
  return tx
    .selectDistinct({ medicationId: prices.medicationId, dosage: prices.dosage })
    .from(prices)
    .innerJoin(medications, eq(medications.id, prices.medicationId))
    .where(where)
    .orderBy(asc(prices.medicationId), asc(prices.dosage));
}

/** The sentence of an all-or-nothing refusal: how many rows, and that nothing changed. */
export function rowsRefusal(fields: Record<string, string>, total: number, noun = "rows"): Refusal {
  const refused = new Set(Object.keys(fields).map((key) => key.split(".")[1])).size;
  const verb = refused === 1 ? "was" : "were";
  return refuse(400, `${refused} of ${total} ${noun} ${verb} refused; no price was changed.`, {
    code: "invalid_request",
    fields,
  });
}

/** A row that may set a link: what it is the price of, the link, and staff's confirmation of another site. */
interface LinkRow {
  medicationId: string;
  pharmacyId: string;
  dosage: string;
  link?: string | null | undefined;
  acceptOffSiteLink?: boolean | undefined;
}

/** A link to another site than the pharmacy's that staff confirmed: named in the write's audit entry. */
export interface OffSiteLink {
  medicationId: string;
  pharmacyId: string;
  dosage: string;
  from: string | null;
  to: string;
  website: string;
}

interface KnownMedication {
  id: string;
  name: string;
  dosages: string[];
}

export type AdminPriceService = ReturnType<typeof createAdminPriceService>;

export function createAdminPriceService(
  db: Database,
  options: {
    audit: AuditService;
    prices: PriceService;
    outbox: OutboxService;
    /** Re-evaluates alerts on pairs whose visible prices changed without a price write. */
    pricesChanged: PricesChanged;
  },
) {
  const { audit, outbox } = options;

  async function loadRow(tx: Database, id: string) {
    const [row] = await tx.select().from(prices).where(eq(prices.id, id));
    if (!row) throw priceNotFound(id);
    return row;
  }

  async function reload(tx: Database, id: string): Promise<AdminPrice> {
    const [price] = await selectAdminPrices(tx, eq(prices.id, id));
    if (!price) throw priceNotFound(id);
    return price;
  }

  /**
   * What is wrong with each row that the database must answer: an unknown medication or
   * pharmacy, a dosage the medication does not list, a repeat of an earlier row. Keyed
   * `<prefix>.<index>.<field>`; rows already refused by their shape are passed as undefined.
   */
  async function rowProblems(
    tx: Database,
    rows: ({ medicationId: string; pharmacyId: string; dosage: string } | undefined)[],
    prefix: string,
    /** The medication as it is about to be (the form's grid): its name and dosages are not stored yet. */
    medication?: KnownMedication,
  ): Promise<Record<string, string>> {
    const medicationIds = [...new Set(rows.flatMap((row) => (row ? [row.medicationId] : [])))].filter(
      (id) => id !== medication?.id,
    );
    const pharmacyIds = [...new Set(rows.flatMap((row) => (row ? [row.pharmacyId] : [])))];
    const knownMedications = new Map<string, KnownMedication>(
      (medicationIds.length === 0
        ? []
        : await tx
            .select({ id: medications.id, name: medications.name, dosages: medications.dosages })
            .from(medications)
            .where(inArray(medications.id, medicationIds))
      ).map((row) => [row.id, row]),
    );
    if (medication) knownMedications.set(medication.id, medication);
    const knownPharmacies = new Set(
      (pharmacyIds.length === 0
        ? []
        : await tx.select({ id: pharmacies.id }).from(pharmacies).where(inArray(pharmacies.id, pharmacyIds))
      ).map((row) => row.id),
    );
    const fields: Record<string, string> = {};
    const firstRow = new Map<string, number>();
    rows.forEach((row, index) => {
      if (!row) return;
      const at = (field: string) => `${prefix}.${index}.${field}`;
      const medication = knownMedications.get(row.medicationId);
      if (!medication) fields[at("medicationId")] = `Medication "${row.medicationId}" not found`;
      if (!knownPharmacies.has(row.pharmacyId))
        fields[at("pharmacyId")] = `Pharmacy "${row.pharmacyId}" not found`;
      if (medication && !medication.dosages.includes(row.dosage)) {
        fields[at("dosage")] = unlistedDosageMessage(row.dosage, medication);
      }
      const key = JSON.stringify([row.medicationId, row.pharmacyId, row.dosage]);
      const earlier = firstRow.get(key);
      if (earlier === undefined) firstRow.set(key, index);
      else if (!fields[at("dosage")]) {
        fields[at("dosage")] = `repeats row ${earlier}: the same medication, pharmacy and dosage`;
      }
    });
    return fields;
  }

  /**
   * Decision 029's rule, which sheets and feeds apply, for the forms too (issue 42): a link being
   * set (differing from the stored one) whose registrable domain is not the pharmacy website's is
   * refused beside the row's `link` unless the row confirms it (`acceptOffSiteLink`); confirmed
   * ones are returned for the audit entry. Keyed `<prefix>.<index>.<field>` as {@link rowProblems}.
   */
  async function offSiteLinks(
    tx: Database,
    rows: (LinkRow | undefined)[],
    prefix: string,
  ): Promise<{ fields: Record<string, string>; confirmed: OffSiteLink[] }> {
    const linked = rows.flatMap((row, index) =>
      row && typeof row.link === "string" ? [{ row, index, link: row.link }] : [],
    );
    const fields: Record<string, string> = {};
    const confirmed: OffSiteLink[] = [];
    if (linked.length === 0) return { fields, confirmed };
    const pharmacyIds = [...new Set(linked.map(({ row }) => row.pharmacyId))];
    const sites = new Map(
      (
        await tx
          .select({ id: pharmacies.id, name: pharmacies.name, website: pharmacies.website })
          .from(pharmacies)
          .where(inArray(pharmacies.id, pharmacyIds))
      ).map((pharmacy) => [pharmacy.id, pharmacy]),
    );
    const stored = new Map(
      (
        await tx
          .select({
            medicationId: prices.medicationId,
            pharmacyId: prices.pharmacyId,
            dosage: prices.dosage,
            link: prices.link,
          })
          .from(prices)
          .where(inArray(prices.pharmacyId, pharmacyIds))
      ).map((price) => [JSON.stringify([price.medicationId, price.pharmacyId, price.dosage]), price.link]),
    );
    for (const { row, index, link } of linked) {
      const pharmacy = sites.get(row.pharmacyId);
      // An unknown pharmacy is rowProblems' refusal.
      if (!pharmacy) continue;
      const from = stored.get(JSON.stringify([row.medicationId, row.pharmacyId, row.dosage])) ?? null;
      if (link === from || onWebsite(link, pharmacy.website)) continue;
      if (row.acceptOffSiteLink === true) {
        confirmed.push({ ...pick(row), from, to: link, website: pharmacy.website });
        continue;
      }
      const site = hostOf(pharmacy.website);
      fields[`${prefix}.${index}.link`] =
        `This link goes to ${hostOf(link)}, not ${pharmacy.name}'s website${site ? ` (${site})` : ""}. ` +
        "Check it, or confirm that this link to another site is meant.";
      fields[`${prefix}.${index}.acceptOffSiteLink`] =
        `Tick to use the link to ${hostOf(link)} for ${pharmacy.name}`;
    }
    return { fields, confirmed };
  }

  /** Runs an audited write, then wakes the outbox for the alert emails it may have queued. */
  async function writing<T>(context: ActorContext, work: AuditedWork<T>): Promise<T> {
    const result = await audit.write(context, work);
    outbox.wake();
    return result;
  }

  return {
    rowProblems,
    offSiteLinks,

    /**
     * The bulk write's refusal for rows its schema refuses, listing every bad row at once: each
     * row's own problems (`prices.<index>.<field>`) and the database's about the rows that parsed.
     * Runs before the body's validation (which would name the shape problems alone); the write
     * itself checks the database again in its transaction. Returns quietly when every row parses.
     */
    async refuseMalformedRows(rows: unknown[]): Promise<void> {
      const fields: Record<string, string> = {};
      const parsed = rows.map((row, index) => {
        const result = BulkPriceRow.safeParse(row);
        if (result.success) return result.data;
        for (const issue of result.error.issues) {
          const key = ["prices", index, ...issue.path].join(".");
          fields[key] ??= issue.message;
        }
        // A row refused for its price or stock can still name an unknown medication or dosage.
        const reference = RowReference.safeParse(row);
        return reference.success ? reference.data : undefined;
      });
      if (Object.keys(fields).length === 0) return;
      const problems = await rowProblems(db, parsed, "prices");
      for (const [key, message] of Object.entries(problems)) fields[key] ??= message;
      throw rowsRefusal(fields, rows.length);
    },

    /**
     * A page of a medication's price rows, whatever the pharmacy's state, searched by pharmacy
     * name or dosage; null for an unknown medication.
     */
    async listForMedication(
      medicationId: string,
      query: z.output<typeof AdminPriceListQuery>,
    ): Promise<AdminPriceList | null> {
      const [medication] = await db
        .select({ id: medications.id })
        .from(medications)
        .where(eq(medications.id, medicationId));
      if (!medication) return null;
      const where = and(
        eq(prices.medicationId, medicationId),
        containsAny(query.search, [pharmacies.name, prices.dosage]),
      );
      const { rows, info } = await readPage(
        query,
        db
          .select({ total: count() })
          .from(prices)
          .innerJoin(pharmacies, eq(pharmacies.id, prices.pharmacyId))
          .where(where),
        (limit, offset) => selectAdminPrices(db, where, { limit, offset }),
      );
      return { prices: rows, ...info };
    },

    /** "+ Add Price": one new row; 409 when its medication, pharmacy and dosage already has one. */
    create(context: ActorContext, input: z.output<typeof PriceInput>): Promise<AdminPrice> {
      return writing(context, async (tx, record, at) => {
        const links = await offSiteLinks(tx, [input], "prices");
        const problems = { ...(await rowProblems(tx, [input], "prices")), ...links.fields };
        if (Object.keys(problems).length > 0) {
          // One row: its fields by their own names, the first problem as the sentence.
          const fields = Object.fromEntries(
            Object.entries(problems).map(([key, message]) => [key.replace(/^prices\.0\./, ""), message]),
          );
          const first = Object.values(fields)[0] ?? "This price was refused";
          throw refuse(400, first, { fields });
        }
        const [existing] = await tx
          .select({ id: prices.id })
          .from(prices)
          .where(
            and(
              eq(prices.medicationId, input.medicationId),
              eq(prices.pharmacyId, input.pharmacyId),
              eq(prices.dosage, input.dosage),
            ),
          );
        if (existing) {
          const message =
            "This pharmacy already has a price for this medication and dosage: edit that price instead.";
          throw refuse(409, message, { code: "conflict", fields: { dosage: message } });
        }
        const result = await options.prices.write(
          tx,
          {
            medicationId: input.medicationId,
            pharmacyId: input.pharmacyId,
            dosage: input.dosage,
            price: input.price,
            quantity: input.quantity,
            inStock: input.inStock,
            link: input.link,
            introductory: introductoryOf(input),
          },
          at,
        );
        const [stored] = await selectAdminPrices(
          tx,
          and(
            eq(prices.medicationId, input.medicationId),
            eq(prices.pharmacyId, input.pharmacyId),
            eq(prices.dosage, input.dosage),
          ),
        );
        if (!stored) throw new Error("the new price was not stored");
        await record({
          action: "create",
          entityType: "price",
          entityId: stored._id,
          changes: {
            ...input,
            triggeredAlerts: result.triggeredAlerts.length,
            ...(links.confirmed.length > 0 ? { offSiteLinks: links.confirmed } : {}),
          },
        });
        return stored;
      });
    },

    /** The inline edit: price, quantity, stock and link; what is left out keeps its value. */
    update(context: ActorContext, id: string, input: z.output<typeof PriceUpdate>): Promise<AdminPrice> {
      return writing(context, async (tx, record, at) => {
        const before = await loadRow(tx, id);
        const links = await offSiteLinks(tx, [{ ...before, ...input }], "prices");
        if (Object.keys(links.fields).length > 0) {
          const fields = Object.fromEntries(
            Object.entries(links.fields).map(([key, message]) => [key.replace(/^prices\.0\./, ""), message]),
          );
          throw refuse(400, fields.link ?? "This link was refused", { fields });
        }
        const pair = mergedIntroductory(before, input);
        const problem = introductoryProblem({ price: input.price ?? before.price, ...pair });
        if (problem) {
          // A new ongoing price at or below the kept introductory price is the price's problem.
          const field =
            input.introductoryPrice === undefined && input.price !== undefined ? "price" : problem.field;
          const message =
            field === "price"
              ? `must be above the introductory price (£${before.introductoryPrice?.toFixed(2)}): change or clear that too`
              : problem.message;
          throw refuse(400, message, { fields: { [field]: message } });
        }
        const result = await options.prices.write(
          tx,
          {
            medicationId: before.medicationId,
            pharmacyId: before.pharmacyId,
            dosage: before.dosage,
            price: input.price ?? before.price,
            ...(input.quantity === undefined ? {} : { quantity: input.quantity }),
            ...(input.inStock === undefined ? {} : { inStock: input.inStock }),
            ...(input.link === undefined ? {} : { link: input.link }),
            introductory: introductoryOf(pair),
          },
          at,
        );
        const after = await reload(tx, id);
        const changes: Record<string, unknown> = {};
        for (const key of [
          "price",
          "introductoryPrice",
          "introductoryTerms",
          "quantity",
          "inStock",
          "link",
        ] as const) {
          if (before[key] !== after[key]) changes[key] = { from: before[key], to: after[key] };
        }
        await record({
          action: "update",
          entityType: "price",
          entityId: id,
          changes: {
            ...changes,
            medicationId: before.medicationId,
            pharmacyId: before.pharmacyId,
            dosage: before.dosage,
            triggeredAlerts: result.triggeredAlerts.length,
            ...(links.confirmed.length > 0 ? { offSiteLinks: links.confirmed } : {}),
          },
        });
        return after;
      });
    },

    remove(context: ActorContext, id: string): Promise<void> {
      return writing(context, async (tx, record, at) => {
        const before = await loadRow(tx, id);
        await options.prices.write(
          tx,
          {
            medicationId: before.medicationId,
            pharmacyId: before.pharmacyId,
            dosage: before.dosage,
            remove: true,
          },
          at,
        );
        await record({
          action: "delete",
          entityType: "price",
          entityId: id,
          changes: {
            medicationId: before.medicationId,
            pharmacyId: before.pharmacyId,
            dosage: before.dosage,
            price: before.price,
          },
        });
      });
    },

    /**
     * Up to 5,000 rows, all or nothing: every row is checked first and any problem refuses the
     * whole request (400, each row's problems keyed `prices.<index>.<field>`); otherwise all are
     * written in one transaction through the price-write path, with one audit entry.
     */
    bulk(context: ActorContext, rows: BulkRow[]): Promise<BulkPriceResult> {
      return writing(context, async (tx, record, at) => {
        const links = await offSiteLinks(tx, rows, "prices");
        const stored = await storedIntroductory(tx, rows);
        const pairs = rows.map((row) =>
          mergedIntroductory(stored.get(JSON.stringify([row.medicationId, row.pharmacyId, row.dosage])), row),
        );
        const introProblems: Record<string, string> = {};
        rows.forEach((row, index) => {
          const problem = introductoryProblem({ price: row.price, ...(pairs[index] as IntroductoryPair) });
          if (problem) introProblems[`prices.${index}.${problem.field}`] = problem.message;
        });
        const problems = {
          ...(await rowProblems(tx, rows, "prices")),
          ...links.fields,
          ...introProblems,
        };
        if (Object.keys(problems).length > 0) throw rowsRefusal(problems, rows.length);
        const changes: PriceChange[] = rows.map((row, index) => ({
          medicationId: row.medicationId,
          pharmacyId: row.pharmacyId,
          dosage: row.dosage,
          price: row.price,
          ...(row.quantity === undefined ? {} : { quantity: row.quantity }),
          ...(row.inStock === undefined ? {} : { inStock: row.inStock }),
          ...(row.link === undefined ? {} : { link: row.link }),
          introductory: introductoryOf(pairs[index] as IntroductoryPair),
        }));
        const result = await options.prices.write(tx, changes, at);
        await record({
          action: "import",
          entityType: "price",
          entityId: null,
          changes: {
            rows: rows.length,
            written: result.written,
            medications: [...new Set(rows.map((row) => row.medicationId))].sort(),
            triggeredAlerts: result.triggeredAlerts.length,
            ...(links.confirmed.length > 0 ? { offSiteLinks: links.confirmed } : {}),
          },
        });
        return { written: result.written, triggeredAlerts: result.triggeredAlerts.length };
      });
    },

    /** Re-evaluates the alerts of the pairs `where` selects (see {@link pricedPairs}). */
    async reevaluate(tx: Database, where: SQL, at: Date): Promise<number> {
      const pairs = await pricedPairs(tx, where);
      if (pairs.length === 0) return 0;
      return (await options.pricesChanged(tx, pairs, at)).length;
    },
  };
}
