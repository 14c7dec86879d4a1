import { INTRODUCTORY_TERMS, type IntroductoryTerms, PriceLink } from "@pharmacompare/contract";
import {
  type ConditionMapper,
  cellText,
  importPriceSheets,
  isBlank,
  readPrice,
  type Workbook,
} from "@pharmacompare/price-sheets";

/**
 * A feed file's rows (decision 045), read from the workbook the worker-isolated reader produced
 * (price-sheet-files.ts): either the price-sheet format staff upload (only its rows for the feed's
 * own pharmacy count) or a flat CSV with a header row naming medication, dosage, price, link and
 * stock. Rows that cannot be read are refused with a reason; nothing here touches the database.
 */

export interface FeedRow {
  /** The row's number in the file (1 is the header of a flat CSV), or null for a price sheet. */
  row: number | null;
  medicationName: string;
  dosage: string;
  price: number;
  link: string | null;
  /** Undefined when the file does not say (the price-sheet format, a CSV without a stock column): left as stored. */
  inStock: boolean | undefined;
  /**
   * The introductory price and its terms (decision 057): undefined when the file has no such
   * column (left as stored), null for a blank cell (cleared).
   */
  introductoryPrice?: number | null | undefined;
  introductoryTerms?: IntroductoryTerms | null | undefined;
}

export interface FeedRefusal {
  row: number | null;
  reason: string;
}

export interface FeedRows {
  rows: FeedRow[];
  refused: FeedRefusal[];
}

/** The highest price a row may carry: what `numeric(10, 2)` holds, well above any medicine. */
const MAX_PRICE = 99_999;

const COLUMNS = {
  medication: ["medication", "medicine", "product"],
  dosage: ["dosage", "strength", "dose"],
  price: ["price", "price (£)", "price gbp"],
  link: ["link", "url", "product link"],
  stock: ["stock", "in stock", "in_stock", "availability"],
  introductoryPrice: ["introductory price", "introductory_price", "intro price"],
  introductoryTerms: ["introductory terms", "introductory_terms", "intro terms"],
} as const;

/** "first-order", "First order", "first month"… as the contract's terms; undefined for anything else. */
function readFeedTerms(cell: unknown): IntroductoryTerms | null | undefined {
  if (isBlank(cell)) return null;
  const value = cellText(cell).toLowerCase().replace(/\s+/g, "-");
  return INTRODUCTORY_TERMS.find((terms) => terms === value);
}

/** Stock as a feed writes it; blank means in stock, anything unreadable is refused. */
function readStock(cell: unknown): boolean | undefined {
  if (isBlank(cell)) return true;
  if (typeof cell === "number") return cell > 0;
  const value = cellText(cell).toLowerCase();
  if (["yes", "y", "true", "1", "in stock", "in-stock", "instock", "available"].includes(value)) return true;
  if (
    ["no", "n", "false", "0", "out of stock", "out-of-stock", "outofstock", "unavailable"].includes(value)
  ) {
    return false;
  }
  return undefined;
}

/**
 * A link as the price form takes it (the contract's one URL rule, stored as its `href`): the
 * address, null when blank, or why it is refused ("must not contain spaces, line breaks, …").
 */
function readFeedLink(cell: unknown): { link: string | null } | { problem: string } {
  if (isBlank(cell)) return { link: null };
  const parsed = PriceLink.safeParse(cellText(cell));
  if (parsed.success) return { link: parsed.data };
  return { problem: parsed.error.issues[0]?.message ?? "is not an http or https address" };
}

/** Pence, as the database keeps them; undefined for a price that is not a positive amount. */
function readFeedPrice(cell: unknown): number | undefined {
  const text = typeof cell === "string" ? cell.trim().replace(/^£/, "") : cell;
  const price = readPrice(text);
  if (price === undefined || price > MAX_PRICE) return undefined;
  return Math.round(price * 100) / 100;
}

/** The flat CSV: its first sheet, a header row, then one price per row. */
export function flatCsvRows(workbook: Workbook): FeedRows {
  const sheet = Object.values(workbook)[0];
  const lines = Array.isArray(sheet) ? (sheet as unknown[][]) : [];
  const header = (lines[0] ?? []).map((cell) => cellText(cell).toLowerCase());
  const column = (names: readonly string[]) => header.findIndex((name) => names.includes(name));
  const at = {
    medication: column(COLUMNS.medication),
    dosage: column(COLUMNS.dosage),
    price: column(COLUMNS.price),
    link: column(COLUMNS.link),
    stock: column(COLUMNS.stock),
    introductoryPrice: column(COLUMNS.introductoryPrice),
    introductoryTerms: column(COLUMNS.introductoryTerms),
  };
  if (at.medication < 0 || at.dosage < 0 || at.price < 0) {
    return {
      rows: [],
      refused: [
        {
          row: 1,
          reason:
            "The first row must name the columns medication, dosage and price (and link, stock if given)",
        },
      ],
    };
  }
  const rows: FeedRow[] = [];
  const refused: FeedRefusal[] = [];
  lines.slice(1).forEach((cells, index) => {
    const row = index + 2;
    if (cells.every(isBlank)) return;
    const medicationName = cellText(cells[at.medication]);
    const dosage = cellText(cells[at.dosage]);
    const price = readFeedPrice(cells[at.price]);
    const linkRead = at.link < 0 ? { link: null } : readFeedLink(cells[at.link]);
    const link = "link" in linkRead ? linkRead.link : undefined;
    const inStock = at.stock < 0 ? undefined : readStock(cells[at.stock]);
    const introCell = cells[at.introductoryPrice];
    const introductoryPrice =
      at.introductoryPrice < 0
        ? undefined
        : isBlank(introCell)
          ? null
          : (readFeedPrice(introCell) ?? Number.NaN);
    const introductoryTerms =
      at.introductoryTerms < 0 ? undefined : (readFeedTerms(cells[at.introductoryTerms]) ?? "unreadable");
    const problem = !medicationName
      ? "no medication"
      : !dosage
        ? "no dosage"
        : price === undefined
          ? `the price "${cellText(cells[at.price]) || String(cells[at.price] ?? "")}" is not an amount in pounds above 0`
          : "problem" in linkRead
            ? `the link ${linkRead.problem}`
            : at.stock >= 0 && inStock === undefined
              ? `the stock "${cellText(cells[at.stock])}" is not yes or no`
              : Number.isNaN(introductoryPrice)
                ? `the introductory price "${cellText(introCell) || String(introCell ?? "")}" is not an amount in pounds above 0`
                : introductoryTerms === "unreadable"
                  ? `the introductory terms "${cellText(cells[at.introductoryTerms])}" are not first-order or first-month`
                  : null;
    if (problem || price === undefined || link === undefined || introductoryTerms === "unreadable") {
      refused.push({ row, reason: problem ?? "unreadable" });
      return;
    }
    rows.push({ row, medicationName, dosage, price, link, inStock, introductoryPrice, introductoryTerms });
  });
  return { rows, refused };
}

/**
 * The price-sheet format (decision 017's importer): only the feed pharmacy's prices count; a price
 * for another pharmacy is refused (a feed speaks for its own pharmacy only).
 */
export function priceSheetRows(
  workbook: Workbook,
  options: {
    mapCondition: ConditionMapper;
    now: Date;
    /** Whether a pharmacy name in the sheet is the feed's pharmacy. */
    isOwnPharmacy: (name: string) => boolean;
  },
): FeedRows {
  const imported = importPriceSheets(workbook, {
    mapCondition: options.mapCondition,
    defaultLastUpdated: options.now,
  });
  const names = new Map(imported.medications.map((medication) => [medication.id, medication.name]));
  const refused: FeedRefusal[] = imported.skipped.map((skip) => ({
    row: skip.row ?? null,
    reason: `${skip.sheet}: ${skip.reason}`,
  }));
  const rows: FeedRow[] = [];
  const others = new Set<string>();
  for (const price of imported.prices) {
    if (!options.isOwnPharmacy(price.pharmacy.name)) {
      others.add(price.pharmacy.name);
      continue;
    }
    const amount = readFeedPrice(price.price);
    const linkRead = readFeedLink(price.link ?? "");
    const link = "link" in linkRead ? linkRead.link : undefined;
    if (amount === undefined || link === undefined) {
      refused.push({
        row: null,
        reason: `${names.get(price.medicationId)}: ${price.dosage}'s price or link is not valid`,
      });
      continue;
    }
    rows.push({
      row: null,
      medicationName: names.get(price.medicationId) ?? price.medicationId,
      dosage: price.dosage,
      price: amount,
      link,
      // The sheet format says nothing about stock (its importer's default is not the pharmacy's word).
      inStock: undefined,
      introductoryPrice: price.introductoryPrice,
      introductoryTerms: price.introductoryTerms,
    });
  }
  for (const name of others) {
    refused.push({
      row: null,
      reason: `prices for ${name} were left out: a feed speaks for its own pharmacy only`,
    });
  }
  return { rows, refused };
}
