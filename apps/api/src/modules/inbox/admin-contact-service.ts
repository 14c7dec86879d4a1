import {
  type AdminContact,
  type ContactListQuery,
  type ContactPage,
  type ContactStatusInput,
  pageInfo,
} from "@pharmacompare/contract";
import { and, count, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { contacts } from "../../db/schema.ts";
import { escapeLike } from "../../domain/public-filters.ts";
import { refuse } from "../../domain/refusal.ts";
import type { ActorContext, AuditService } from "../audit/index.ts";

type ContactRow = typeof contacts.$inferSelect;

const notFoundContact = (id: string) => refuse(404, `Contact "${id}" not found`);

function toAdminContact(row: ContactRow): AdminContact {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject as AdminContact["subject"],
    message: row.message,
    status: row.status as AdminContact["status"],
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The back-office's inbox (back-office §2 Contact Messages, §4): visitors' messages listed,
 * given a status, deleted. Audit entries name the message by id and never copy what the visitor
 * wrote or their address (the audit log outlives the 12 months a message is kept).
 */
export function createAdminContactService(db: Database, options: { audit: AuditService }) {
  async function load(tx: Database, id: string): Promise<ContactRow> {
    const [row] = await tx.select().from(contacts).where(eq(contacts.id, id)).for("update");
    if (!row) throw notFoundContact(id);
    return row;
  }

  return {
    /** Newest first; `search` a case-insensitive substring of the name, email or message. */
    async list(query: z.output<typeof ContactListQuery>): Promise<ContactPage> {
      const conditions: SQL[] = [];
      if (query.status) conditions.push(eq(contacts.status, query.status));
      if (query.search) {
        const contains = `%${escapeLike(query.search)}%`;
        const match = or(
          sql`${contacts.name} ilike ${contains} escape '\\'`,
          sql`${contacts.email} ilike ${contains} escape '\\'`,
          sql`${contacts.message} ilike ${contains} escape '\\'`,
        );
        if (match) conditions.push(match);
      }
      const where = and(...conditions);
      const [totalRow] = await db.select({ total: count() }).from(contacts).where(where);
      const rows = await db
        .select()
        .from(contacts)
        .where(where)
        .orderBy(desc(contacts.createdAt), desc(contacts.id))
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      return {
        contacts: rows.map(toAdminContact),
        ...pageInfo(query.page, query.limit, totalRow?.total ?? 0),
      };
    },

    /** Any status may be set directly (back-office §4); setting the one it has changes nothing. */
    setStatus(
      context: ActorContext,
      id: string,
      status: z.output<typeof ContactStatusInput>["status"],
    ): Promise<AdminContact> {
      return options.audit.write(context, async (tx, audit, at) => {
        const before = await load(tx, id);
        if (before.status === status) return toAdminContact(before);
        const [row] = await tx
          .update(contacts)
          .set({ status, updatedAt: at })
          .where(eq(contacts.id, id))
          .returning();
        if (!row) throw notFoundContact(id);
        await audit({
          action: "status_change",
          entityType: "contact",
          entityId: id,
          changes: { status: { from: before.status, to: status } },
        });
        return toAdminContact(row);
      });
    },

    remove(context: ActorContext, id: string): Promise<void> {
      return options.audit.write(context, async (tx, audit) => {
        const before = await load(tx, id);
        await tx.delete(contacts).where(eq(contacts.id, id));
        await audit({
          action: "delete",
          entityType: "contact",
          entityId: id,
          changes: { subject: before.subject, status: before.status },
        });
      });
    },
  };
}
