/**
 * Surfaces that promote rather than compare (the home page, the subscription pop-up, email
 * subjects, price news, staff newsletters) never name a prescription-only medicine: Human Medicines
 * Regulations 2012 reg. 284 and CAP Code 12.12 (docs/compliance.md, decision 040). These are the one
 * rule for which names count; the comparison pages name medicines as the facts a visitor looked for.
 * The rule reads what a reader sees, not what was typed (issue 42, decision 040 "What is matched"):
 * markdown is rendered by its caller first (the contract stays free of the renderer), and every
 * text here is normalised before it is matched.
 */

export interface CatalogueName {
  name: string;
  genericName?: string | null;
  legalCategory: string;
}

/**
 * Every prescription-only medicine's name, and its generic name unless a pharmacy or general-sale
 * medicine shares it (sildenafil is sold as both; "Viagra Connect" being P does not make the word
 * "sildenafil" on its own promote the prescription-only packs).
 */
export function prescriptionOnlyNames(catalogue: readonly CatalogueName[]): string[] {
  const sellableWithout = new Set(
    catalogue
      .filter((medication) => medication.legalCategory !== "POM" && medication.genericName)
      .map((medication) => medication.genericName?.toLowerCase()),
  );
  const names = new Set<string>();
  for (const medication of catalogue) {
    if (medication.legalCategory !== "POM") continue;
    names.add(medication.name);
    const generic = medication.genericName?.trim();
    if (generic && !sellableWithout.has(generic.toLowerCase())) names.add(generic);
  }
  return [...names];
}

/**
 * Letters that look like Latin ones in the fonts our pages and emails use: Cyrillic and Greek,
 * both cases (folded before case-folding, as "М" lower-cases to "м", which does not look like "m").
 * Written here rather than taken from a confusables library to keep this module small: it is
 * browser-safe contract code (decision 039).
 */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  а: "a",
  е: "e",
  о: "o",
  р: "p",
  с: "c",
  у: "y",
  х: "x",
  і: "i",
  ј: "j",
  ѕ: "s",
  ԁ: "d",
  ӏ: "l",
  ԛ: "q",
  ԝ: "w",
  һ: "h",
  ѵ: "v",
  А: "a",
  В: "b",
  Е: "e",
  К: "k",
  М: "m",
  Н: "h",
  О: "o",
  Р: "p",
  С: "c",
  Т: "t",
  Х: "x",
  У: "y",
  І: "i",
  Ј: "j",
  Ѕ: "s",
  Ӏ: "l",
  // Greek
  ο: "o",
  α: "a",
  ε: "e",
  ι: "i",
  κ: "k",
  ν: "v",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  Α: "a",
  Β: "b",
  Ε: "e",
  Ζ: "z",
  Η: "h",
  Ι: "i",
  Κ: "k",
  Μ: "m",
  Ν: "n",
  Ο: "o",
  Ρ: "p",
  Τ: "t",
  Υ: "y",
  Χ: "x",
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join("")}]`, "gu");

const NAMED_REFERENCES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  shy: "",
};

/** HTML character references, wherever a text may yet pass through HTML: "Mounj&#97;ro". */
function decodeReferences(text: string): string {
  return text.replace(
    /&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|(amp|lt|gt|quot|apos|nbsp|shy));?/giu,
    (whole, dec, hex, named) => {
      if (named) return NAMED_REFERENCES[named.toLowerCase()] ?? whole;
      const code = dec ? Number(dec) : Number.parseInt(hex, 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    },
  );
}

/**
 * A text as its reader sees it, for matching: character references decoded; NFKC (fullwidth and
 * styled letters become plain ones, odd spaces become spaces); format characters dropped (soft
 * hyphen, zero-width space and joiners, word joiner, byte-order mark: \p{Cf}); accents and other
 * combining marks dropped, invisible ones included (U+034F, variation selectors); look-alike
 * Cyrillic and Greek letters folded to Latin; lower case.
 */
export function readerText(text: string): string {
  return decodeReferences(text)
    .normalize("NFKC")
    .replace(/\p{Cf}/gu, "")
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(LOOK_ALIKE, (letter) => LOOK_ALIKES[letter] ?? letter)
    .toLowerCase();
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The first of `names` that `text` shows as a whole word or phrase, once both are read as a reader
 * sees them (readerText); undefined when none. "Wegovy" is found in "Wegovy vs Mounjaro", in
 * "Mounj&#97;ro", "Mоunjaro" (Cyrillic о) and "Moun\u00ADjaro", not in "Wegovyx". A caller with
 * markdown renders it to text first (markdownText), so "Mounj**aro**" reads "Mounjaro".
 */
export function findNamedMedicine(text: string, names: readonly string[]): string | undefined {
  const seen = readerText(text);
  return names.find((name) => {
    const words = readerText(name).trim().split(/\s+/).map(escapeRegExp).join("\\s+");
    return words !== "" && new RegExp(`(?<![\\p{L}\\p{N}])${words}(?![\\p{L}\\p{N}])`, "u").test(seen);
  });
}

/** A word that is close to a prescription-only medicine's name without being it. */
export interface CloseMatch {
  /** As it stands in the text (read as the reader sees it). */
  word: string;
  medicine: string;
}

/** Digits and signs used for letters ("m0unjaro", "$axenda"). */
const STANDS_FOR: Record<string, string> = {
  "0": "o",
  "1": "il",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "8": "b",
  "@": "a",
  $: "s",
};
/** What may stand between the letters of a spelt-out name ("p-r-o-p-e-c-i-a", "Moun jaro"). */
const BETWEEN = /^[-._*\s·/|~+'’]{1,3}$/u;
/** Shorter names are one edit away from too many ordinary words ("Evra", "Alli"). */
const EDIT_MIN_LENGTH = 6;

const same = (seen: string, letter: string) =>
  seen === letter || (STANDS_FOR[seen]?.includes(letter) ?? false);

/** Whether `seen` spells `name` with at most `edits` insertions, deletions, substitutions or swaps. */
function spells(seen: string, name: string, edits: 0 | 1): boolean {
  if (Math.abs(seen.length - name.length) > edits) return false;
  let i = 0;
  while (i < seen.length && i < name.length && same(seen[i] as string, name[i] as string)) i++;
  if (i === seen.length && i === name.length) return true;
  if (edits === 0) return false;
  const rest = (a: number, b: number) => spells(seen.slice(a), name.slice(b), 0);
  return (
    rest(i + 1, i + 1) ||
    rest(i + 1, i) ||
    rest(i, i + 1) ||
    (i + 1 < seen.length &&
      i + 1 < name.length &&
      same(seen[i] as string, name[i + 1] as string) &&
      same(seen[i + 1] as string, name[i] as string) &&
      rest(i + 2, i + 2))
  );
}

/**
 * Spelling games with a prescription-only medicine's name, in a text that `findNamedMedicine`
 * found none in: digits or signs for letters ("m0unjaro", "Mounjar0"), separators between its
 * letters ("p-r-o-p-e-c-i-a", "Moun.jaro") and, for names of six letters or more, one letter
 * added, missing, changed or swapped ("Mounjarro"). Staff may mean them (a word that happens to be
 * close), so a surface warns and asks for a confirmation rather than refusing (decision 040).
 */
export function findCloseMatches(text: string, names: readonly string[]): CloseMatch[] {
  const seen = readerText(text);
  const wanted = names
    .map((medicine) => {
      const read = readerText(medicine).trim();
      return { medicine, letters: read.replace(/\s+/g, ""), oneWord: !/\s/.test(read) };
    })
    .filter((name) => name.letters !== "");
  if (wanted.length === 0) return [];
  const longest = Math.max(...wanted.map((name) => name.letters.length)) + 1;
  const tokens = [...seen.matchAll(/[\p{L}\p{N}@$]+/gu)].map((match) => ({
    text: match[0],
    start: match.index,
    end: match.index + match[0].length,
  }));
  const found = new Map<string, CloseMatch>();
  for (let first = 0; first < tokens.length; first++) {
    let joined = "";
    for (let last = first; last < tokens.length; last++) {
      const token = tokens[last];
      if (!token) break;
      if (last > first && !BETWEEN.test(seen.slice(tokens[last - 1]?.end, token.start))) break;
      joined += token.text;
      if (joined.length > longest) break;
      const spelt = last > first;
      for (const { medicine, letters, oneWord } of wanted) {
        const edits = !spelt && letters.length >= EDIT_MIN_LENGTH ? 1 : 0;
        // A one-word name as it is spelt is findNamedMedicine's: refused, not warned about.
        if ((!spelt && oneWord && joined === letters) || !spells(joined, letters, edits)) continue;
        const word = seen.slice(tokens[first]?.start, token.end);
        found.set(`${word}\n${medicine}`, { word, medicine });
      }
    }
  }
  return [...found.values()];
}
