import {
  type Medication,
  type PriceSheetApplied,
  type PriceSheetPreview,
  priceSheetMessages,
} from "@pharmacompare/contract";
import { exportPriceSheets, type PriceSheetsExport } from "@pharmacompare/price-sheets";
import type { Database } from "../../db/client.ts";
import { notFound, refuse } from "../../domain/refusal.ts";
import type { ActorContext, AuditService } from "../audit/index.ts";
import type {
  AdminMedicationService,
  AdminPharmacyService,
  CategoryService,
  MedicationService,
} from "../catalogue/index.ts";
import type { OutboxService } from "../outbox/index.ts";
import type { PriceService } from "../prices/index.ts";
import { type ApplyChoices, applyPriceSheet } from "./price-sheet-apply.ts";
import { writeXlsx } from "./price-sheet-files.ts";
import { type HeldUpload, planPriceSheet } from "./price-sheet-plan.ts";

/** More medications than a catalogue will hold: "all of them" for the public list. */
const ALL = 1_000_000;

/** What the public workbook is made from: the catalogue's public reads. */
interface ExportDeps {
  categories: Pick<CategoryService, "listPublic">;
  medications: Pick<MedicationService, "listPublic" | "getPublic">;
  prices: Pick<PriceService, "forMedication">;
}

/**
 * What a visitor can see, as a workbook: every public medication with its public prices, each
 * sheet's condition its subcategory's name. The web's fallback file is made from this.
 */
async function publicWorkbook(
  deps: ExportDeps,
  preface?: Record<string, string>,
): Promise<PriceSheetsExport> {
  const [tree, medications] = await Promise.all([
    deps.categories.listPublic(),
    deps.medications.listPublic({ limit: ALL, offset: 0 }),
  ]);
  const names = new Map(
    tree.flatMap((category) => category.subcategories.map((entry) => [entry.id, entry.name] as const)),
  );
  const prices = [];
  for (const medication of medications) prices.push(...(await deps.prices.forMedication(medication.id)));
  return exportPriceSheets({
    medications,
    prices,
    conditionOf: (medication: Medication) => names.get(medication.subcategory) ?? medication.subcategory,
    ...(preface ? { preface } : {}),
  });
}

/** One public medication's sheet, or every one, as .xlsx bytes and a file name. */
async function exportXlsx(
  deps: ExportDeps,
  medicationId?: string,
): Promise<{ fileName: string; content: Buffer }> {
  const { workbook } = await publicWorkbook(deps);
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
}

/**
 * Price sheets (decision 017): the catalogue written in the public site §5 spreadsheet format, and uploads of
 * that format previewed and applied through the one price-write path. An upload is read and matched
 * in price-sheet-plan.ts and applied in price-sheet-apply.ts; the factory wires them and holds
 * each administrator's one previewed upload (issue 43).
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

  return {
    publicWorkbook: (preface?: Record<string, string>) => publicWorkbook(deps, preface),
    exportXlsx: (medicationId?: string) => exportXlsx(deps, medicationId),

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
        const { preview, upload } = await planPriceSheet({ db, ...deps }, fileName, bytes);
        held.set(adminId, upload);
        return preview;
      } finally {
        reading.delete(adminId);
      }
    },

    discard(adminId: string): void {
      held.delete(adminId);
    },

    /** Applies the administrator's held upload (price-sheet-apply.ts), then forgets it. */
    async apply(context: ActorContext, adminId: string, choices: ApplyChoices): Promise<PriceSheetApplied> {
      const upload = held.get(adminId);
      if (!upload) throw notFound(priceSheetMessages.noUpload);
      const result = await applyPriceSheet(deps, context, upload, choices);
      held.delete(adminId);
      return result;
    },

    /** How many uploads are held (tests: never more than one per administrator). */
    heldCount: () => held.size,
  };
}
