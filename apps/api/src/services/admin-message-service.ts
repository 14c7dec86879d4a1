import type { PublicAdminMessage } from "@pharmacompare/contract";
import { and, asc, desc, eq, gte, isNull, lte, or } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { adminMessages, medications, pharmacies } from "../db/schema.ts";

export type AdminMessageService = ReturnType<typeof createAdminMessageService>;

export function createAdminMessageService(db: Database, options: { now: () => Date }) {
  return {
    /**
     * Messages showing now on a medication's page: active, started, not ended, and not tied to
     * an inactive pharmacy. Highest priority first, then newest. Only the fields visitors see.
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
            or(isNull(adminMessages.pharmacyId), eq(pharmacies.active, true)),
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
