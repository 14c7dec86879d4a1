import type { CoursePlan, CoursePlansInput } from "@pharmacompare/contract";
import { asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { coursePlans, medications } from "../../db/schema.ts";
import { notFound, refuse } from "../../domain/refusal.ts";
import type { ActorContext, AuditService } from "../audit/index.ts";

/**
 * A medication's course plans (issue 30, decision 042): read for the condition page's course cost
 * and the back-office's form, replaced as a whole by the back-office in one audited transaction.
 */

type Plans = z.output<typeof CoursePlansInput>["plans"];

const medicationNotFound = (id: string) => notFound(`Medication "${id}" not found`);

async function plansOf(db: Database, medicationId: string): Promise<CoursePlan[]> {
  const rows = await db
    .select()
    .from(coursePlans)
    .where(eq(coursePlans.medicationId, medicationId))
    .orderBy(asc(coursePlans.position), asc(coursePlans.id));
  return rows.map((row) => ({ id: row.id, name: row.name, steps: row.steps }));
}

/** Each step's dosage must be one the medication lists: a plan names what visitors can compare. */
function unknownDosages(plans: Plans, dosages: readonly string[]): Record<string, string> {
  const fields: Record<string, string> = {};
  plans.forEach((plan, p) => {
    plan.steps.forEach((step, s) => {
      if (!dosages.includes(step.dosage)) {
        fields[`plans.${p}.steps.${s}.dosage`] = `"${step.dosage}" is not one of this medication's dosages`;
      }
    });
  });
  return fields;
}

export type CoursePlanService = ReturnType<typeof createCoursePlanService>;

export function createCoursePlanService(db: Database, options: { audit: AuditService }) {
  return {
    /** The plans of a medication the caller has already found public. */
    forMedication(medicationId: string): Promise<CoursePlan[]> {
      return plansOf(db, medicationId);
    },

    /** The back-office's read: any medication, 404 for an unknown one. */
    async list(medicationId: string): Promise<CoursePlan[]> {
      const [found] = await db
        .select({ id: medications.id })
        .from(medications)
        .where(eq(medications.id, medicationId));
      if (!found) throw medicationNotFound(medicationId);
      return plansOf(db, medicationId);
    },

    /** Replaces every plan of the medication; a step naming a dosage it does not list refuses all. */
    replace(context: ActorContext, medicationId: string, plans: Plans): Promise<CoursePlan[]> {
      return options.audit.write(context, async (tx, record, at) => {
        const [medication] = await tx
          .select({ dosages: medications.dosages })
          .from(medications)
          .where(eq(medications.id, medicationId))
          .for("update");
        if (!medication) throw medicationNotFound(medicationId);
        const fields = unknownDosages(plans, medication.dosages);
        if (Object.keys(fields).length > 0) {
          throw refuse(400, "A course plan names a dosage this medication does not list", { fields });
        }
        const before = await plansOf(tx, medicationId);
        await tx.delete(coursePlans).where(eq(coursePlans.medicationId, medicationId));
        if (plans.length > 0) {
          await tx.insert(coursePlans).values(
            plans.map((plan, position) => ({
              medicationId,
              name: plan.name,
              steps: plan.steps,
              position,
              createdAt: at,
              updatedAt: at,
            })),
          );
        }
        await record({
          action: "update",
          entityType: "medication",
          entityId: medicationId,
          changes: {
            coursePlans: {
              from: before.map((plan) => plan.name),
              to: plans.map((plan) => plan.name),
            },
          },
        });
        return plansOf(tx, medicationId);
      });
    },
  };
}
