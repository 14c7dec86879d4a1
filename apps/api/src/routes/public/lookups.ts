import type { Medication } from "@pharmacompare/contract";
import type { FastifyInstance } from "fastify";
import { badRequest, notFound } from "../../domain/refusal.ts";

/** The public medication with this id, or a 404 naming it (unknown and inactive look the same). */
export async function requireMedication(app: FastifyInstance, id: string): Promise<Medication> {
  const medication = await app.services.medications.getPublic(id);
  if (!medication) throw notFound(`Medication "${id}" not found`);
  return medication;
}

/** A 400 naming the parameter unless `dosage` is one the medication is sold in. */
export function requireDosage(medication: Medication, dosage: string): string {
  if (!medication.dosage.includes(dosage)) {
    throw badRequest(
      `Invalid query parameter "dosage": "${dosage}" is not a dosage of ${medication.name}`,
      "dosage",
    );
  }
  return dosage;
}
