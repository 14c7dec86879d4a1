import { Worker } from "node:worker_threads";
import { PRICE_SHEET_LIMITS, priceSheetMessages } from "@pharmacompare/contract";
import type { SheetRows, Workbook } from "@pharmacompare/price-sheets";
import ExcelJS from "exceljs";
import { badRequest, refuse } from "../../domain/refusal.ts";
import type { ReadLimits } from "./reader/refusal.ts";
import type { WorkerAnswer } from "./reader/worker.ts";
import { FULL_NAME_LABEL } from "./reader/xlsx.ts";

/**
 * Reading an uploaded price file (decisions 017, 029) into the workbook shape the public site §5 importer
 * takes. The file is read in a worker thread of its own with a heap limit and a deadline
 * (ASVS 12.1): a hostile file that gets past the reader's own bounds ends that worker, never the
 * API, and the administrator gets a 4xx naming the problem.
 */

export interface ReadingBounds {
  /** The worker's heap (old generation), in MB. */
  heapMb: number;
  /** How long a file may take to read, in ms. */
  timeMs: number;
}

/** A 10 MB file within the reader's bounds takes well under a second and a few tens of MB. */
export const PRICE_SHEET_READING: ReadingBounds = { heapMb: 256, timeMs: 20_000 };

const READ_LIMITS: ReadLimits = {
  ...PRICE_SHEET_LIMITS,
  wrongType: priceSheetMessages.wrongType,
  tooLarge: priceSheetMessages.tooLarge,
};

const WORKER = new URL("./reader/worker.ts", import.meta.url);

/**
 * Files read at once across administrators (each holds at most one, decision 017): with the heap
 * limit, what uploads can take from the API's memory is bounded too.
 */
export const MAX_READING_AT_ONCE = 2;
let readingNow = 0;

/**
 * The uploaded file as a workbook, read in a new worker: `.xlsx` or `.csv` by its name, and the
 * content must be what the name says. Refusals are the reader's; running out of heap is a 413
 * "too large once unpacked", passing the deadline a 413 "took too long to read".
 */
export function readPriceSheetFile(
  fileName: string,
  bytes: Buffer,
  bounds: ReadingBounds = PRICE_SHEET_READING,
  maxRows: number = PRICE_SHEET_LIMITS.maxRows,
): Promise<Workbook> {
  if (readingNow >= MAX_READING_AT_ONCE) {
    return Promise.reject(
      refuse(429, "Other price files are being read; please try again in a moment", {
        headers: { "Retry-After": "5" },
      }),
    );
  }
  readingNow += 1;
  const copy = new Uint8Array(bytes); // the worker gets its own bytes, moved rather than copied again
  const worker = new Worker(WORKER, {
    workerData: { fileName, bytes: copy, limits: { ...READ_LIMITS, maxRows } },
    transferList: [copy.buffer],
    resourceLimits: { maxOldGenerationSizeMb: bounds.heapMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
  });
  return new Promise<Workbook>((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      readingNow -= 1;
      clearTimeout(deadline);
      void worker.terminate();
      outcome();
    };
    const deadline = setTimeout(
      () =>
        settle(() =>
          reject(
            refuse(
              413,
              `The file took too long to read (more than ${Math.round(bounds.timeMs / 1000)} seconds); please split it into smaller files`,
            ),
          ),
        ),
      bounds.timeMs,
    );
    worker.on("message", (answer: WorkerAnswer) =>
      settle(() => {
        if (answer.ok) resolve(answer.workbook);
        else if (answer.refusal.status === 400)
          reject(badRequest(answer.refusal.message, answer.refusal.field));
        else reject(refuse(answer.refusal.status, answer.refusal.message));
      }),
    );
    worker.on("error", (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === "ERR_WORKER_OUT_OF_MEMORY"
            ? refuse(413, "The file is too large once unpacked; it was not read")
            : badRequest("The file could not be read; please open it in a spreadsheet and save it again"),
        ),
      ),
    );
    worker.on("exit", () =>
      settle(() =>
        reject(badRequest("The file could not be read; please open it in a spreadsheet and save it again")),
      ),
    );
  });
}

/** A workbook in the public site §5 format as .xlsx bytes (the export staff edit and upload again). */
export async function writeXlsx(workbook: Readonly<Record<string, SheetRows | string>>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const used = new Set<string>();
  for (const [name, sheet] of Object.entries(workbook)) {
    if (!Array.isArray(sheet)) continue;
    // Excel's sheet names: at most 31 characters, none of : \ / ? * [ ]
    const safe =
      name
        .replace(/[:\\/?*[\]]/g, " ")
        .slice(0, 31)
        .trim() || "Sheet";
    let unique = safe;
    for (let n = 2; used.has(unique.toLowerCase()); n++) unique = `${safe.slice(0, 28)} ${n}`;
    used.add(unique.toLowerCase());
    const worksheet = book.addWorksheet(unique);
    sheet.forEach((row, index) => {
      // A name the tab cannot hold travels beside the generic name (C1:D1), which public site §5 does not read.
      worksheet.addRow(index === 0 && unique !== name ? [...row, FULL_NAME_LABEL, name] : row);
    });
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
