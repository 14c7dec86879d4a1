import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { buildApi } from "@pharmacompare/api";
import { workbookJson } from "@pharmacompare/price-sheets";

/**
 * The web's fallback file (public site §4: the second link of the start-up chain), made from the
 * database in the price-sheet format (decision 017) and read back by the web through the same
 * importer. `source` is the copy kept in the repository and shipped with a build; `built` is the
 * copy a built web server reads.
 */
export const fallbackFiles = {
  source: fileURLToPath(new URL("../apps/web/public/data/medications.json", import.meta.url)),
  built: fileURLToPath(new URL("../apps/web/build/client/data/medications.json", import.meta.url)),
};

const ABOUT =
  "Saved UK online pharmacy prices, used by PharmaCompare only when its live price service cannot be reached. Written from the database by `npm run export:fallback` (and refreshed by `npm start`). One sheet per medication (the sheet name is the medication). Rows: 1 generic name, 2 form and legal category (POM prescription-only, P pharmacy, GSL general sale), 3 description, 4 condition, 5 last updated, 6 header: Pharmacy, Rating, one column per dosage, link. Then one row per pharmacy: name, rating, a price per dosage (blank when not sold), pharmacy link.";

type Api = Awaited<ReturnType<typeof buildApi>>;

/** The fallback file's text for what the database holds now, and what the format could not carry. */
export async function fallbackText(api: Api): Promise<{ text: string; omitted: string[] }> {
  const { workbook, omitted } = await api.services.priceSheets.publicWorkbook({ "About this file": ABOUT });
  return {
    text: workbookJson(workbook),
    omitted: omitted.map((entry) =>
      [entry.medicationId, entry.pharmacyId, entry.dosage, entry.reason].filter(Boolean).join(" / "),
    ),
  };
}

/** Writes `text` to `path` unless it already holds it; true when it wrote. */
export function writeIfChanged(path: string, text: string): boolean {
  if (existsSync(path) && readFileSync(path, "utf8") === text) return false;
  writeFileSync(path, text);
  return true;
}

/**
 * The most public medications `npm start` writes the fallback file for. The file is one sheet per
 * medication, built with a query each on the event loop that also serves the site: a catalogue of
 * tens of thousands would hold the first requests for minutes (docs/log/performance-runs.md, "Catalogue ×10 and ×100"), and a
 * file of millions of prices is no use to a web server reading it when the API is down.
 */
export const FALLBACK_REFRESH_MAX_MEDICATIONS = 2_000;

/**
 * `npm start`'s refresh: the copy the built web server reads is rewritten when it no longer holds
 * what the database would write (stale), so the fallback follows the live catalogue. The copy in
 * the repository changes only through `npm run export:fallback`. Never fails the start; skipped,
 * with a warning, for a catalogue larger than `maxMedications`.
 */
export async function refreshBuiltFallback(
  api: Api,
  { file = fallbackFiles.built, maxMedications = FALLBACK_REFRESH_MAX_MEDICATIONS } = {},
): Promise<boolean> {
  if (!existsSync(path.dirname(file))) return false;
  try {
    const sample = await api.services.medications.listPublic({ limit: maxMedications + 1, offset: 0 });
    if (sample.length > maxMedications) {
      api.log.warn(
        `fallback price file not refreshed: the catalogue has more than ${maxMedications} medications (npm run export:fallback writes it)`,
      );
      return false;
    }
    const { text } = await fallbackText(api);
    const written = writeIfChanged(file, text);
    if (written) api.log.info("fallback price file refreshed from the database");
    return written;
  } catch (err) {
    api.log.warn({ err }, "could not refresh the fallback price file");
    return false;
  }
}
