import {
  idFromName,
  type Medication,
  type PriceSheetApplied,
  type PriceSheetChange,
  type PriceSheetPreview,
  priceSheetMessages,
} from "@pharmacompare/contract";
import {
  conditionMapper,
  exportPriceSheets,
  importPriceSheets,
  type PriceSheetsExport,
  sheetId,
} from "@pharmacompare/price-sheets";
import type { Database } from "../db/client.ts";
import {
  medications as medicationTable,
  pharmacies as pharmacyTable,
  prices as priceTable,
} from "../db/schema.ts";
import { notFound, refuse } from "../plugins/refusal.ts";
import type { ActorContext, AuditService } from "./audit-service.ts";
import type { CategoryService } from "./category-service.ts";
import type { MedicationService } from "./medication-service.ts";
import type { OutboxService } from "./outbox-service.ts";
import type { PriceChange, PriceService } from "./price-service.ts";
import { readPriceSheetFile, writeXlsx } from "./price-sheet-files.ts";

/** More medications than a catalogue will hold: "all of them" for the public list. */
const ALL = 1_000_000;
/**
 * Excel cuts sheet names to 31 characters: a sheet name that begins exactly one medication whose
 * name is longer than that matches it.
 */
const EXCEL_SHEET_NAME_MAX = 31;

/** A previewed upload waiting for its administrator's Apply: what it would write. */
interface HeldUpload {
  fileName: string;
  changes: PriceSheetChange[];
  links: Map<string, string>;
}

const changeKey = (change: Pick<PriceSheetChange, "medicationId" | "pharmacyId" | "dosage">) =>
  JSON.stringify([change.medicationId, change.pharmacyId, change.dosage]);
const normalName = (name: string) => name.trim().toLowerCase().replace(/\s+/g, " ");

/**
 * Finds catalogue entries by a name from a sheet (decision 017): by name ignoring case and runs of
 * spaces, then by the name's §5 id, then by the catalogue's id rule.
 */
function nameMatcher<T extends { id: string; name: string }>(entries: readonly T[]) {
  const byName = new Map(entries.map((entry) => [normalName(entry.name), entry]));
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return (name: string): T | undefined =>
    byName.get(normalName(name)) ?? byId.get(sheetId(name)) ?? byId.get(idFromName(name));
}

/**
 * Price sheets (decision 017): the catalogue written in the §5 spreadsheet format, and uploads of
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
    const imported = importPriceSheets(workbook, {
      mapCondition: conditionMapper(await deps.categories.listPublic()),
      defaultLastUpdated: deps.now(),
    });
    const [catalogue, pharmacies, stored] = await Promise.all([
      db
        .select({ id: medicationTable.id, name: medicationTable.name, dosages: medicationTable.dosages })
        .from(medicationTable),
      db.select({ id: pharmacyTable.id, name: pharmacyTable.name }).from(pharmacyTable),
      db
        .select({
          medicationId: priceTable.medicationId,
          pharmacyId: priceTable.pharmacyId,
          dosage: priceTable.dosage,
          price: priceTable.price,
        })
        .from(priceTable),
    ]);
    const matchMedicationByName = nameMatcher(catalogue);
    const matchMedication = (name: string) => {
      const found = matchMedicationByName(name);
      if (found || name.length > EXCEL_SHEET_NAME_MAX) return found;
      // A name Excel cut (and trimmed): the one medication too long for a sheet name that it begins.
      const starting = catalogue.filter(
        (entry) =>
          entry.name.trim().length > EXCEL_SHEET_NAME_MAX &&
          normalName(entry.name).startsWith(normalName(name)),
      );
      return starting.length === 1 ? starting[0] : undefined;
    };
    const matchPharmacy = nameMatcher(pharmacies);
    const oldPrices = new Map(stored.map((row) => [changeKey(row), row.price]));

    const skipped = [...imported.skipped];
    const unknownMedications: PriceSheetPreview["unknownMedications"] = [];
    const unknownPharmacies = new Map<string, { name: string; sheets: string[] }>();
    const changes: PriceSheetChange[] = [];
    const links = new Map<string, string>();
    const sheetOf = new Map(imported.medications.map((medication) => [medication.id, medication.name]));
    const matchedMedications = new Map<string, (typeof catalogue)[number] | undefined>();
    for (const medication of imported.medications) {
      const match = matchMedication(medication.name);
      matchedMedications.set(medication.id, match);
      if (!match) unknownMedications.push({ sheet: medication.name, name: medication.name });
    }
    for (const price of imported.prices) {
      const sheet = sheetOf.get(price.medicationId) ?? price.medicationId;
      const medication = matchedMedications.get(price.medicationId);
      if (!medication) continue;
      const pharmacy = matchPharmacy(price.pharmacy.name);
      if (!pharmacy) {
        const entry = unknownPharmacies.get(normalName(price.pharmacy.name)) ?? {
          name: price.pharmacy.name,
          sheets: [],
        };
        if (!entry.sheets.includes(sheet)) entry.sheets.push(sheet);
        unknownPharmacies.set(normalName(price.pharmacy.name), entry);
        continue;
      }
      if (!medication.dosages.includes(price.dosage)) {
        const reason = `dosage "${price.dosage}" is not one of ${medication.name}'s dosages (add it on the medication first)`;
        if (!skipped.some((entry) => entry.sheet === sheet && entry.reason === reason))
          skipped.push({ sheet, reason });
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
      if (price.link) links.set(changeKey(key), price.link);
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
      unknownMedications,
      unknownPharmacies: [...unknownPharmacies.values()],
      skipped,
    };
    return { preview, upload: { fileName, changes, links } };
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
     */
    async apply(context: ActorContext, adminId: string): Promise<PriceSheetApplied> {
      const upload = held.get(adminId);
      if (!upload) throw notFound(priceSheetMessages.noUpload);
      const toWrite = upload.changes.filter((change) => change.status !== "unchanged");
      const result = await deps.audit.write(context, async (tx, record, at) => {
        const changes: PriceChange[] = toWrite.map((change) => ({
          medicationId: change.medicationId,
          pharmacyId: change.pharmacyId,
          dosage: change.dosage,
          price: change.newPrice,
          ...(upload.links.has(changeKey(change))
            ? { link: upload.links.get(changeKey(change)) ?? null }
            : {}),
        }));
        const written =
          changes.length === 0
            ? { written: 0, triggeredAlerts: [] }
            : await deps.prices.write(tx, changes, at);
        const counts = {
          written: written.written,
          new: toWrite.filter((change) => change.status === "new").length,
          changed: toWrite.filter((change) => change.status === "changed").length,
          unchanged: upload.changes.length - toWrite.length,
          triggeredAlerts: written.triggeredAlerts.length,
        };
        await record({
          action: "import",
          entityType: "price",
          entityId: null,
          changes: {
            file: upload.fileName,
            ...counts,
            medications: [...new Set(toWrite.map((change) => change.medicationId))].sort(),
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

export type PriceSheetService = ReturnType<typeof createPriceSheetService>;
