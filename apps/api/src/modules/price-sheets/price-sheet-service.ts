import {
  idFromName,
  type Medication,
  MedicationInput,
  PharmacyInput,
  type PriceSheetApplied,
  type PriceSheetApplyChoices,
  type PriceSheetChange,
  type PriceSheetLegalCategoryChange,
  type PriceSheetLinkChange,
  type PriceSheetPreview,
  priceSheetMessages,
} from "@pharmacompare/contract";
import {
  conditionMapper,
  exportPriceSheets,
  importPriceSheets,
  type PriceSheetsExport,
  SHEET_DEFAULTS,
  sheetId,
} from "@pharmacompare/price-sheets";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import {
  medications as medicationTable,
  pharmacies as pharmacyTable,
  prices as priceTable,
} from "../../db/schema.ts";
import { badRequest, notFound, refuse } from "../../domain/refusal.ts";
import type { ActorContext, Audit, AuditService } from "../audit/index.ts";
import type {
  AdminMedicationService,
  AdminPharmacyService,
  CategoryService,
  MedicationService,
} from "../catalogue/index.ts";
import type { OutboxService } from "../outbox/index.ts";
import type { PriceChange, PriceService } from "../prices/index.ts";
import { hostOf, onWebsite } from "../prices/index.ts";
import { readPriceSheetFile, writeXlsx } from "./price-sheet-files.ts";

/** More medications than a catalogue will hold: "all of them" for the public list. */
const ALL = 1_000_000;
/**
 * Excel cuts sheet names to 31 characters: a sheet name that begins exactly one medication whose
 * name is longer than that matches it.
 */
const EXCEL_SHEET_NAME_MAX = 31;

/**
 * A price whose medication or pharmacy is not in the catalogue: written only if Apply creates
 * what is missing. A known side carries its catalogue entry.
 */
interface PendingPrice {
  sheet: string;
  medication: { id: string; dosages: readonly string[] } | undefined;
  pharmacyKey: string;
  pharmacyId: string | undefined;
  dosage: string;
  price: number;
  link: string | null;
  /** The id of its link change, when it has a link. */
  linkId: string | undefined;
}

/** A previewed upload waiting for its administrator's Apply: what it would write. */
interface HeldUpload {
  fileName: string;
  changes: PriceSheetChange[];
  /** Link changes on matched prices, by changeKey. */
  links: Map<string, PriceSheetLinkChange>;
  /** Every link change by id (matched and pending prices). */
  linkChanges: Map<string, PriceSheetLinkChange>;
  pending: PendingPrice[];
  /** Unknown medications by sheet name, as the file describes them. */
  newMedications: Map<string, Medication>;
  /** Unknown pharmacies by normalised name, with the rating the file gives. */
  newPharmacies: Map<string, { name: string; rating: number }>;
  /** Catalogue medications whose sheet states another legal category (decision 035). */
  legalCategoryChanges: PriceSheetLegalCategoryChange[];
}

type ApplyChoices = z.output<typeof PriceSheetApplyChoices>;

/** The site of a product link ("https://pharmacy.example"), to start a new pharmacy's website from. */
function siteOf(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
  } catch {
    return null;
  }
}

const changeKey = (change: Pick<PriceSheetChange, "medicationId" | "pharmacyId" | "dosage">) =>
  JSON.stringify([change.medicationId, change.pharmacyId, change.dosage]);
const normalName = (name: string) => name.trim().toLowerCase().replace(/\s+/g, " ");

/**
 * Finds catalogue entries by a name from a sheet (decision 017): by name ignoring case and runs of
 * spaces, then by the name's public site §5 id, then by the catalogue's id rule.
 */
function nameMatcher<T extends { id: string; name: string }>(entries: readonly T[]) {
  const byName = new Map(entries.map((entry) => [normalName(entry.name), entry]));
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return (name: string): T | undefined =>
    byName.get(normalName(name)) ?? byId.get(sheetId(name)) ?? byId.get(idFromName(name));
}

/** {@link nameMatcher} for medications, which also finds a name Excel cut to a sheet name's length. */
export function medicationMatcher<T extends { id: string; name: string }>(catalogue: readonly T[]) {
  const byName = nameMatcher(catalogue);
  return (name: string): T | undefined => {
    const found = byName(name);
    if (found || name.length > EXCEL_SHEET_NAME_MAX) return found;
    // A name Excel cut (and trimmed): the one medication too long for a sheet name that it begins.
    const starting = catalogue.filter(
      (entry) =>
        entry.name.trim().length > EXCEL_SHEET_NAME_MAX &&
        normalName(entry.name).startsWith(normalName(name)),
    );
    return starting.length === 1 ? starting[0] : undefined;
  };
}

/**
 * Price sheets (decision 017): the catalogue written in the public site §5 spreadsheet format, and uploads of
 * that format previewed and applied through the one price-write path.
 */
export function createPriceSheetService(
  db: Database,
  deps: {
    categories: CategoryService;
    medications: MedicationService;
    prices: PriceService;
    audit: AuditService;
    outbox: OutboxService;
    now: () => Date;
    adminMedications: Pick<AdminMedicationService, "insert">;
    adminPharmacies: Pick<AdminPharmacyService, "insert">;
  },
) {
  /** At most one upload per administrator in memory: the held preview, or one being read. */
  const held = new Map<string, HeldUpload>();
  const reading = new Set<string>();

  async function conditionNames(): Promise<Map<string, string>> {
    const tree = await deps.categories.listPublic();
    return new Map(
      tree.flatMap((category) => category.subcategories.map((entry) => [entry.id, entry.name] as const)),
    );
  }

  async function plan(
    fileName: string,
    bytes: Buffer,
  ): Promise<{ preview: PriceSheetPreview; upload: HeldUpload }> {
    const workbook = await readPriceSheetFile(fileName, bytes);
    const tree = await deps.categories.listPublic();
    const subcategoryNames = new Map(
      tree.flatMap((category) => category.subcategories.map((entry) => [entry.id, entry.name] as const)),
    );
    const imported = importPriceSheets(workbook, {
      mapCondition: conditionMapper(tree),
      defaultLastUpdated: deps.now(),
    });
    const [catalogue, pharmacies, stored] = await Promise.all([
      db
        .select({
          id: medicationTable.id,
          name: medicationTable.name,
          dosages: medicationTable.dosages,
          legalCategory: medicationTable.legalCategory,
        })
        .from(medicationTable),
      db
        .select({ id: pharmacyTable.id, name: pharmacyTable.name, website: pharmacyTable.website })
        .from(pharmacyTable),
      db
        .select({
          medicationId: priceTable.medicationId,
          pharmacyId: priceTable.pharmacyId,
          dosage: priceTable.dosage,
          price: priceTable.price,
          link: priceTable.link,
        })
        .from(priceTable),
    ]);
    const matchMedication = medicationMatcher(catalogue);
    const matchPharmacy = nameMatcher(pharmacies);
    const oldPrices = new Map(stored.map((row) => [changeKey(row), row.price]));
    const oldLinks = new Map(stored.map((row) => [changeKey(row), row.link]));

    const skipped = [...imported.skipped];
    const unknownMedications = new Map<string, PriceSheetPreview["unknownMedications"][number]>();
    const unknownPharmacies = new Map<string, PriceSheetPreview["unknownPharmacies"][number]>();
    const newMedications = new Map<string, Medication>();
    const newPharmacies = new Map<string, { name: string; rating: number }>();
    const changes: PriceSheetChange[] = [];
    const pending: PendingPrice[] = [];
    const links = new Map<string, PriceSheetLinkChange>();
    const linkChanges = new Map<string, PriceSheetLinkChange>();
    /** A link the file sets on a price Apply writes: listed, and flagged when off the pharmacy's site. */
    const linkChange = (
      names: { medicationName: string; pharmacyName: string; dosage: string },
      oldLink: string | null,
      newLink: string,
      website: string | null,
    ): PriceSheetLinkChange => {
      const change: PriceSheetLinkChange = {
        id: `link-${linkChanges.size + 1}`,
        ...names,
        oldLink,
        newLink,
        oldHost: hostOf(oldLink),
        newHost: hostOf(newLink) ?? newLink,
        website,
        flagged: !onWebsite(newLink, website),
      };
      linkChanges.set(change.id, change);
      return change;
    };
    const sheetOf = new Map(imported.medications.map((medication) => [medication.id, medication.name]));
    const matchedMedications = new Map<string, (typeof catalogue)[number] | undefined>();
    const legalCategoryChanges: PriceSheetLegalCategoryChange[] = [];
    for (const medication of imported.medications) {
      const match = matchMedication(medication.name);
      matchedMedications.set(medication.id, match);
      // A sheet that states no category leaves the catalogue's as it is (decision 035).
      const stated = imported.statedLegalCategories.get(medication.id);
      if (match && stated !== undefined && stated !== match.legalCategory) {
        legalCategoryChanges.push({
          medicationId: match.id,
          medicationName: match.name,
          from: match.legalCategory as PriceSheetLegalCategoryChange["from"],
          to: stated,
        });
      }
      if (!match) {
        newMedications.set(medication.name, medication);
        unknownMedications.set(medication.name, {
          sheet: medication.name,
          name: medication.name,
          condition: subcategoryNames.get(medication.subcategory) ?? medication.subcategory,
          dosages: medication.dosage,
          legalCategory: medication.legalCategory,
          prices: 0,
        });
      }
    }
    for (const price of imported.prices) {
      const sheet = sheetOf.get(price.medicationId) ?? price.medicationId;
      const medication = matchedMedications.get(price.medicationId);
      if (medication && !medication.dosages.includes(price.dosage)) {
        const reason = `dosage "${price.dosage}" is not one of ${medication.name}'s dosages (add it on the medication first)`;
        if (!skipped.some((entry) => entry.sheet === sheet && entry.reason === reason))
          skipped.push({ sheet, reason });
        continue;
      }
      const pharmacy = matchPharmacy(price.pharmacy.name);
      const pharmacyKey = normalName(price.pharmacy.name);
      if (!pharmacy) {
        const entry = unknownPharmacies.get(pharmacyKey) ?? {
          name: price.pharmacy.name,
          sheets: [],
          website: null,
          prices: 0,
        };
        if (!entry.sheets.includes(sheet)) entry.sheets.push(sheet);
        entry.website ??= siteOf(price.link);
        entry.prices += 1;
        unknownPharmacies.set(pharmacyKey, entry);
        if (!newPharmacies.has(pharmacyKey)) {
          newPharmacies.set(pharmacyKey, { name: price.pharmacy.name, rating: price.pharmacy.rating });
        }
      }
      if (!medication || !pharmacy) {
        const unknownMedication = unknownMedications.get(sheet);
        if (unknownMedication) unknownMedication.prices += 1;
        pending.push({
          sheet,
          medication: medication ? { id: medication.id, dosages: medication.dosages } : undefined,
          pharmacyKey,
          pharmacyId: pharmacy?.id,
          dosage: price.dosage,
          price: price.price,
          link: price.link,
          linkId: undefined,
        });
        continue;
      }
      const key = { medicationId: medication.id, pharmacyId: pharmacy.id, dosage: price.dosage };
      const oldPrice = oldPrices.get(changeKey(key)) ?? null;
      changes.push({
        ...key,
        medicationName: medication.name,
        pharmacyName: pharmacy.name,
        oldPrice,
        newPrice: price.price,
        status: oldPrice === null ? "new" : oldPrice === price.price ? "unchanged" : "changed",
      });
      const oldLink = oldLinks.get(changeKey(key)) ?? null;
      if (price.link && price.link !== oldLink) {
        if (oldPrice === price.price) {
          // An unchanged price is not written (history and "last updated" stay honest), nor its link.
          skipped.push({
            sheet,
            reason: `the link of ${pharmacy.name}'s unchanged ${price.dosage} price is left as it is (the price did not change)`,
          });
        } else {
          const names = {
            medicationName: medication.name,
            pharmacyName: pharmacy.name,
            dosage: price.dosage,
          };
          links.set(changeKey(key), linkChange(names, oldLink, price.link, pharmacy.website));
        }
      }
    }
    // A price at something the file would create: its link against the pharmacy's website (for a
    // new pharmacy, the one the preview offers; Apply checks again against the one given).
    for (const price of pending) {
      if (!price.link) continue;
      const known = price.pharmacyId ? pharmacies.find((entry) => entry.id === price.pharmacyId) : undefined;
      const website = known ? known.website : (unknownPharmacies.get(price.pharmacyKey)?.website ?? null);
      const pharmacyName = known?.name ?? unknownPharmacies.get(price.pharmacyKey)?.name ?? price.pharmacyKey;
      price.linkId = linkChange(
        {
          medicationName: price.medication
            ? (matchMedication(price.sheet)?.name ?? price.sheet)
            : price.sheet,
          pharmacyName,
          dosage: price.dosage,
        },
        null,
        price.link,
        website,
      ).id;
    }
    const count = (status: PriceSheetChange["status"]) =>
      changes.filter((change) => change.status === status).length;
    const preview: PriceSheetPreview = {
      fileName,
      counts: {
        new: count("new"),
        changed: count("changed"),
        unchanged: count("unchanged"),
        skipped: skipped.length,
      },
      changes,
      unknownMedications: [...unknownMedications.values()],
      unknownPharmacies: [...unknownPharmacies.values()],
      linkChanges: [...linkChanges.values()],
      legalCategoryChanges,
      skipped,
    };
    return {
      preview,
      upload: {
        fileName,
        changes,
        links,
        linkChanges,
        pending,
        newMedications,
        newPharmacies,
        legalCategoryChanges,
      },
    };
  }

  /**
   * Creates the chosen unknown medications (in the sheet's condition, with its dosages) and
   * pharmacies (the back-office §9 defaults, with the website and GPhC number given) inside the apply's
   * transaction. Something added to the catalogue since the preview is refused: the file's
   * preview no longer says what Apply would do.
   */
  async function createChosen(
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
   * What a visitor can see, as a workbook: every public medication with its public prices, each
   * sheet's condition its subcategory's name. The web's fallback file is made from this.
   */
  async function publicWorkbook(preface?: Record<string, string>): Promise<PriceSheetsExport> {
    const [names, medications] = await Promise.all([
      conditionNames(),
      deps.medications.listPublic({ limit: ALL, offset: 0 }),
    ]);
    const prices = [];
    for (const medication of medications) prices.push(...(await deps.prices.forMedication(medication.id)));
    return exportPriceSheets({
      medications,
      prices,
      conditionOf: (medication: Medication) => names.get(medication.subcategory) ?? medication.subcategory,
      ...(preface ? { preface } : {}),
    });
  }

  return {
    publicWorkbook,

    /** One public medication's sheet, or every one, as .xlsx bytes and a file name. */
    async exportXlsx(medicationId?: string): Promise<{ fileName: string; content: Buffer }> {
      const { workbook } = await publicWorkbook();
      if (medicationId === undefined) {
        return { fileName: "pharmacompare-prices.xlsx", content: await writeXlsx(workbook) };
      }
      const medication = await deps.medications.getPublic(medicationId);
      if (!medication) throw notFound(`Medication "${medicationId}" not found`);
      const sheet = workbook[medication.name.trim()];
      if (!sheet) throw notFound(`Medication "${medicationId}" has no sheet`);
      return {
        fileName: `${medication.id}-prices.xlsx`,
        content: await writeXlsx({ [medication.name.trim()]: sheet }),
      };
    },

    /**
     * Reads an upload and answers what it would change; changes nothing. The administrator's
     * earlier upload is dropped first, so only one is ever held for them.
     */
    async preview(adminId: string, fileName: string, bytes: Buffer): Promise<PriceSheetPreview> {
      if (reading.has(adminId)) {
        throw refuse(409, "Your previous file is still being read; please wait for its preview");
      }
      held.delete(adminId);
      reading.add(adminId);
      try {
        const { preview, upload } = await plan(fileName, bytes);
        held.set(adminId, upload);
        return preview;
      } finally {
        reading.delete(adminId);
      }
    },

    discard(adminId: string): void {
      held.delete(adminId);
    },

    /**
     * Writes the held upload's new and changed prices in one transaction through the price-write
     * path (history, alerts and their emails) with one audit entry of the counts: all or nothing.
     * The unknown medications and pharmacies the administrator chose are created in the same
     * transaction (each with its own audit entry) and their prices written with the rest.
     */
    async apply(context: ActorContext, adminId: string, choices: ApplyChoices): Promise<PriceSheetApplied> {
      const upload = held.get(adminId);
      if (!upload) throw notFound(priceSheetMessages.noUpload);
      const sheetsToCreate = [...new Set(choices.createMedications)];
      for (const [index, sheet] of sheetsToCreate.entries()) {
        if (!upload.newMedications.has(sheet)) {
          throw badRequest(
            `"${sheet}" is not a medication this file would add`,
            `createMedications.${index}`,
          );
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
        const created = await createChosen(tx, record, at, upload, sheetsToCreate, pharmaciesToCreate);
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
      held.delete(adminId);
      return result;
    },

    /** How many uploads are held (tests: never more than one per administrator). */
    heldCount: () => held.size,
  };
}
