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
  Category,
  Medication,
  Price,
  PublicAdminMessage,
  publicApiPaths,
  type Subcategory,
} from "@pharmacompare/contract";
import { z } from "zod";
import { serverApi } from "./api.server.ts";
import { type ApiClient, ApiError } from "./api-client.ts";
import type { CatalogueSource } from "./catalogue-source.ts";
import { sampleCatalogue } from "./fallback/sample-data.ts";
import { type CatalogueSnapshot, snapshotMedications, snapshotPrices } from "./fallback/snapshot.ts";
import { importStaticMedications } from "./fallback/static-import.ts";

export type { CatalogueSource };

/** Spec §4: what is recorded when the API fails without a message of its own. */
export const API_FAILURE_MESSAGE = "Failed to load data from API";
/** Spec §8: the price list is emptied and this is shown. */
export const PRICE_FAILURE_MESSAGE = "Failed to load price information";

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
  | {
      found: true;
      source: CatalogueSource;
      categories: Category[];
      category: Category;
      subcategory: Subcategory;
      medications: Medication[];
    };

export interface ComparisonResult {
  prices: Price[];
  /** {@link PRICE_FAILURE_MESSAGE} when the prices could not be loaded, else null. */
  priceError: string | null;
  messages: PublicAdminMessage[];
}

const CategoryList = z.array(Category);
const MedicationList = z.array(Medication);
const PriceList = z.array(Price);
const AdminMessageList = z.array(PublicAdminMessage);

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

/** Inactive entries are the back-office's drafts: never shown to visitors. */
function visibleCategories(categories: Category[]): Category[] {
  return categories
    .filter((category) => category.active)
    .map((category) => ({
      ...category,
      subcategories: category.subcategories.filter((subcategory) => subcategory.active),
    }));
}

function findSubcategory(categories: Category[], subcategoryId: string) {
  for (const category of categories) {
    const subcategory = category.subcategories.find((entry) => entry.id === subcategoryId);
    if (subcategory) return { category, subcategory };
  }
  return undefined;
}

export function createCatalogue(deps: CatalogueDeps) {
  const log = deps.log ?? ((level, message) => console[level](`[web] ${message}`));
  let cachedStatic: { modifiedAt: number; snapshot: CatalogueSnapshot } | undefined;

  /** The static file's catalogue (re-read only when the file changes), else the sample data. */
  async function fallbackSnapshot(): Promise<{ snapshot: CatalogueSnapshot; source: CatalogueSource }> {
    try {
      const file = await deps.readStaticFile();
      if (cachedStatic?.modifiedAt !== file.modifiedAt.getTime()) {
        const imported = importStaticMedications(file.text, { defaultLastUpdated: file.modifiedAt });
        for (const skipped of imported.skipped) {
          log("warn", `static sheet "${skipped.sheet}" skipped: ${skipped.reason}`);
        }
        if (imported.medications.length === 0) throw new Error("the static file holds no usable sheet");
        cachedStatic = { modifiedAt: file.modifiedAt.getTime(), snapshot: imported };
      }
      return { snapshot: cachedStatic.snapshot, source: "static-file" };
    } catch (error) {
      // Spec §8's wording, with the file error's code in place of the HTTP status a browser would see.
      const code = error instanceof Error && "code" in error ? String(error.code) : errorMessage(error);
      log("error", `Failed to load data: ${code}; using the built-in sample data`);
      return { snapshot: sampleCatalogue, source: "sample-data" };
    }
  }

  /** Spec §4: the API's failure is recorded, then the chain moves on. */
  function fallback(error: unknown) {
    log("warn", `live API unavailable, using fallback data: ${errorMessage(error)}`);
    return fallbackSnapshot();
  }

  return {
    /** The category tree for the header, footer and home page. */
    async categories(signal?: AbortSignal): Promise<CategoriesResult> {
      try {
        const categories = await deps.api.get(publicApiPaths.categories(), CategoryList, { signal });
        return { categories: visibleCategories(categories), source: "api" };
      } catch (error) {
        // The whole list has no "not found": any refusal means the live tree cannot be used.
        if (!(error instanceof ApiError) || error.kind === "aborted") throw error;
        const { snapshot, source } = await fallback(error);
        return { categories: snapshot.categories, source };
      }
    },

    /** A condition (subcategory) with its place in the tree and its medications, by name. */
    async condition(subcategoryId: string, signal?: AbortSignal): Promise<ConditionResult> {
      const [tree, medications] = await Promise.allSettled([
        deps.api.get(publicApiPaths.categories(), CategoryList, { signal }),
        deps.api.get(publicApiPaths.medicationsBySubcategory(subcategoryId), MedicationList, { signal }),
      ]);
      const failure = [tree, medications].find((result) => result.status === "rejected");
      const unavailable = failure?.status === "rejected" && isApiUnavailable(failure.reason);

      if (!unavailable) {
        if (medications.status === "rejected") {
          if (medications.reason instanceof ApiError && medications.reason.status === 404) {
            return { found: false, source: "api" };
          }
          throw medications.reason;
        }
        if (tree.status === "rejected") throw tree.reason;
        const categories = visibleCategories(tree.value);
        const place = findSubcategory(categories, subcategoryId);
        if (!place) return { found: false, source: "api" };
        return {
          found: true,
          source: "api",
          categories,
          ...place,
          medications: medications.value.filter((medication) => medication.active),
        };
      }

      const { snapshot, source } = await fallback(failure.reason);
      const place = findSubcategory(snapshot.categories, subcategoryId);
      if (!place) return { found: false, source };
      return {
        found: true,
        source,
        categories: snapshot.categories,
        ...place,
        medications: snapshotMedications(snapshot, subcategoryId),
      };
    },

    /**
     * One medication and dosage's prices and the medication's admin messages, from the same source
     * as the rest of the page. A price failure empties the list and says so; a message failure is
     * only logged (spec §8).
     */
    async comparison(
      source: CatalogueSource,
      medication: Medication,
      dosage: string,
      signal?: AbortSignal,
    ): Promise<ComparisonResult> {
      if (source !== "api") {
        // The page's own source: sample data stays sample data even if the file has since appeared.
        const snapshot = source === "sample-data" ? sampleCatalogue : (await fallbackSnapshot()).snapshot;
        return { prices: snapshotPrices(snapshot, medication.id, dosage), priceError: null, messages: [] };
      }
      const [prices, messages] = await Promise.allSettled([
        deps.api.get(publicApiPaths.pricesForMedication(medication.id, { dosage }), PriceList, { signal }),
        deps.api.get(publicApiPaths.adminMessagesForMedication(medication.id), AdminMessageList, { signal }),
      ]);
      if (signal?.aborted) throw signal.reason;
      if (prices.status === "rejected") {
        log(
          "error",
          `${PRICE_FAILURE_MESSAGE} for ${medication.id} ${dosage}: ${errorMessage(prices.reason)}`,
        );
      }
      if (messages.status === "rejected") {
        log("error", `admin messages for ${medication.id} unavailable: ${errorMessage(messages.reason)}`);
      }
      return {
        prices: prices.status === "fulfilled" ? prices.value : [],
        priceError: prices.status === "fulfilled" ? null : PRICE_FAILURE_MESSAGE,
        messages: messages.status === "fulfilled" ? messages.value : [],
      };
    },
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;

/**
 * Where the static file is looked for, relative to this code: the client build's copy next to the
 * production server bundle (build/server → build/client), then the source `public/` folder (from
 * both build/server and app/lib). Held in a variable so the bundler leaves the URLs alone.
 */
const staticFileCandidates = ["../client/data/medications.json", "../../public/data/medications.json"];

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
