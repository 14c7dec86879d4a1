import { describe, expect, it } from "vitest";
import { BlogSlugParams } from "./blog-api.ts";
import { ContactRequest } from "./contact-api.ts";
import { AuditQuery } from "./endpoints/admin/audit.ts";
import { LoginRequest } from "./endpoints/admin/auth.ts";
import {
  DosageQuery,
  IdParams,
  MedicationIdParams,
  MedicationListQuery,
  MedicationSearchParams,
  SubcategoryParams,
} from "./public-api.ts";
import { hasControlCharacters, text } from "./text.ts";

const NUL = "a\u0000b";

describe("text", () => {
  it("refuses NUL and the other control characters, keeping tabs and line breaks", () => {
    for (const bad of [NUL, "\u0001", "x\u001by", "\u007f"]) {
      expect(
        text()
          .safeParse(bad)
          .error?.issues.map((issue) => issue.message),
      ).toEqual(["must not contain control characters"]);
    }
    expect(text().parse("line one\r\n\tline two")).toBe("line one\r\n\tline two");
    expect(hasControlCharacters("plain text, £ and é")).toBe(false);
  });

  it("keeps the field's own rules after it", () => {
    const name = text().trim().min(1).max(3);
    expect(name.parse("  ab ")).toBe("ab");
    expect(name.safeParse("abcd").success).toBe(false);
  });
});

describe("every request string refuses a NUL", () => {
  const valid = {
    name: "Alex",
    email: "alex@example.co.uk",
    subject: "general",
    message: "A long enough message.",
  };
  it.each([
    ["IdParams", IdParams, { id: NUL }],
    ["SubcategoryParams", SubcategoryParams, { id: "acne", subId: NUL }],
    ["MedicationIdParams", MedicationIdParams, { medicationId: NUL }],
    ["MedicationSearchParams", MedicationSearchParams, { query: NUL }],
    ["MedicationListQuery", MedicationListQuery, { category: NUL }],
    ["DosageQuery", DosageQuery, { dosage: NUL }],
    ["BlogSlugParams", BlogSlugParams, { slug: NUL }],
    ["ContactRequest.name", ContactRequest, { ...valid, name: NUL }],
    ["ContactRequest.email", ContactRequest, { ...valid, email: `${NUL}@example.co.uk` }],
    ["ContactRequest.message", ContactRequest, { ...valid, message: `${NUL} and more text` }],
    ["LoginRequest.email", LoginRequest, { email: `${NUL}@b.co`, password: "x" }],
    ["LoginRequest.password", LoginRequest, { email: "a@b.co", password: NUL }],
    ["AuditQuery.actorEmail", AuditQuery, { actorEmail: NUL }],
  ] as const)("%s", (_name, schema, input) => {
    const result = schema.safeParse(input);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "must not contain control characters",
    ]);
  });
});
