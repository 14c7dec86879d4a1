import type {
  AdminPharmacy,
  AdminPharmacyListQuery,
  PharmacyInput,
  PharmacyListResponse,
  PharmacyUpdate,
} from "@pharmacompare/contract";
import { and, asc, count, eq, getTableColumns, ne, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { adminMessages, pharmacies, prices } from "../../db/schema.ts";
import { containsAny, readPage } from "../../domain/list-paging.ts";
import { byName, pharmacyIsPublic } from "../../domain/public-filters.ts";
import { badRequest, notFound, refuse } from "../../domain/refusal.ts";
import type { ActorContext, Audit, AuditedWork, AuditService } from "../audit/index.ts";
import type { OutboxService } from "../outbox/index.ts";
import { type AdminPriceService, hostOf, onWebsite, type PriceService } from "../prices/index.ts";
import { changedFields, freeIdFromName } from "./admin-catalogue-ids.ts";
import { toStoredPharmacy } from "./pharmacy-service.ts";

/**
 * The back-office's pharmacies (back-office §2 Pharmacy list and form): every pharmacy, active or
 * not, registered or not (decision 034). Deleting one removes its prices through the one
 * price-write path.
 */

type Created = z.output<typeof PharmacyInput>;
type Changed = z.output<typeof PharmacyUpdate>;

const pharmacyNotFound = (id: string) => notFound(`Pharmacy "${id}" not found`);

/** How many price rows each pharmacy has (qualified by hand: a one-table select leaves names bare). */
const priceCount = sql<number>`(select count(*)::int from ${prices} as counted where counted.pharmacy_id = ${pharmacies}.id)`;

export type AdminPharmacyService = ReturnType<typeof createAdminPharmacyService>;

export function createAdminPharmacyService(
  db: Database,
  options: {
    audit: AuditService;
    prices: PriceService;
    adminPrices: AdminPriceService;
    outbox: OutboxService;
  },
) {
  const { audit, outbox } = options;

  const selectAdmin = (tx: Database, where?: SQL) =>
    tx
      .select({ ...getTableColumns(pharmacies), listed: pharmacyIsPublic, priceCount })
      .from(pharmacies)
      .where(where)
      .orderBy(byName(pharmacies.name), asc(pharmacies.id));

  type Row = Awaited<ReturnType<typeof selectAdmin>>[number];
  const toAdmin = (row: Row): AdminPharmacy => ({
    ...toStoredPharmacy(row),
    listed: row.listed,
    priceCount: row.priceCount,
    referralParams: row.referralParams,
    consultationUrl: row.consultationUrl,
  });

  async function load(tx: Database, id: string): Promise<Row> {
    const [row] = await selectAdmin(tx, eq(pharmacies.id, id));
    if (!row) throw pharmacyNotFound(id);
    return row;
  }

  /** A GPhC number belongs to one pharmacy (the unique index is the backstop for races); none is free. */
  async function checkGphcFree(tx: Database, gphcNumber: string | null, exceptId?: string): Promise<void> {
    if (gphcNumber === null) return;
    const [holder] = await tx
      .select({ name: pharmacies.name })
      .from(pharmacies)
      .where(and(eq(pharmacies.gphcNumber, gphcNumber), exceptId ? ne(pharmacies.id, exceptId) : undefined));
    if (holder) {
      const message = `GPhC number ${gphcNumber} is already registered to ${holder.name}`;
      throw refuse(409, message, { code: "conflict", fields: { gphcNumber: message } });
    }
  }

  /**
   * A consultation address is on the pharmacy's own site (decision 058): the registrable-domain
   * rule a price link meets without a tick (decision 029), so a click-out for a prescription-only
   * medicine can only ever reach the pharmacy it names. Checked on every write that sets either.
   */
  function checkConsultationOnWebsite(consultationUrl: string, website: string): void {
    if (consultationUrl === "" || onWebsite(consultationUrl, website)) return;
    const rule = `must be on the pharmacy's own website (${hostOf(website) ?? "its website"}): ${hostOf(consultationUrl)} is another site`;
    throw refuse(400, `The consultation address ${rule}`, { fields: { consultationUrl: rule } });
  }

  async function writing<T>(context: ActorContext, work: AuditedWork<T>): Promise<T> {
    const result = await audit.write(context, work);
    outbox.wake();
    return result;
  }

  /** Inserts a new pharmacy and its audit entry inside the caller's transaction. */
  async function insert(tx: Database, record: Audit, at: Date, input: Created): Promise<{ id: string }> {
    let id = input.id;
    if (id) {
      const [taken] = await tx.select({ id: pharmacies.id }).from(pharmacies).where(eq(pharmacies.id, id));
      if (taken) {
        const message = `A pharmacy with the id "${id}" already exists`;
        throw refuse(409, message, { code: "conflict", fields: { id: message } });
      }
    } else {
      id = await freeIdFromName(tx, pharmacies, pharmacies.id, input.name, "pharmacy");
    }
    await checkGphcFree(tx, input.gphcNumber);
    checkConsultationOnWebsite(input.consultationUrl, input.website);
    const { id: _given, ...fields } = input;
    await tx.insert(pharmacies).values({ ...fields, id, createdAt: at, updatedAt: at });
    await record({ action: "create", entityType: "pharmacy", entityId: id, changes: { ...fields, id } });
    return { id };
  }

  return {
    /** Every pharmacy, active or not, by name: the rows of the medication form's price grid. */
    async all(): Promise<AdminPharmacy[]> {
      return (await selectAdmin(db)).map(toAdmin);
    },

    /** A page of pharmacies, active or not, by name; searched by name or id. */
    async list(
      query: z.output<typeof AdminPharmacyListQuery>,
    ): Promise<z.infer<typeof PharmacyListResponse>> {
      const where = containsAny(query.search, [pharmacies.name, pharmacies.id]);
      const { rows, info } = await readPage(
        query,
        db.select({ total: count() }).from(pharmacies).where(where),
        (limit, offset) => selectAdmin(db, where).limit(limit).offset(offset),
      );
      return { pharmacies: rows.map(toAdmin), ...info };
    },

    async get(id: string): Promise<AdminPharmacy> {
      return toAdmin(await load(db, id));
    },

    create(context: ActorContext, input: Created): Promise<{ id: string }> {
      return writing(context, (tx, record, at) => insert(tx, record, at, input));
    },

    /** The create's own writes, for another audited transaction that adds pharmacies (price sheets). */
    insert,

    /**
     * A partial change. A change to whether visitors see it (switched on or off, GPhC number added
     * or cleared) re-evaluates the alerts on its prices.
     */
    update(context: ActorContext, id: string, input: Changed): Promise<AdminPharmacy> {
      return writing(context, async (tx, record, at) => {
        const before = await load(tx, id);
        const { id: given, ...fields } = input;
        if (given !== undefined && given !== id) {
          throw badRequest(`The id of "${before.name}" cannot be changed`, "id");
        }
        if (fields.gphcNumber !== undefined) await checkGphcFree(tx, fields.gphcNumber, id);
        if (fields.consultationUrl !== undefined || fields.website !== undefined) {
          checkConsultationOnWebsite(
            fields.consultationUrl ?? before.consultationUrl,
            fields.website ?? before.website,
          );
        }
        await tx
          .update(pharmacies)
          .set({ ...fields, updatedAt: at })
          .where(eq(pharmacies.id, id));
        const after = await load(tx, id);
        if (before.listed !== after.listed) {
          await options.adminPrices.reevaluate(tx, eq(prices.pharmacyId, id), at);
        }
        const { priceCount: _b, listed: _bl, createdAt: _bc, updatedAt: _bu, ...beforeFields } = before;
        const { priceCount: _a, listed: _al, createdAt: _ac, updatedAt: _au, ...afterFields } = after;
        const changes = changedFields(beforeFields, afterFields);
        const onlySwitched = Object.keys(changes).length === 1 && "active" in changes;
        await record({
          action: onlySwitched ? "status_change" : "update",
          entityType: "pharmacy",
          entityId: id,
          changes,
        });
        return toAdmin(after);
      });
    },

    /**
     * Deletes the pharmacy: its prices through the price-write path (the alerts on them are
     * re-evaluated) and the admin messages shown in its price rows.
     */
    remove(context: ActorContext, id: string): Promise<{ message: string; removedPrices: number }> {
      return writing(context, async (tx, record, at) => {
        const before = await load(tx, id);
        const rows = await tx
          .select({ medicationId: prices.medicationId, dosage: prices.dosage })
          .from(prices)
          .where(eq(prices.pharmacyId, id));
        const written =
          rows.length > 0
            ? await options.prices.write(
                tx,
                rows.map((row) => ({ ...row, pharmacyId: id, remove: true }) as const),
                at,
              )
            : { removed: 0 };
        const removedMessages = (
          await tx
            .delete(adminMessages)
            .where(eq(adminMessages.pharmacyId, id))
            .returning({ id: adminMessages.id })
        ).length;
        await tx.delete(pharmacies).where(eq(pharmacies.id, id));
        await record({
          action: "delete",
          entityType: "pharmacy",
          entityId: id,
          changes: {
            name: before.name,
            gphcNumber: before.gphcNumber,
            removedPrices: written.removed,
            removedMessages,
          },
        });
        const pricesWord = written.removed === 1 ? "price" : "prices";
        return {
          message: `${before.name} deleted with ${written.removed} ${pricesWord}`,
          removedPrices: written.removed,
        };
      });
    },
  };
}
