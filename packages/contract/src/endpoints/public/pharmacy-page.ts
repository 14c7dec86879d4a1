import { z } from "zod";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { LegalCategory, MedicationForm, Pharmacy, Slug } from "../../entities.ts";
import { IdParams } from "../../public-api.ts";

/** One medication a pharmacy lists, with its cheapest price there: a line of the pharmacy's page. */
export const PharmacyPageMedication = z.object({
  medicationId: Slug,
  name: z.string().min(1),
  form: MedicationForm,
  /** A prescription-only medicine's line says so (issue 32, decision 035). */
  legalCategory: LegalCategory,
  /** The condition page that compares it (`/condition/{subcategoryId}?medication={name}`). */
  subcategoryId: Slug,
  subcategoryName: z.string().min(1),
  /** How many of the medication's dosages this pharmacy prices. */
  dosageCount: z.number().int().positive(),
  /**
   * The cheapest of them: in stock when any is (a visitor can buy that one), else the cheapest
   * out of stock, with `inStock` saying so.
   */
  cheapest: z.object({
    dosage: z.string().min(1),
    price: z.number().positive(),
    inStock: z.boolean(),
    lastUpdated: z.iso.datetime({ offset: true }),
    /** When it was last confirmed, and whether that is past the stale limit (decision 048). */
    lastConfirmed: z.iso.datetime({ offset: true }).optional(),
    mayBeOutOfDate: z.boolean().optional(),
  }),
});
export type PharmacyPageMedication = z.infer<typeof PharmacyPageMedication>;

export const PharmacyPage = z.object({
  pharmacy: Pharmacy,
  /** Public medications it has a public price for, by name. */
  medications: z.array(PharmacyPageMedication),
});
export type PharmacyPage = z.infer<typeof PharmacyPage>;

/** A pharmacy's own page in one call: its details and registrations, and what it sells. */
export const pharmacyPage = defineEndpoint({
  method: "GET",
  path: "/api/pages/pharmacy/:id",
  access: "public",
  tag: "pages",
  summary: "A pharmacy's page: its details, delivery terms and registrations, and the medications it lists",
  description:
    "Unknown, inactive and unregistered (no GPhC number) pharmacies answer 404. `medications` holds only what a visitor can compare: " +
    "public medications (active, in an active condition and category) with a price above £0 for a " +
    "dosage they still list; each with the condition page that compares it and its cheapest price " +
    "here (in stock first).",
  cache: "public",
  params: IdParams,
  responses: { 200: PharmacyPage, ...refusals(400, 404) },
});
