import { formatPounds } from "./format.ts";

/**
 * What a pack holds, read from its dosage text ("50mg x 4 tablets" → 4 tablets), so a visitor can
 * compare packs of different sizes by their price per unit. Strengths ("50mg", "0.1%", "6mg/ml")
 * are never quantities. A text we cannot read with confidence gives null and no unit price is
 * shown: a wrong unit price is worse than none.
 */
export type PackUnit =
  | "tablet"
  | "capsule"
  | "pen"
  | "patch"
  | "ring"
  | "sachet"
  | "tube"
  | "spray"
  | "dose"
  | "g"
  | "ml"
  | "month";

export interface PackSize {
  quantity: number;
  unit: PackUnit;
}

const COUNTED: Record<string, PackUnit> = {
  tablet: "tablet",
  tablets: "tablet",
  capsule: "capsule",
  capsules: "capsule",
  pen: "pen",
  pens: "pen",
  patch: "patch",
  patches: "patch",
  ring: "ring",
  rings: "ring",
  sachet: "sachet",
  sachets: "sachet",
  tube: "tube",
  tubes: "tube",
  spray: "spray",
  sprays: "spray",
  dose: "dose",
  doses: "dose",
};

// "3 x 21 tablets", "4 tubes": an optional pack multiplier, a whole count, a counted noun.
const countedPattern = new RegExp(
  String.raw`(?:^|[\s(])(?:(\d+)\s*x\s*)?(\d+)\s*(${Object.keys(COUNTED).join("|")})\b`,
  "i",
);
// "2 x 45g", "73ml": an optional multiplier and a measured amount (digits directly before g/ml).
const measuredPattern = /(?:^|[\s(])(?:(\d+)\s*x\s*)?(\d+(?:\.\d+)?)\s*(g|ml)\b/i;
const doses = /\b(\d+)\s*doses?\b/i;
const months = /^(\d+)\s*months?\s+supply$/i;

export function parsePackSize(dosage: string): PackSize | null {
  const text = dosage.trim();
  // "2 sprays (40 doses)", "2.5mg (1 pen, 4 doses)": a dose is what a visitor compares these by.
  const doseCount = doses.exec(text);
  if (doseCount) return positive(Number(doseCount[1]), "dose");
  const supply = months.exec(text);
  if (supply) return positive(Number(supply[1]), "month");

  // Outside brackets first: "120g (2 x 60g)" is 120 g, "8 tubes (2 packs)" is 8 tubes.
  const outside = text.replace(/\([^)]*\)/g, " ");
  const counted = countedPattern.exec(outside);
  if (counted) {
    const unit = COUNTED[(counted[3] ?? "").toLowerCase()];
    if (unit) return positive(Number(counted[1] ?? 1) * Number(counted[2]), unit);
  }
  const measured = measuredPattern.exec(outside);
  if (measured) {
    const unit = (measured[3] ?? "").toLowerCase() === "g" ? "g" : "ml";
    return positive(Number(measured[1] ?? 1) * Number(measured[2]), unit);
  }
  return null;
}

function positive(quantity: number, unit: PackUnit): PackSize | null {
  return Number.isFinite(quantity) && quantity > 0 ? { quantity, unit } : null;
}

const UNIT_WORDS: Record<PackUnit, string> = {
  tablet: "tablet",
  capsule: "capsule",
  pen: "pen",
  patch: "patch",
  ring: "ring",
  sachet: "sachet",
  tube: "tube",
  spray: "spray",
  dose: "dose",
  g: "g",
  ml: "ml",
  month: "month",
};

/**
 * "£1.25 per tablet" for a pack price and its dosage text, or null when the pack holds one unit
 * (the price already is the unit price) or its size cannot be read.
 */
export function unitPriceText(price: number, dosage: string): string | null {
  const pack = parsePackSize(dosage);
  if (!pack || pack.quantity === 1) return null;
  return `${formatPounds(price / pack.quantity)} per ${UNIT_WORDS[pack.unit]}`;
}
