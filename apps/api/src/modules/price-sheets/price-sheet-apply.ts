import {
  MedicationInput,
  PharmacyInput,
  type PriceSheetApplied,
  type PriceSheetApplyChoices,
  type PriceSheetLinkChange,
} from "@pharmacompare/contract";
import { SHEET_DEFAULTS } from "@pharmacompare/price-sheets";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { medications as medicationTable, pharmacies as pharmacyTable } from "../../db/schema.ts";
import { badRequest, refuse } from "../../domain/refusal.ts";
import type { ActorContext, Audit, AuditService } from "../audit/index.ts";
import type { AdminMedicationService, AdminPharmacyService } from "../catalogue/index.ts";
import type { OutboxService } from "../outbox/index.ts";
import { introductoryOf, onWebsite, type PriceChange, type PriceService } from "../prices/index.ts";
import {
  changeKey,
  type HeldUpload,
  medicationMatcher,
  nameMatcher,
  normalName,
} from "./price-sheet-plan.ts";

/**
 * Apply of a previewed price sheet (decision 017): the upload's prices through the one price-write
 * path, with the medications and pharmacies staff chose to create, in one audited transaction.
 */

export type ApplyChoices = z.output<typeof PriceSheetApplyChoices>;

/** What Apply needs: the audit log's transaction, the price-write path, the outbox and the catalogue's inserts. */
interface ApplyDeps {
  audit: Pick<AuditService, "write">;
  prices: Pick<PriceService, "write">;
  outbox: Pick<OutboxService, "wake">;
  adminMedications: Pick<AdminMedicationService, "insert">;
  adminPharmacies: Pick<AdminPharmacyService, "insert">;
}

/**
 * Creates the chosen unknown medications (in the sheet's condition, with its dosages) and
 * pharmacies (the back-office §9 defaults, with the website and GPhC number given) inside the apply's
 * transaction. Something added to the catalogue since the preview is refused: the file's
 * preview no longer says what Apply would do.
 */
async function createChosen(
  deps: Pick<ApplyDeps, "adminMedications" | "adminPharmacies">,
  tx: Database,
  record: Audit,
  at: Date,
  upload: HeldUpload,
  sheets: readonly string[],
  chosenPharmacies: ReadonlyMap<string, ApplyChoices["createPharmacies"][number]>,
) {
  const [catalogue, pharmacies] = await Promise.all([
    tx.select({ id: medicationTable.id, name: medicationTable.name }).from(medicationTable),
    tx.select({ id: pharmacyTable.id, name: pharmacyTable.name }).from(pharmacyTable),
  ]);
  const matchMedication = medicationMatcher(catalogue);
  const matchPharmacy = nameMatcher(pharmacies);
  const since = (name: string) =>
    refuse(409, `${name} has been added to the catalogue since the preview; please upload the file again`);

  const medications = new Map<string, { id: string; dosages: readonly string[] }>();
  for (const [index, sheet] of sheets.entries()) {
    const sheetMedication = upload.newMedications.get(sheet);
    if (!sheetMedication) continue;
    if (matchMedication(sheetMedication.name)) throw since(sheetMedication.name);
    const input = MedicationInput.safeParse({
      name: sheetMedication.name,
      category: sheetMedication.category,
      subcategory: sheetMedication.subcategory,
      form: sheetMedication.form,
      // The sheet's category, or POM when it gives none: the safe reading (decision 035).
      legalCategory: sheetMedication.legalCategory,
      description: sheetMedication.description,
      genericName: sheetMedication.genericName ?? "",
      dosage: sheetMedication.dosage,
      active: true,
    });
    if (!input.success) {
      const issue = input.error.issues[0];
      throw badRequest(
        `${sheetMedication.name} cannot be created from the file: ${issue?.path.join(".") ?? "it"} ${issue?.message ?? "is not valid"}`,
        `createMedications.${index}`,
      );
    }
    const { id } = await deps.adminMedications.insert(tx, record, at, input.data);
    medications.set(sheet, { id, dosages: input.data.dosage });
  }

  const created = new Map<string, string>();
  for (const [key, choice] of chosenPharmacies) {
    const sheetPharmacy = upload.newPharmacies.get(key);
    if (!sheetPharmacy) continue;
    if (matchPharmacy(sheetPharmacy.name)) throw since(sheetPharmacy.name);
    const input = PharmacyInput.safeParse({
      name: sheetPharmacy.name,
      website: choice.website,
      gphcNumber: choice.gphcNumber,
      // The file's rating, to one decimal as the form takes it.
      rating: Math.round(sheetPharmacy.rating * 10) / 10,
      deliveryTime: SHEET_DEFAULTS.deliveryTime,
      prescriptionRequired: SHEET_DEFAULTS.prescriptionRequired,
    });
    if (!input.success) {
      const issue = input.error.issues[0];
      throw badRequest(
        `${sheetPharmacy.name} cannot be created from the file: ${issue?.path.join(".") ?? "it"} ${issue?.message ?? "is not valid"}`,
        "createPharmacies",
      );
    }
    const { id } = await deps.adminPharmacies.insert(tx, record, at, input.data);
    created.set(key, id);
  }
  return { medications, pharmacies: created };
}

/**
 * Writes the held upload's new and changed prices in one transaction through the price-write
 * path (history, alerts and their emails) with one audit entry of the counts: all or nothing.
 * The unknown medications and pharmacies the administrator chose are created in the same
 * transaction (each with its own audit entry) and their prices written with the rest.
 */
export async function applyPriceSheet(
  deps: ApplyDeps,
  context: ActorContext,
  upload: HeldUpload,
  choices: ApplyChoices,
): Promise<PriceSheetApplied> {
  const sheetsToCreate = [...new Set(choices.createMedications)];
  for (const [index, sheet] of sheetsToCreate.entries()) {
    if (!upload.newMedications.has(sheet)) {
      throw badRequest(`"${sheet}" is not a medication this file would add`, `createMedications.${index}`);
    }
  }
  const pharmaciesToCreate = new Map<string, ApplyChoices["createPharmacies"][number]>();
  for (const [index, choice] of choices.createPharmacies.entries()) {
    const key = normalName(choice.name);
    if (!upload.newPharmacies.has(key)) {
      throw badRequest(
        `"${choice.name}" is not a pharmacy this file would add`,
        `createPharmacies.${index}.name`,
      );
    }
    if (pharmaciesToCreate.has(key)) {
      throw badRequest(`"${choice.name}" is named twice`, `createPharmacies.${index}.name`);
    }
    pharmaciesToCreate.set(key, choice);
  }
  const accepted = new Set<string>();
  for (const [index, id] of choices.acceptLinks.entries()) {
    if (!upload.linkChanges.has(id)) {
      throw badRequest(`"${id}" is not a link change of this file`, `acceptLinks.${index}`);
    }
    accepted.add(id);
  }
  /** What Apply did with each listed link, for the audit entry. */
  const linkLog: {
    medication: string;
    pharmacy: string;
    dosage: string;
    from: string | null;
    to: string;
    applied: boolean;
  }[] = [];
  /** The link to write: a flagged one (off the pharmacy's site) only when staff ticked it. */
  const linkToWrite = (change: PriceSheetLinkChange, website: string | null): string | undefined => {
    const applied = onWebsite(change.newLink, website) || accepted.has(change.id);
    linkLog.push({
      medication: change.medicationName,
      pharmacy: change.pharmacyName,
      dosage: change.dosage,
      from: change.oldLink,
      to: change.newLink,
      applied,
    });
    return applied ? change.newLink : undefined;
  };
  const toWrite = upload.changes.filter((change) => change.status !== "unchanged");
  const result = await deps.audit.write(context, async (tx, record, at) => {
    const created = await createChosen(deps, tx, record, at, upload, sheetsToCreate, pharmaciesToCreate);
    // Each stated category that differs, as the medication form would save it: its own audit entry.
    let changedLegalCategories = 0;
    for (const change of upload.legalCategoryChanges) {
      const updated = await tx
        .update(medicationTable)
        .set({ legalCategory: change.to, updatedAt: at })
        .where(eq(medicationTable.id, change.medicationId))
        .returning({ id: medicationTable.id });
      // Deleted since the preview: nothing to change.
      if (updated.length === 0) continue;
      changedLegalCategories += 1;
      await record({
        action: "update",
        entityType: "medication",
        entityId: change.medicationId,
        changes: { legalCategory: { from: change.from, to: change.to }, file: upload.fileName },
      });
    }
    // Unchanged prices go too: the write path only re-confirms them (decision 045, no history row).
    const unchangedKeys = new Set(
      upload.changes.filter((change) => change.status === "unchanged").map(changeKey),
    );
    const changes: PriceChange[] = upload.changes.map((change) => {
      const link = upload.links.get(changeKey(change));
      const written = link ? linkToWrite(link, link.website) : undefined;
      return {
        medicationId: change.medicationId,
        pharmacyId: change.pharmacyId,
        dosage: change.dosage,
        price: change.newPrice,
        ...(written === undefined ? {} : { link: written }),
        // Only a file with the columns sets them (decision 057); without, the stored pair stays.
        ...(change.newIntroductoryPrice === undefined && change.newIntroductoryTerms === undefined
          ? {}
          : {
              introductory: introductoryOf({
                introductoryPrice: change.newIntroductoryPrice ?? null,
                introductoryTerms: change.newIntroductoryTerms ?? null,
              }),
            }),
      };
    });
    // Prices at what was just created: every one is new.
    let createdPrices = 0;
    for (const price of upload.pending) {
      const medication = price.medication ?? created.medications.get(price.sheet);
      const pharmacyId = price.pharmacyId ?? created.pharmacies.get(price.pharmacyKey);
      if (!medication || !pharmacyId || !medication.dosages.includes(price.dosage)) continue;
      const link = price.linkId === undefined ? undefined : upload.linkChanges.get(price.linkId);
      // A new pharmacy's link is checked against the website staff gave it, not the one offered.
      const website = price.pharmacyId
        ? (link?.website ?? null)
        : (pharmaciesToCreate.get(price.pharmacyKey)?.website ?? null);
      changes.push({
        medicationId: medication.id,
        pharmacyId,
        dosage: price.dosage,
        price: price.price,
        link: (link && linkToWrite(link, website)) ?? null,
        introductory: introductoryOf(price.introductory),
      });
      createdPrices += 1;
    }
    const written =
      changes.length === 0
        ? { written: 0, triggeredAlerts: [] }
        : await deps.prices.write(tx, changes, at, "sheet");
    const counts = {
      written: written.written,
      new: toWrite.filter((change) => change.status === "new").length + createdPrices,
      changed: toWrite.filter((change) => change.status === "changed").length,
      unchanged: upload.changes.length - toWrite.length,
      triggeredAlerts: written.triggeredAlerts.length,
      createdMedications: created.medications.size,
      createdPharmacies: created.pharmacies.size,
      changedLegalCategories,
    };
    await record({
      action: "import",
      entityType: "price",
      entityId: null,
      changes: {
        file: upload.fileName,
        ...counts,
        // What the file changed (its unchanged rows were only re-confirmed).
        medications: [
          ...new Set(
            changes
              .filter((change) => !unchangedKeys.has(changeKey(change)))
              .map((change) => change.medicationId),
          ),
        ].sort(),
        links: linkLog,
      },
    });
    return counts;
  });
  deps.outbox.wake();
  return result;
}
