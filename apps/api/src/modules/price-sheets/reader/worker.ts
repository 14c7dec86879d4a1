import { parentPort, workerData } from "node:worker_threads";
import { readPriceSheetBytes } from "./read.ts";
import type { ReadLimits, SheetRefusal } from "./refusal.ts";
import { SheetRefused } from "./refusal.ts";

/**
 * The reading worker (decision 029): one per upload, started by readPriceSheetFile with a heap
 * limit and a deadline. It reads the file it is given and posts back the workbook or the refusal;
 * anything else (running out of heap, a bug) ends it, and the API answers for it.
 */
export type WorkerAnswer =
  | { ok: true; workbook: Record<string, unknown> }
  | { ok: false; refusal: SheetRefusal };

const { fileName, bytes, limits } = workerData as { fileName: string; bytes: Uint8Array; limits: ReadLimits };
let answer: WorkerAnswer;
try {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  answer = { ok: true, workbook: await readPriceSheetBytes(fileName, buffer, limits) };
} catch (error) {
  if (!(error instanceof SheetRefused)) throw error;
  answer = { ok: false, refusal: error.refusal };
}
parentPort?.postMessage(answer);
