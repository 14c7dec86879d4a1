import { describe, expect, it } from "vitest";
import { csvField, subscriptionsCsv, subscriptionsCsvFileName } from "./subscriptions-csv.ts";

const preferences = { priceDrops: true, newMedications: false, promotions: true, weeklyDigest: false };

function subscription(
  email: string,
  status: "active" | "unsubscribed" | "bounced" = "active",
  subscribedAt = "2026-03-01T09:30:00.000Z",
) {
  return { email, status, confirmed: true, source: "footer" as const, subscribedAt, preferences };
}

/** RFC 4180 read back: fields split on commas outside quotes, doubled quotes undone. */
function parse(text: string): string[][] {
  expect(text.endsWith("\r\n")).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      row.push(field);
      field = "";
    } else if (char === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i += 1;
    } else field += char;
  }
  return rows;
}

describe("subscriptionsCsv", () => {
  it("has the specification's columns and one row per ACTIVE, confirmed subscription, in order", () => {
    const rows = parse(
      subscriptionsCsv([
        subscription("ada@example.co.uk"),
        subscription("gone@example.co.uk", "unsubscribed"),
        subscription("bounced@example.co.uk", "bounced"),
        // Active but never confirmed: no consent yet, so not exported.
        { ...subscription("unconfirmed@example.co.uk"), confirmed: false },
        { ...subscription("grace@example.com", "active", "2026-07-15T23:30:00.000Z"), source: "popup" },
      ]),
    );
    expect(rows).toEqual([
      [
        "Email",
        "Status",
        "Source",
        "Subscribed Date",
        "Price Drops",
        "New Medications",
        "Promotions",
        "Weekly Digest",
      ],
      ["ada@example.co.uk", "active", "footer", "01/03/2026", "Yes", "No", "Yes", "No"],
      // 23:30 UTC in July is the next day in the UK.
      ["grace@example.com", "active", "popup", "16/07/2026", "Yes", "No", "Yes", "No"],
    ]);
  });

  it("is only the header when no subscription is active", () => {
    expect(subscriptionsCsv([subscription("gone@example.co.uk", "unsubscribed")])).toBe(
      "Email,Status,Source,Subscribed Date,Price Drops,New Medications,Promotions,Weekly Digest\r\n",
    );
  });

  it("neutralises an address that a spreadsheet would run as a formula", () => {
    const rows = parse(
      subscriptionsCsv([
        subscription('=HYPERLINK("http://evil.example","x")@example.com'),
        subscription("+1+2@example.com"),
      ]),
    );
    expect(rows[1]?.[0]).toBe(`'=HYPERLINK("http://evil.example","x")@example.com`);
    expect(rows[2]?.[0]).toBe("'+1+2@example.com");
  });
});

describe("csvField", () => {
  it.each([
    ["plain", "plain"],
    ["", ""],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["two\r\nlines", '"two\r\nlines"'],
    // Formula starts (OWASP): = + - @ tab and carriage return get a leading single quote.
    ["=1+1", "'=1+1"],
    ["+44 20", "'+44 20"],
    ["-2", "'-2"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", `"'\rcmd"`],
    ['=cmd|" /C calc"!A0', `"'=cmd|"" /C calc""!A0"`],
    // Only the first character matters.
    ["a=b", "a=b"],
    ["x-y@example.com", "x-y@example.com"],
  ])("%j → %j", (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });
});

describe("subscriptionsCsvFileName", () => {
  it("names the file after today's UK date, ISO order", () => {
    expect(subscriptionsCsvFileName(new Date("2026-03-01T12:00:00Z"))).toBe("subscriptions_2026-03-01.csv");
    // 23:30 UTC on 31 July is already 1 August in the UK (BST).
    expect(subscriptionsCsvFileName(new Date("2026-07-31T23:30:00Z"))).toBe("subscriptions_2026-08-01.csv");
    expect(subscriptionsCsvFileName(new Date("2026-12-31T23:30:00Z"))).toBe("subscriptions_2026-12-31.csv");
  });
});
