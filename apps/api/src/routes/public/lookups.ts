import type { Medication } from "@pharmacompare/contract";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { conditionTag, medicationTag } from "../../cache/cache-tags.ts";
import { badRequest, notFound } from "../../domain/refusal.ts";
import { tagAnswer } from "../../plugins/http-cache.ts";

/**
 * The public medication with this id, or a 404 naming it (unknown and inactive look the same).
 * Given the request of a public read built from it, tags that answer with the medication and its
 * condition: a change too wide to name each medication names their conditions (decision 063).
 */
export async function requireMedication(
  app: FastifyInstance,
  id: string,
  request?: FastifyRequest,
): Promise<Medication> {
  const medication = await app.services.medications.getPublic(id);
  if (!medication) throw notFound(`Medication "${id}" not found`);
  if (request) tagAnswer(request, [medicationTag(medication.id), conditionTag(medication.subcategory)]);
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
