import type {
  AdminMedication,
  AdminMedicationListQuery,
  MedicationFormData,
  MedicationInput,
  MedicationListResponse,
  MedicationUpdate,
  PriceGridCell,
} from "@pharmacompare/contract";
import { nhsRouteProblem } from "@pharmacompare/contract";
import { and, asc, count, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import {
  adminMessages,
  categories,
  emailOutbox,
  medications,
  priceAlerts,
  prices,
  subcategories,
} from "../../db/schema.ts";
import { containsAny, readPage } from "../../domain/list-paging.ts";
import { byName } from "../../domain/public-filters.ts";
import { badRequest, notFound, refuse } from "../../domain/refusal.ts";
import type { ActorContext, Audit, AuditedWork, AuditService } from "../audit/index.ts";
import type { OutboxService } from "../outbox/index.ts";
import type { PriceChange, PriceService } from "../prices/index.ts";
import { type AdminPriceService, type OffSiteLink, rowsRefusal, selectAdminPrices } from "../prices/index.ts";
import { changedFields, freeIdFromName } from "./admin-catalogue-ids.ts";
import type { AdminPharmacyService } from "./admin-pharmacy-service.ts";
import { toMedication } from "./medication-service.ts";

/**
 * The back-office's medications (back-office §2 Medication list and form): every medication,
 * active or not, and the form's price grid, whose cells go through the one price-write path in
 * the same audited transaction as the medication.
 */

type Created = z.output<typeof MedicationInput>;
type Changed = z.output<typeof MedicationUpdate>;
type GridCell = z.output<typeof PriceGridCell>;

const medicationNotFound = (id: string) => notFound(`Medication "${id}" not found`);

/** A route "only under criteria" must say the criteria (decision 056): refused beside the note. */
function checkNhsRoute(fields: { nhsAvailability?: string | null; nhsNote?: string }): void {
  const problem = nhsRouteProblem(fields);
  if (problem) throw badRequest(`NHS note ${problem}`, "nhsNote");
}

/** The NHS route fields a change sends, as columns; the others are kept. */
function nhsChanges(input: Changed) {
  return {
    ...(input.nhsAvailability === undefined ? {} : { nhsAvailability: input.nhsAvailability }),
    ...(input.nhsNote === undefined ? {} : { nhsNote: input.nhsNote }),
    ...(input.nhsUrl === undefined ? {} : { nhsUrl: input.nhsUrl }),
    ...(input.nhsItemCharge === undefined ? {} : { nhsItemCharge: input.nhsItemCharge }),
    ...(input.nhsCheckedOn === undefined ? {} : { nhsCheckedOn: input.nhsCheckedOn }),
  };
}

/**
 * How many price rows each medication has, next to its columns. Spelled out qualified: in a
 * one-table select Drizzle leaves column names bare, and a bare "id" would be the price's own.
 */
const priceCount = sql<number>`(select count(*)::int from ${prices} as counted where counted.medication_id = ${medications}.id)`;

export type AdminMedicationService = ReturnType<typeof createAdminMedicationService>;

export function createAdminMedicationService(
  db: Database,
  options: {
    audit: AuditService;
    prices: PriceService;
    adminPrices: AdminPriceService;
    adminPharmacies: AdminPharmacyService;
    outbox: OutboxService;
  },
) {
  const { audit, outbox, adminPrices } = options;

  const selectAdmin = (tx: Database, where?: SQL) =>
    tx
      .select({ ...getTableColumns(medications), priceCount })
      .from(medications)
      .where(where)
      .orderBy(byName(medications.name), asc(medications.id));

  type Row = Awaited<ReturnType<typeof selectAdmin>>[number];
  const toAdmin = (row: Row): AdminMedication => ({
    ...toMedication(row),
    priceCount: row.priceCount,
    // The column's CHECK holds it to the contract's list (decision 056).
    nhsAvailability: row.nhsAvailability as AdminMedication["nhsAvailability"],
    nhsNote: row.nhsNote,
    nhsUrl: row.nhsUrl,
    nhsItemCharge: row.nhsItemCharge,
    nhsCheckedOn: row.nhsCheckedOn,
  });

  async function load(tx: Database, id: string): Promise<Row> {
    const [row] = await selectAdmin(tx, eq(medications.id, id));
    if (!row) throw medicationNotFound(id);
    return row;
  }

  /** The category must exist and the subcategory be one of its own: said beside the field at fault. */
  async function checkPlace(tx: Database, categoryId: string, subcategoryId: string): Promise<void> {
    const [category] = await tx
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(eq(categories.id, categoryId));
    if (!category) throw badRequest(`Category "${categoryId}" not found`, "category");
    const [subcategory] = await tx
      .select({ categoryId: subcategories.categoryId })
      .from(subcategories)
      .where(eq(subcategories.id, subcategoryId));
    if (!subcategory) throw badRequest(`Subcategory "${subcategoryId}" not found`, "subcategory");
    if (subcategory.categoryId !== categoryId) {
      throw badRequest(
        `Subcategory "${subcategoryId}" is not in ${category.name}: choose one of its own`,
        "subcategory",
      );
    }
  }

  /**
   * The grid's cells as price changes, after checking each (a known pharmacy, one of `dosages`,
   * each pharmacy and dosage once). Any problem refuses the whole save, keyed `prices.<i>.<field>`.
   */
  async function gridChanges(
    tx: Database,
    medication: { id: string; name: string; dosages: string[] },
    cells: GridCell[],
  ): Promise<{ changes: PriceChange[]; offSiteLinks: OffSiteLink[] }> {
    const rows = cells.map((cell) => ({ ...cell, medicationId: medication.id }));
    // A link off the pharmacy's site needs the cell's confirmation, as in the price form (decision 029).
    const links = await adminPrices.offSiteLinks(tx, rows, "prices");
    const problems = { ...(await adminPrices.rowProblems(tx, rows, "prices", medication)), ...links.fields };
    if (Object.keys(problems).length > 0) throw rowsRefusal(problems, cells.length, "price cells");
    const changes = cells.map((cell) => ({
      medicationId: medication.id,
      pharmacyId: cell.pharmacyId,
      dosage: cell.dosage,
      price: cell.price,
      ...(cell.link === undefined ? {} : { link: cell.link }),
    }));
    return { changes, offSiteLinks: links.confirmed };
  }

  /** Runs an audited write, then wakes the outbox for the alert emails a price write may have queued. */
  async function writing<T>(context: ActorContext, work: AuditedWork<T>): Promise<T> {
    const result = await audit.write(context, work);
    outbox.wake();
    return result;
  }

  /** Inserts a new medication, its grid's prices and its audit entry inside the caller's transaction. */
  async function insert(tx: Database, record: Audit, at: Date, input: Created): Promise<{ id: string }> {
    await checkPlace(tx, input.category, input.subcategory);
    checkNhsRoute(input);
    let id = input.id;
    if (id) {
      const [taken] = await tx.select({ id: medications.id }).from(medications).where(eq(medications.id, id));
      if (taken) {
        const message = `A medication with the id "${id}" already exists`;
        throw refuse(409, message, { code: "conflict", fields: { id: message } });
      }
    } else {
      id = await freeIdFromName(tx, medications, medications.id, input.name, "medication");
    }
    // Checked before anything is written; written once the medication exists.
    const { changes, offSiteLinks } = await gridChanges(
      tx,
      { id, name: input.name, dosages: input.dosage },
      input.prices ?? [],
    );
    await tx.insert(medications).values({
      id,
      name: input.name,
      genericName: input.genericName || null,
      categoryId: input.category,
      subcategoryId: input.subcategory,
      form: input.form,
      legalCategory: input.legalCategory,
      description: input.description,
      dosages: input.dosage,
      active: input.active,
      nhsAvailability: input.nhsAvailability ?? null,
      nhsNote: input.nhsNote ?? "",
      nhsUrl: input.nhsUrl ?? "",
      nhsItemCharge: input.nhsItemCharge ?? true,
      nhsCheckedOn: input.nhsCheckedOn ?? null,
      createdAt: at,
      updatedAt: at,
    });
    const written = changes.length > 0 ? await options.prices.write(tx, changes, at) : undefined;
    const { prices: _grid, ...fields } = input;
    await record({
      action: "create",
      entityType: "medication",
      entityId: id,
      changes: {
        ...fields,
        id,
        prices: changes.length,
        triggeredAlerts: written?.triggeredAlerts.length ?? 0,
        ...(offSiteLinks.length > 0 ? { offSiteLinks } : {}),
      },
    });
    return { id };
  }

  return {
    /** A page of medications, active or not, by name; searched by name or id, filtered by category. */
    async list(
      query: z.output<typeof AdminMedicationListQuery>,
    ): Promise<z.infer<typeof MedicationListResponse>> {
      const where = and(
        containsAny(query.search, [medications.name, medications.id]),
        query.category ? eq(medications.categoryId, query.category) : undefined,
      );
      const { rows, info } = await readPage(
        query,
        db.select({ total: count() }).from(medications).where(where),
        (limit, offset) => selectAdmin(db, where).limit(limit).offset(offset),
      );
      return { medications: rows.map(toAdmin), ...info };
    },

    /** The edit form's data: the medication, its price rows and every pharmacy. */
    async formData(id: string): Promise<MedicationFormData> {
      const row = await load(db, id);
      return {
        medication: toAdmin(row),
        prices: await selectAdminPrices(db, eq(prices.medicationId, id)),
        pharmacies: await options.adminPharmacies.all(),
      };
    },

    create(context: ActorContext, input: Created): Promise<{ id: string }> {
      return writing(context, (tx, record, at) => insert(tx, record, at, input));
    },

    /** The create's own writes, for another audited transaction that adds medications (price sheets). */
    insert,

    /**
     * A partial change. A new category or subcategory must fit together; when the dosages change,
     * rows for a dosage no longer listed go; `prices`, when sent, is the whole grid (cells set,
     * the medication's other rows removed). Switching it on or off re-evaluates its alerts.
     */
    update(context: ActorContext, id: string, input: Changed): Promise<AdminMedication> {
      return writing(context, async (tx, record, at) => {
        const before = await load(tx, id);
        if (input.id !== undefined && input.id !== id) {
          throw badRequest(`The id of "${before.name}" cannot be changed`, "id");
        }
        const category = input.category ?? before.categoryId;
        const subcategory = input.subcategory ?? before.subcategoryId;
        if (input.category !== undefined || input.subcategory !== undefined) {
          await checkPlace(tx, category, subcategory);
        }
        const dosages = input.dosage ?? before.dosages;
        const name = input.name ?? before.name;
        checkNhsRoute({
          nhsAvailability:
            input.nhsAvailability === undefined ? before.nhsAvailability : input.nhsAvailability,
          nhsNote: input.nhsNote ?? before.nhsNote,
        });

        // Checked before anything is written, so a refused cell changes nothing.
        const grid =
          input.prices === undefined ? undefined : await gridChanges(tx, { id, name, dosages }, input.prices);
        const cells = grid?.changes;

        await tx
          .update(medications)
          .set({
            ...(input.name === undefined ? {} : { name: input.name }),
            ...(input.genericName === undefined ? {} : { genericName: input.genericName || null }),
            categoryId: category,
            subcategoryId: subcategory,
            ...(input.form === undefined ? {} : { form: input.form }),
            ...(input.legalCategory === undefined ? {} : { legalCategory: input.legalCategory }),
            ...(input.description === undefined ? {} : { description: input.description }),
            dosages,
            ...(input.active === undefined ? {} : { active: input.active }),
            ...nhsChanges(input),
            updatedAt: at,
          })
          .where(eq(medications.id, id));

        const stored = await tx
          .select({ pharmacyId: prices.pharmacyId, dosage: prices.dosage })
          .from(prices)
          .where(eq(prices.medicationId, id));
        const kept = new Set((cells ?? []).map((cell) => JSON.stringify([cell.pharmacyId, cell.dosage])));
        const removals: PriceChange[] = stored
          .filter((row) =>
            cells === undefined
              ? !dosages.includes(row.dosage)
              : !kept.has(JSON.stringify([row.pharmacyId, row.dosage])),
          )
          .map((row) => ({ medicationId: id, pharmacyId: row.pharmacyId, dosage: row.dosage, remove: true }));
        const changes = [...(cells ?? []), ...removals];
        const written = changes.length > 0 ? await options.prices.write(tx, changes, at) : undefined;

        const after = await load(tx, id);
        const visibilityChanged =
          before.active !== after.active ||
          before.categoryId !== after.categoryId ||
          before.subcategoryId !== after.subcategoryId;
        if (visibilityChanged) await adminPrices.reevaluate(tx, eq(prices.medicationId, id), at);

        const { priceCount: _before, ...beforeFields } = before;
        const { priceCount: _after, ...afterFields } = after;
        const fieldChanges = changedFields(
          { ...beforeFields, createdAt: null, updatedAt: null },
          { ...afterFields, createdAt: null, updatedAt: null },
        );
        const onlySwitched = Object.keys(fieldChanges).length === 1 && "active" in fieldChanges && !written;
        await record({
          action: onlySwitched ? "status_change" : "update",
          entityType: "medication",
          entityId: id,
          changes: {
            ...fieldChanges,
            ...(written
              ? {
                  prices: {
                    written: written.written,
                    removed: written.removed,
                    triggeredAlerts: written.triggeredAlerts.length,
                  },
                }
              : {}),
            ...(grid && grid.offSiteLinks.length > 0 ? { offSiteLinks: grid.offSiteLinks } : {}),
          },
        });
        return toAdmin(after);
      });
    },

    /**
     * Deletes the medication: its prices through the price-write path, its visitors' price alerts
     * (they can never fire again; unsent emails about them are cancelled) and its admin messages.
     */
    remove(
      context: ActorContext,
      id: string,
    ): Promise<{ message: string; removedPrices: number; removedAlerts: number; removedMessages: number }> {
      return writing(context, async (tx, record, at) => {
        const before = await load(tx, id);
        const rows = await tx
          .select({ pharmacyId: prices.pharmacyId, dosage: prices.dosage })
          .from(prices)
          .where(eq(prices.medicationId, id));
        const written =
          rows.length > 0
            ? await options.prices.write(
                tx,
                rows.map(
                  (row) =>
                    ({
                      medicationId: id,
                      pharmacyId: row.pharmacyId,
                      dosage: row.dosage,
                      remove: true,
                    }) as const,
                ),
                at,
              )
            : { removed: 0 };
        const alertIds = (
          await tx.select({ id: priceAlerts.id }).from(priceAlerts).where(eq(priceAlerts.medicationId, id))
        ).map((row) => row.id);
        if (alertIds.length > 0) {
          await outbox.cancelPending(tx, inArray(emailOutbox.priceAlertId, alertIds));
          await tx.delete(priceAlerts).where(inArray(priceAlerts.id, alertIds));
        }
        const removedMessages = (
          await tx
            .delete(adminMessages)
            .where(eq(adminMessages.medicationId, id))
            .returning({ id: adminMessages.id })
        ).length;
        await tx.delete(medications).where(eq(medications.id, id));
        const removed = { removedPrices: written.removed, removedAlerts: alertIds.length, removedMessages };
        await record({
          action: "delete",
          entityType: "medication",
          entityId: id,
          changes: {
            name: before.name,
            category: before.categoryId,
            subcategory: before.subcategoryId,
            ...removed,
          },
        });
        const pricesWord = written.removed === 1 ? "price" : "prices";
        return { message: `${before.name} deleted with ${written.removed} ${pricesWord}`, ...removed };
      });
    },
  };
}
