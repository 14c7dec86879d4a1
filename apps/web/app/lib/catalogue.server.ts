/*
 * The start-up data chain (public site §4, DESIGN "Tensions"): the live API first; when it cannot
 * be reached, the static medications file shipped with the web app; when that fails too, the
 * built-in sample data. Every answer says which source it came from, so pages can tell visitors
 * when they are not looking at live prices. Loaders call this module, never the API directly, for
 * the catalogue.
 */
import { readFile, stat } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import {
  assembleConditionPage,
  type Category,
  type ComparisonSort,
  type ComparisonView,
  type ConditionPage,
  findCondition,
  publicEndpoints,
} from "@pharmacompare/contract";
import { serverApi } from "./api.server.ts";
import { type ApiClient, ApiError, refusedAddress } from "./api-client.ts";
import type { CatalogueSource } from "./catalogue-source.ts";
import { sampleCatalogue } from "./fallback/sample-data.ts";
import { type CatalogueSnapshot, snapshotMedications, snapshotPrices } from "./fallback/snapshot.ts";
import { importStaticMedications } from "./fallback/static-import.ts";
import { serverLog } from "./server-log.server.ts";

export type { CatalogueSource };

/** Public site §4: what is recorded when the API fails without a message of its own. */
const API_FAILURE_MESSAGE = "Failed to load data from API";

export interface StaticFile {
  text: string;
  modifiedAt: Date;
}

export interface CatalogueDeps {
  api: ApiClient;
  /** Reads the static medications file; throws (e.g. ENOENT) when it cannot. */
  readStaticFile: () => Promise<StaticFile>;
  log?: (level: "warn" | "error", message: string) => void;
}

export interface CategoriesResult {
  categories: Category[];
  source: CatalogueSource;
}

export type ConditionResult =
  | { found: false; source: CatalogueSource }
  | { found: true; source: CatalogueSource; page: ConditionPage };

/** The visitor's choice on a condition page, as the URL holds it (public site §4). */
export interface ConditionChoice {
  medication?: string | null;
  dosage?: string | null;
  /** The order of the prices; by price when absent. */
  sort?: ComparisonSort | null;
  /** The price compared where a row has an introductory price (decision 057); three months when absent. */
  view?: ComparisonView | null;
  /** The course plan and horizon the course cost prices (decision 042); the API picks defaults. */
  plan?: string | null;
  horizon?: string | null;
}

/**
 * The API cannot serve us: unreachable, too slow, failing (5xx) or answering outside the contract.
 * A 4xx is a real answer (e.g. 404 Not Found) and is not a reason to fall back.
 */
export function isApiUnavailable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.kind === "http") return error.status >= 500;
  return error.kind !== "aborted";
}

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : API_FAILURE_MESSAGE;
}

export function createCatalogue(deps: CatalogueDeps) {
  const log = deps.log ?? ((level, message) => serverLog()[level](message));
  let cachedStatic: { modifiedAt: number; snapshot: CatalogueSnapshot } | undefined;

  /** The static file's catalogue (re-read only when the file changes), else the sample data. */
  async function fallbackSnapshot(): Promise<{ snapshot: CatalogueSnapshot; source: CatalogueSource }> {
    try {
      const file = await deps.readStaticFile();
      if (cachedStatic?.modifiedAt !== file.modifiedAt.getTime()) {
        const imported = importStaticMedications(file.text, { defaultLastUpdated: file.modifiedAt });
        for (const skipped of imported.skipped) {
          const where =
            skipped.row === undefined
              ? ""
              : ` row ${skipped.row}${skipped.column ? ` column ${skipped.column}` : ""}`;
          log("warn", `static sheet "${skipped.sheet}"${where} skipped: ${skipped.reason}`);
        }
        if (imported.medications.length === 0) throw new Error("the static file holds no usable sheet");
        cachedStatic = { modifiedAt: file.modifiedAt.getTime(), snapshot: imported };
      }
      return { snapshot: cachedStatic.snapshot, source: "static-file" };
    } catch (error) {
      // Public site §8's wording, with the file error's code in place of the HTTP status a browser would see.
      const code = error instanceof Error && "code" in error ? String(error.code) : errorMessage(error);
      log("error", `Failed to load data: ${code}; using the built-in sample data`);
      return { snapshot: sampleCatalogue, source: "sample-data" };
    }
  }

  /** Public site §4: the API's failure is recorded, then the chain moves on. */
  function fallback(error: unknown) {
    log("warn", `live API unavailable, using fallback data: ${errorMessage(error)}`);
    return fallbackSnapshot();
  }

  return {
    /** The category tree for the header, footer and home page. */
    async categories(signal?: AbortSignal): Promise<CategoriesResult> {
      try {
        const categories = await deps.api.call(publicEndpoints.listCategories, {}, { signal });
        // The API sends only what visitors may see (its one visibility rule).
        return { categories, source: "api" };
      } catch (error) {
        // The whole list has no "not found": any refusal means the live tree cannot be used.
        if (!(error instanceof ApiError) || error.kind === "aborted") throw error;
        const { snapshot, source } = await fallback(error);
        return { categories: snapshot.categories, source };
      }
    },

    /**
     * A condition page: its place in the tree, its medications, the visitor's choice and that
     * choice's comparison and admin messages. One API call; when the API cannot answer, the same
     * page is assembled from the fallback data by the same function the API uses.
     */
    async condition(
      subcategoryId: string,
      choice: ConditionChoice,
      signal?: AbortSignal,
    ): Promise<ConditionResult> {
      const query = {
        medication: choice.medication?.trim() || undefined,
        dosage: choice.dosage?.trim() || undefined,
        sort: choice.sort ?? undefined,
        view: choice.view ?? undefined,
        plan: choice.plan?.trim() || undefined,
        horizon: choice.horizon?.trim() || undefined,
      };
      try {
        const page = await deps.api.call(
          publicEndpoints.conditionPage,
          { params: { subcategoryId }, query },
          { signal },
        );
        return { found: true, source: "api", page };
      } catch (error) {
        if (refusedAddress(error)) return { found: false, source: "api" };
        if (!isApiUnavailable(error)) throw error;
        const { snapshot, source } = await fallback(error);
        const place = findCondition(snapshot.categories, subcategoryId);
        if (!place) return { found: false, source };
        const page = await assembleConditionPage({
          ...place,
          medications: snapshotMedications(snapshot, subcategoryId),
          medicationQuery: query.medication,
          dosageQuery: query.dosage,
          sort: query.sort,
          view: query.view,
          pricesFor: (medication, dosage) => snapshotPrices(snapshot, medication.id, dosage),
          // Admin messages live only in the database.
          messagesFor: () => [],
        });
        return { found: true, source, page };
      }
    },
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;

/**
 * Where the static file is looked for, relative to this code: the client build's copy next to the
 * production server bundle (build/server → build/client), then the source `public/` folder (from
 * both build/server and app/lib). The server bundle may also put this code in a chunk under
 * build/server/assets (it is split since parts of pages load on demand, issue 47): one level deeper.
 * Held in a variable so the bundler leaves the URLs alone.
 */
const staticFileCandidates = [
  "../client/data/medications.json",
  "../../client/data/medications.json",
  "../../public/data/medications.json",
  "../../../public/data/medications.json",
];

async function readStaticFileFromDisk(): Promise<StaticFile> {
  let lastError: unknown;
  for (const candidate of staticFileCandidates) {
    const path = fileURLToPath(new URL(candidate, import.meta.url));
    try {
      const [text, info] = await Promise.all([readFile(path, "utf8"), stat(path)]);
      return { text, modifiedAt: info.mtime };
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

let shared: Catalogue | undefined;

/** This process's catalogue: the API at API_INTERNAL_URL, then the static file, then sample data. */
export function catalogue(): Catalogue {
  shared ??= createCatalogue({ api: serverApi(), readStaticFile: readStaticFileFromDisk });
  return shared;
}
