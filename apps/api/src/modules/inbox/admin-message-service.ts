import {
  type AdminMessage,
  type AdminMessageInput,
  type AdminMessageList,
  type AdminMessageListQuery,
  isPrescriptionOnly,
  type LegalCategoryId,
  type PublicAdminMessage,
} from "@pharmacompare/contract";
import { and, asc, count, desc, eq, gte, isNull, lte, ne, or, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { adminMessages, adminUsers, medications, pharmacies } from "../../db/schema.ts";
import { containsAny, readPage } from "../../domain/list-paging.ts";
import { pharmacyIsPublic } from "../../domain/public-filters.ts";
import { refuse } from "../../domain/refusal.ts";
import type { ActorContext, AuditService } from "../audit/index.ts";

export type AdminMessageService = ReturnType<typeof createAdminMessageService>;

/** The dialog's fields after the contract's parsing (defaults applied, empty values null). */
type MessageFields = Omit<
  AdminMessageInput,
  "category" | "priority" | "active" | "pharmacyId" | "endDate"
> & {
  category: AdminMessage["category"];
  priority: number;
  active: boolean;
  pharmacyId: string | null;
  endDate?: string | null;
};

/** Why a promotion cannot go on a prescription-only medicine's page (decision 067). */
const PROMOTION_OF_POM_REFUSED =
  "A promotion cannot be posted for a prescription-only medicine: choose Information or Warning";

const PRESCRIPTION_ONLY: LegalCategoryId = "POM";

const notFoundMessage = (id: string) => refuse(404, `Admin message "${id}" not found`);

export function createAdminMessageService(db: Database, options: { now: () => Date; audit: AuditService }) {
  /** Messages with the names the back-office shows; `where` narrows them. Newest first. */
  const selectForAdmin = (database: Database, where?: SQL) =>
    database
      .select({
        message: adminMessages,
        medicationName: medications.name,
        pharmacyName: pharmacies.name,
        createdBy: adminUsers.name,
      })
      .from(adminMessages)
      .innerJoin(medications, eq(medications.id, adminMessages.medicationId))
      .leftJoin(pharmacies, eq(pharmacies.id, adminMessages.pharmacyId))
      .leftJoin(adminUsers, eq(adminUsers.id, adminMessages.createdBy))
      .where(where)
      .orderBy(desc(adminMessages.createdAt), asc(adminMessages.id));

  type AdminRow = Awaited<ReturnType<typeof selectForAdmin>>[number];

  const toAdminMessage = ({ message, medicationName, pharmacyName, createdBy }: AdminRow): AdminMessage => ({
    _id: message.id,
    medicationId: message.medicationId,
    medicationName,
    pharmacyId: message.pharmacyId,
    pharmacyName,
    category: message.category as AdminMessage["category"],
    title: message.title,
    message: message.message,
    startDate: message.startDate.toISOString(),
    endDate: message.endDate?.toISOString() ?? null,
    priority: message.priority,
    active: message.active,
    createdBy,
    createdAt: message.createdAt.toISOString(),
  });

  async function reload(tx: Database, id: string): Promise<AdminMessage> {
    const [row] = await selectForAdmin(tx, eq(adminMessages.id, id));
    if (!row) throw notFoundMessage(id);
    return toAdminMessage(row);
  }

  /**
   * The medication and pharmacy must exist, and a promotion is never posted on a prescription-only
   * medicine's page (decision 067): said in the dialog's words, naming the field.
   */
  async function checkReferences(tx: Database, fields: MessageFields): Promise<void> {
    const [medication] = await tx
      .select({ id: medications.id, legalCategory: medications.legalCategory })
      .from(medications)
      .where(eq(medications.id, fields.medicationId));
    if (!medication) {
      const error = `Medication "${fields.medicationId}" not found`;
      throw refuse(400, error, { fields: { medicationId: error } });
    }
    if (fields.category === "promo" && isPrescriptionOnly(medication.legalCategory)) {
      throw refuse(400, PROMOTION_OF_POM_REFUSED, { fields: { category: PROMOTION_OF_POM_REFUSED } });
    }
    if (fields.pharmacyId) {
      const [pharmacy] = await tx
        .select({ id: pharmacies.id })
        .from(pharmacies)
        .where(eq(pharmacies.id, fields.pharmacyId));
      if (!pharmacy) {
        const error = `Pharmacy "${fields.pharmacyId}" not found`;
        throw refuse(400, error, { fields: { pharmacyId: error } });
      }
    }
  }

  /** The row's values; a missing start date means now (back-office §9). */
  function values(fields: MessageFields, at: Date) {
    const startDate = fields.startDate ? new Date(fields.startDate) : at;
    const endDate = fields.endDate ? new Date(fields.endDate) : null;
    if (endDate && endDate < startDate) {
      const error = "The end date must not be before the start date";
      throw refuse(400, error, { fields: { endDate: error } });
    }
    return {
      medicationId: fields.medicationId,
      pharmacyId: fields.pharmacyId,
      category: fields.category,
      title: fields.title,
      message: fields.message,
      startDate,
      endDate,
      priority: fields.priority,
      active: fields.active,
    };
  }

  return {
    /**
     * A page of messages for the back-office, newest first; searched by medication name, title or
     * message, optionally of one category.
     */
    async list(query: z.output<typeof AdminMessageListQuery>): Promise<AdminMessageList> {
      const where = and(
        containsAny(query.search, [medications.name, adminMessages.title, adminMessages.message]),
        query.category ? eq(adminMessages.category, query.category) : undefined,
      );
      const { rows, info } = await readPage(
        query,
        db
          .select({ total: count() })
          .from(adminMessages)
          .innerJoin(medications, eq(medications.id, adminMessages.medicationId))
          .where(where),
        (limit, offset) => selectForAdmin(db, where).limit(limit).offset(offset),
      );
      return { messages: rows.map(toAdminMessage), ...info };
    },

    create(context: ActorContext, fields: MessageFields): Promise<AdminMessage> {
      return options.audit.write(context, async (tx, audit, at) => {
        await checkReferences(tx, fields);
        const [row] = await tx
          .insert(adminMessages)
          .values({ ...values(fields, at), createdBy: context.actor.id, createdAt: at, updatedAt: at })
          .returning({ id: adminMessages.id });
        if (!row) throw new Error("insert returned no row");
        const created = await reload(tx, row.id);
        await audit({
          action: "create",
          entityType: "admin_message",
          entityId: row.id,
          changes: { ...created },
        });
        return created;
      });
    },

    update(context: ActorContext, id: string, fields: MessageFields): Promise<AdminMessage> {
      return options.audit.write(context, async (tx, audit, at) => {
        const before = await reload(tx, id);
        await checkReferences(tx, fields);
        await tx
          .update(adminMessages)
          .set({ ...values(fields, at), updatedAt: at })
          .where(eq(adminMessages.id, id));
        const after = await reload(tx, id);
        await audit({
          action: "update",
          entityType: "admin_message",
          entityId: id,
          changes: changedFields(before, after),
        });
        return after;
      });
    },

    /** Switches the message on or off (back-office §4). */
    toggle(context: ActorContext, id: string): Promise<AdminMessage> {
      return options.audit.write(context, async (tx, audit, at) => {
        const before = await reload(tx, id);
        await tx
          .update(adminMessages)
          .set({ active: !before.active, updatedAt: at })
          .where(eq(adminMessages.id, id));
        await audit({
          action: "status_change",
          entityType: "admin_message",
          entityId: id,
          changes: { active: { from: before.active, to: !before.active } },
        });
        return reload(tx, id);
      });
    },

    remove(context: ActorContext, id: string): Promise<void> {
      return options.audit.write(context, async (tx, audit) => {
        const before = await reload(tx, id);
        await tx.delete(adminMessages).where(eq(adminMessages.id, id));
        await audit({
          action: "delete",
          entityType: "admin_message",
          entityId: id,
          changes: { title: before.title, medicationId: before.medicationId },
        });
      });
    },

    /**
     * Messages showing now on a medication's page: active, started, not ended, and not tied to
     * a pharmacy visitors cannot see (switched off or not registered). Highest priority first, then newest. Only the fields visitors see.
     */
    async showingForMedication(medicationId: string): Promise<PublicAdminMessage[]> {
      const now = options.now();
      const rows = await db
        .select({
          message: adminMessages,
          medicationName: medications.name,
          pharmacyName: pharmacies.name,
        })
        .from(adminMessages)
        .innerJoin(medications, eq(medications.id, adminMessages.medicationId))
        .leftJoin(pharmacies, eq(pharmacies.id, adminMessages.pharmacyId))
        .where(
          and(
            eq(adminMessages.medicationId, medicationId),
            eq(adminMessages.active, true),
            lte(adminMessages.startDate, now),
            or(isNull(adminMessages.endDate), gte(adminMessages.endDate, now)),
            or(isNull(adminMessages.pharmacyId), pharmacyIsPublic),
            // One posted before the medicine became prescription-only still never shows (decision 067).
            or(ne(adminMessages.category, "promo"), ne(medications.legalCategory, PRESCRIPTION_ONLY)),
          ),
        )
        .orderBy(desc(adminMessages.priority), desc(adminMessages.createdAt), asc(adminMessages.id));
      return rows.map(({ message, medicationName, pharmacyName }) => ({
        _id: message.id,
        medicationId: message.medicationId,
        medicationName,
        pharmacyId: message.pharmacyId,
        pharmacyName,
        category: message.category as PublicAdminMessage["category"],
        title: message.title,
        message: message.message,
        startDate: message.startDate.toISOString(),
        endDate: message.endDate?.toISOString() ?? null,
        priority: message.priority,
      }));
    },
  };
}

/** `{ field: { from, to } }` for each field a change altered. */
function changedFields(before: AdminMessage, after: AdminMessage): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(after) as (keyof AdminMessage)[]) {
    if (before[key] !== after[key]) changes[key] = { from: before[key], to: after[key] };
  }
  return changes;
}
