import { describe, expect, it } from "vitest";
import { findCloseMatches, findNamedMedicine, prescriptionOnlyNames } from "./promoting-surfaces.ts";

const catalogue = [
  { name: "Viagra", genericName: "Sildenafil", legalCategory: "POM" },
  { name: "Viagra Connect", genericName: "Sildenafil", legalCategory: "P" },
  { name: "Wegovy", genericName: "Semaglutide", legalCategory: "POM" },
  { name: "Eroxon", genericName: null, legalCategory: "GSL" },
];

describe("prescriptionOnlyNames", () => {
  it("names every POM, and a POM's generic name only when no P or GSL medication shares it", () => {
    expect(prescriptionOnlyNames(catalogue).sort()).toEqual(["Semaglutide", "Viagra", "Wegovy"]);
  });
});

describe("findNamedMedicine", () => {
  const names = prescriptionOnlyNames(catalogue);
  it("finds a name as a whole word, ignoring case", () => {
    expect(findNamedMedicine("WEGOVY vs Mounjaro: comparing prices", names)).toBe("Wegovy");
    expect(findNamedMedicine("Compare semaglutide pens", names)).toBe("Semaglutide");
  });
  it("finds nothing inside a longer word, or where only a P medicine is named", () => {
    expect(findNamedMedicine("Wegovyx and viagraconnect", names)).toBeUndefined();
    expect(findNamedMedicine("How to save money on prescriptions in the UK", names)).toBeUndefined();
  });
  it("reads a multi-word name whole", () => {
    expect(findNamedMedicine("Viagra Connect: what a pharmacist asks", ["Viagra Connect"])).toBe(
      "Viagra Connect",
    );
  });
});

/**
 * Issue 42: the rule reads what a reader sees. Each disguise passed the raw-text match before;
 * markdown (Mounj**aro**) is the caller's to render first, tested in apps/api/test/newsletters.test.ts.
 */
describe("findNamedMedicine reads the text as a reader sees it", () => {
  const names = ["Mounjaro", "Viagra", "Propecia", "Ulipristal Acetate"];
  const disguises: Array<[string, string]> = [
    ["a character reference", "Half price Mounj&#97;ro this week"],
    ["a hexadecimal reference", "Half price Mounj&#x61;ro this week"],
    ["a soft hyphen", "Half price Moun\u00ADjaro this week"],
    ["a soft hyphen as a reference", "Half price Moun&shy;jaro this week"],
    ["a zero-width space", "Half price Moun\u200Bjaro this week"],
    ["a zero-width non-joiner", "Half price Moun\u200Cjaro this week"],
    ["a zero-width joiner", "Half price Moun\u200Djaro this week"],
    ["a word joiner", "Half price Moun\u2060jaro this week"],
    ["a byte-order mark", "Half price Moun\uFEFFjaro this week"],
    ["a Cyrillic о", "Half price M\u043Eunjaro this week"],
    ["Cyrillic а, о and р", "Half price M\u043Eunj\u0430r\u043E this week"],
    ["a Cyrillic capital М", "Half price \u041Counjaro this week"],
    ["a Greek ο", "Half price M\u03BFunjaro this week"],
    ["fullwidth letters", "Half price \uFF2D\uFF4F\uFF55\uFF4E\uFF4A\uFF41\uFF52\uFF4F this week"],
    ["mathematical bold letters", "Half price \u{1D40C}ounjaro this week"],
    ["a combining mark", "Half price Mou\u0301njaro this week"],
    ["an invisible combining grapheme joiner", "Half price Moun\u034Fjaro this week"],
    ["Cyrillic і and а in another name", "V\u0456\u0430gra for less"],
    ["a no-break space inside a two-word name", "Ulipristal\u00A0Acetate offer"],
    ["a line break inside a two-word name", "Ulipristal\nAcetate offer"],
  ];
  it.each(disguises)("finds a name behind %s", (_, text) => {
    expect(findNamedMedicine(text, names)).toBeDefined();
  });
  it("still finds only whole words, and nothing in plain wording", () => {
    expect(findNamedMedicine("Mounjarol and Viagrax", names)).toBeUndefined();
    expect(findNamedMedicine("Hay fever &amp; allergy savings", names)).toBeUndefined();
    expect(findNamedMedicine("Café prices: caf\u00E9 pricing", names)).toBeUndefined();
  });
});

describe("findCloseMatches: spelling games to warn about, never exact names", () => {
  const names = ["Mounjaro", "Propecia", "Wegovy", "Evra", "Ulipristal Acetate", "Saxenda"];
  const games: Array<[string, string, string]> = [
    ["a zero for an o", "Half price m0unjaro this week", "m0unjaro"],
    ["a zero at the end", "Half price Mounjar0 this week", "mounjar0"],
    ["a dollar sign for an s", "Half price $axenda this week", "$axenda"],
    ["hyphens between letters", "Try p-r-o-p-e-c-i-a today", "p-r-o-p-e-c-i-a"],
    ["dots between letters", "Try P.r.o.p.e.c.i.a today", "p.r.o.p.e.c.i.a"],
    ["spaces between letters", "Try M o u n j a r o today", "m o u n j a r o"],
    ["an underscore inside", "Try Moun_jaro today", "moun_jaro"],
    ["stars inside", "Try Moun*jaro today", "moun*jaro"],
    ["a letter added", "Try Mounjarro today", "mounjarro"],
    ["a letter missing", "Try Mounjro today", "mounjro"],
    ["a letter changed", "Try Wegovi today", "wegovi"],
    ["two letters swapped", "Try Mounjaor today", "mounjaor"],
    ["a separator and a digit", "Try m-0-u-n-j-a-r-o today", "m-0-u-n-j-a-r-o"],
    ["a two-word name run together", "Try UlipristalAcetate today", "ulipristalacetate"],
  ];
  it.each(games)("warns about %s", (_, text, word) => {
    expect(findNamedMedicine(text, names)).toBeUndefined();
    expect(findCloseMatches(text, names).map((match) => match.word)).toContain(word);
  });
  it("names the medicine each word is close to", () => {
    expect(findCloseMatches("m0unjaro or w3govy", names)).toEqual([
      { word: "m0unjaro", medicine: "Mounjaro" },
      { word: "w3govy", medicine: "Wegovy" },
    ]);
  });
  it("leaves ordinary wording, exact names and short names one letter away alone", () => {
    expect(findCloseMatches("Half price hay fever sprays this week, in stores now", names)).toEqual([]);
    expect(findCloseMatches("Mounjaro", names)).toEqual([]);
    expect(findCloseMatches("Eva and Ezra compare prices", names)).toEqual([]);
  });
});
