import { deflateRawSync } from "node:zlib";

/**
 * Hostile price files made by code (decision 029: no binary is committed). `zip` writes a zip the
 * way any writer would, with knobs to lie in it; `workbook` the few parts an .xlsx needs.
 */

export interface ZipPart {
  name: string;
  data: Buffer;
  /** Stored instead of deflated. */
  stored?: boolean;
}

export interface ZipLies {
  /** Parts listed in the central directory beyond the count the end record gives (their data is written too). */
  hiddenParts?: ZipPart[];
  /** A ZIP64 extra field on the first part and a ZIP64 locator before the end record. */
  zip64?: boolean;
}

export function zip(parts: ZipPart[], lies: ZipLies = {}): Buffer {
  const all = [...parts, ...(lies.hiddenParts ?? [])];
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [index, part] of all.entries()) {
    const packed = part.stored ? part.data : deflateRawSync(part.data, { level: 9 });
    const name = Buffer.from(part.name);
    const extra =
      lies.zip64 && index === 0
        ? Buffer.concat([Buffer.from([0x01, 0x00, 0x10, 0x00]), Buffer.alloc(16)])
        : Buffer.alloc(0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(part.stored ? 0 : 8, 8);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(part.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(extra.length, 28);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(part.stored ? 0 : 8, 10);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(part.data.length, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt16LE(extra.length, 30);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, extra, packed);
    central.push(entry, name, extra);
    offset += 30 + name.length + extra.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const locator = Buffer.alloc(lies.zip64 ? 20 : 0);
  if (lies.zip64) {
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeUInt32LE(1, 16);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length + locator.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, locator, end]);
}

const xml = (text: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${text}`);
const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** The parts of an .xlsx with these sheets (name → the worksheet's sheetData inner XML) and shared text. */
export function workbookParts(sheets: [string, string][], sharedStrings?: string): ZipPart[] {
  const parts: ZipPart[] = [
    {
      name: "[Content_Types].xml",
      data: xml('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    },
    {
      name: "xl/workbook.xml",
      data: xml(
        `<workbook ${NS} xmlns:r="${REL}"><sheets>${sheets
          .map(([name], index) => `<sheet name="${name}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`)
          .join("")}</sheets></workbook>`,
      ),
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      data: xml(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
          .map(
            (_, index) =>
              `<Relationship Id="rId${index + 1}" Type="${REL}/worksheet" Target="worksheets/sheet${index + 1}.xml"/>`,
          )
          .join(
            "",
          )}<Relationship Id="rIdS" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      ),
    },
    ...sheets.map(([, rows], index) => ({
      name: `xl/worksheets/sheet${index + 1}.xml`,
      data: xml(`<worksheet ${NS}><sheetData>${rows}</sheetData></worksheet>`),
    })),
  ];
  if (sharedStrings !== undefined) {
    parts.push({ name: "xl/sharedStrings.xml", data: xml(`<sst ${NS}>${sharedStrings}</sst>`) });
  }
  return parts;
}

/** A small valid sheet: the public site §5 rows with one pharmacy row. */
export const smallSheet = [
  '<row r="1"><c r="A1" t="inlineStr"><is><t>Generic name</t></is></c></row>',
  '<row r="4"><c r="A4" t="inlineStr"><is><t>Condition</t></is></c><c r="B4" t="inlineStr"><is><t>Erectile Dysfunction</t></is></c></row>',
  '<row r="6"><c r="A6" t="inlineStr"><is><t>Pharmacy</t></is></c><c r="B6" t="inlineStr"><is><t>Rating</t></is></c><c r="C6" t="inlineStr"><is><t>50mg</t></is></c></row>',
  '<row r="7"><c r="A7" t="inlineStr"><is><t>Somewhere</t></is></c><c r="B7"><v>4</v></c><c r="C7"><v>9.99</v></c></row>',
].join("");

/** The hostile corpus of issue 25: file name, bytes, the status and the words of the refusal. */
export function hostileCorpus(): [
  label: string,
  make: () => [string, Buffer],
  status: number,
  message: RegExp,
][] {
  return [
    [
      "extra central-directory records with a zip bomb behind them",
      () => [
        "prices.xlsx",
        zip(workbookParts([["Viagra", smallSheet]]), {
          hiddenParts: [{ name: "xl/media/bomb.bin", data: Buffer.alloc(200 * 1024 * 1024) }],
        }),
      ],
      415,
      /directory lists more parts than its end record/,
    ],
    [
      "a 20,000-row sheet with one cell in column XFD per row",
      () => {
        let rows = "";
        for (let row = 1; row <= 20_000; row++) rows += `<row r="${row}"><c r="XFD${row}"><v>1</v></c></row>`;
        return ["prices.xlsx", zip(workbookParts([["Viagra", rows]]))];
      },
      400,
      /cell XFD1 is beyond column IV; a price sheet has at most 256 columns/,
    ],
    [
      "ZIP64 markers",
      () => ["prices.xlsx", zip(workbookParts([["Viagra", smallSheet]]), { zip64: true })],
      415,
      /ZIP64/,
    ],
    [
      "a ZIP64 extra field without the locator",
      () => {
        const bytes = zip(workbookParts([["Viagra", smallSheet]]), { zip64: true });
        // Drop the locator (the 20 bytes before the end record) and fix the directory's size.
        const end = bytes.subarray(bytes.length - 22);
        const withoutLocator = Buffer.concat([bytes.subarray(0, bytes.length - 42), end]);
        const fixed = withoutLocator.subarray(withoutLocator.length - 22);
        fixed.writeUInt32LE(fixed.readUInt32LE(12) - 20, 12);
        return ["prices.xlsx", withoutLocator];
      },
      415,
      /ZIP64/,
    ],
    [
      "two parts of one name",
      () => {
        const parts = workbookParts([["Viagra", smallSheet]]);
        const sheet = parts.find((part) => part.name.startsWith("xl/worksheets/"));
        if (!sheet) throw new Error("a sheet part");
        return ["prices.xlsx", zip([...parts, { ...sheet, data: Buffer.from("<worksheet/>") }])];
      },
      415,
      /two parts named "xl\/worksheets\/sheet1.xml"/,
    ],
    [
      "one part that inflates past the per-part budget",
      () => [
        "prices.xlsx",
        zip([
          ...workbookParts([["Viagra", smallSheet]]),
          { name: "xl/media/big.bin", data: Buffer.alloc(40 * 1024 * 1024) },
        ]),
      ],
      413,
      /too large once unpacked/,
    ],
    [
      "thousands of sheets",
      () => {
        const sheets: [string, string][] = [];
        for (let index = 1; index <= 2_000; index++) sheets.push([`Sheet ${index}`, smallSheet]);
        return ["prices.xlsx", zip(workbookParts(sheets))];
      },
      413,
      /more than 1,000 sheets/,
    ],
    [
      "thousands of parts",
      () => {
        const parts = workbookParts([["Viagra", smallSheet]]);
        for (let index = 0; index < 5_000; index++)
          parts.push({ name: `xl/media/p${index}.bin`, data: Buffer.from("x") });
        return ["prices.xlsx", zip(parts)];
      },
      413,
      /more than 3,000 parts/,
    ],
    [
      "one huge shared string",
      () => [
        "prices.xlsx",
        zip(workbookParts([["Viagra", smallSheet]], `<si><t>${"A".repeat(30 * 1024 * 1024)}</t></si>`)),
      ],
      400,
      /A text in the workbook holds more than 2,000 characters/,
    ],
    [
      "a million shared strings",
      () => [
        "prices.xlsx",
        zip(workbookParts([["Viagra", smallSheet]], "<si><t>x</t></si>".repeat(1_000_000))),
      ],
      413,
      /table of text has more than 500,000 entries/,
    ],
    [
      "a CSV of one 9 MB line",
      () => ["Viagra.csv", Buffer.alloc(9 * 1024 * 1024, "7,")],
      400,
      /Row 1 holds more than 2,000 characters/,
    ],
    ["a CSV of one 50 MB line", () => ["Viagra.csv", Buffer.alloc(50 * 1024 * 1024, "7")], 413, /too large/i],
  ];
}
