import {
  formatPounds,
  idFromName,
  introductoryProblem,
  type Medication,
  type PriceSheetChange,
  type PriceSheetLegalCategoryChange,
  type PriceSheetLinkChange,
  type PriceSheetPreview,
} from "@pharmacompare/contract";
import { conditionMapper, importPriceSheets, sheetId } from "@pharmacompare/price-sheets";
import type { Database } from "../../db/client.ts";
import {
  medications as medicationTable,
  pharmacies as pharmacyTable,
  prices as priceTable,
} from "../../db/schema.ts";
import type { CategoryService } from "../catalogue/index.ts";
import { hostOf, type IntroductoryPair, mergedIntroductory, onWebsite } from "../prices/index.ts";
import { readPriceSheetFile } from "./price-sheet-files.ts";

/**
 * A price-sheet upload read and matched against the catalogue (decision 017): what Apply would
 * write (price-sheet-apply.ts), and the preview staff see first. Nothing here writes.
 */

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
  /** Its introductory price and terms, checked (decision 057). */
  introductory: IntroductoryPair;
}

/** A previewed upload waiting for its administrator's Apply: what it would write. */
export interface HeldUpload {
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

export const changeKey = (change: Pick<PriceSheetChange, "medicationId" | "pharmacyId" | "dosage">) =>
  JSON.stringify([change.medicationId, change.pharmacyId, change.dosage]);
export const normalName = (name: string) => name.trim().toLowerCase().replace(/\s+/g, " ");

/**
 * Finds catalogue entries by a name from a sheet (decision 017): by name ignoring case and runs of
 * spaces, then by the name's public site §5 id, then by the catalogue's id rule.
 */
export function nameMatcher<T extends { id: string; name: string }>(entries: readonly T[]) {
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

/** What reading an upload needs: the database, the condition tree and the services' clock. */
interface PlanDeps {
  db: Database;
  categories: Pick<CategoryService, "listPublic">;
  now: () => Date;
}

/** Reads an upload and answers its preview and what Apply would write; changes nothing. */
export async function planPriceSheet(
  { db, categories, now }: PlanDeps,
  fileName: string,
  bytes: Buffer,
): Promise<{ preview: PriceSheetPreview; upload: HeldUpload }> {
  const workbook = await readPriceSheetFile(fileName, bytes);
  const tree = await categories.listPublic();
  const subcategoryNames = new Map(
    tree.flatMap((category) => category.subcategories.map((entry) => [entry.id, entry.name] as const)),
  );
  const imported = importPriceSheets(workbook, {
    mapCondition: conditionMapper(tree),
    defaultLastUpdated: now(),
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
        introductoryPrice: priceTable.introductoryPrice,
        introductoryTerms: priceTable.introductoryTerms,
      })
      .from(priceTable),
  ]);
  const matchMedication = medicationMatcher(catalogue);
  const matchPharmacy = nameMatcher(pharmacies);
  const oldPrices = new Map(stored.map((row) => [changeKey(row), row.price]));
  const oldLinks = new Map(stored.map((row) => [changeKey(row), row.link]));
  const oldIntroductory = new Map(stored.map((row) => [changeKey(row), row as IntroductoryPair]));

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
  /**
   * The pair a row leaves (decision 057), or undefined after reporting why the row is refused: an
   * ongoing price at or below the introductory price, or half a pair. The row is named with its
   * field, and its price left as it is; never a database refusal at Apply.
   */
  const checkedIntroductory = (
    sheet: string,
    price: (typeof imported.prices)[number],
    storedPair: IntroductoryPair | undefined,
  ): IntroductoryPair | undefined => {
    const pair = mergedIntroductory(storedPair, price);
    const problem = introductoryProblem({ price: price.price, ...pair });
    if (!problem) return pair;
    const row = imported.rowOf.get(price._id);
    const where = `${row === undefined ? "" : `row ${row}, `}${price.pharmacy.name}, ${price.dosage}`;
    const sheetSaysIntro = price.introductoryPrice !== undefined || price.introductoryTerms !== undefined;
    const reason =
      problem.field === "introductoryPrice" && !sheetSaysIntro && pair.introductoryPrice !== null
        ? `${where}: the price ${formatPounds(price.price)} must be above the stored introductory price ` +
          `(${formatPounds(pair.introductoryPrice)}); change or clear "Introductory price" too. The row is left as it is`
        : `${where}: "${problem.field === "introductoryPrice" ? "Introductory price" : "Introductory terms"}" ${problem.message}. The row is left as it is`;
    skipped.push({ sheet, ...(row === undefined ? {} : { row }), reason });
    return undefined;
  };
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
    const key =
      medication && pharmacy
        ? { medicationId: medication.id, pharmacyId: pharmacy.id, dosage: price.dosage }
        : undefined;
    const introductory = checkedIntroductory(
      sheet,
      price,
      key ? oldIntroductory.get(changeKey(key)) : undefined,
    );
    if (!introductory) continue;
    if (!medication || !pharmacy || !key) {
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
        introductory,
      });
      continue;
    }
    const oldPrice = oldPrices.get(changeKey(key)) ?? null;
    const before = oldIntroductory.get(changeKey(key));
    const sameIntroductory =
      before?.introductoryPrice === introductory.introductoryPrice &&
      before?.introductoryTerms === introductory.introductoryTerms;
    const sheetSaysIntro = price.introductoryPrice !== undefined || price.introductoryTerms !== undefined;
    changes.push({
      ...key,
      medicationName: medication.name,
      pharmacyName: pharmacy.name,
      oldPrice,
      newPrice: price.price,
      ...(sheetSaysIntro
        ? {
            newIntroductoryPrice: introductory.introductoryPrice,
            newIntroductoryTerms: introductory.introductoryTerms as PriceSheetChange["newIntroductoryTerms"],
          }
        : {}),
      status:
        oldPrice === null ? "new" : oldPrice === price.price && sameIntroductory ? "unchanged" : "changed",
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
        medicationName: price.medication ? (matchMedication(price.sheet)?.name ?? price.sheet) : price.sheet,
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
