import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "../db/schema.ts";
import {
  CHECK_RULES,
  type ConstraintFailure,
  constraintRefusal,
  keyColumns,
  TABLE_NOUNS,
} from "./constraint-refusal.ts";

const tables = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .map((table) => getTableConfig(table as PgTable));

const refusalFor = (failure: ConstraintFailure, method = "POST") =>
  constraintRefusal(failure, method)?.body();

describe("every table and CHECK constraint of the schema has words", () => {
  it("names every table", () => {
    expect(tables.length).toBeGreaterThan(10);
    for (const table of tables) expect(TABLE_NOUNS[table.name], table.name).toBeDefined();
  });

  it("states every CHECK constraint as a rule about request fields", () => {
    const checks = tables.flatMap((table) => table.checks.map((check) => check.name));
    expect(checks.length).toBeGreaterThan(20);
    expect(Object.keys(CHECK_RULES).sort()).toEqual([...checks].sort());
  });
});

describe("keyColumns", () => {
  it("reads the column names of a key, never the values after it", () => {
    expect(keyColumns("Key (id)=(viagra) already exists.")).toEqual(["id"]);
    expect(keyColumns("Key (medication_id, pharmacy_id, dosage)=(a, b, c) already exists.")).toEqual([
      "medication_id",
      "pharmacy_id",
      "dosage",
    ]);
    expect(keyColumns("Key (lower(email::text))=(x)=(y) already exists.")).toEqual(["email"]);
    expect(keyColumns("Key (lower(email))=(a@b.c) already exists.")).toEqual(["email"]);
    expect(keyColumns("Failing row contains (a, b).")).toEqual([]);
    expect(keyColumns(undefined)).toEqual([]);
  });
});

describe("constraintRefusal", () => {
  it("answers a duplicate with 409 conflict naming the thing and its fields", () => {
    expect(
      refusalFor({
        code: "23505",
        message: 'duplicate key value violates unique constraint "prices_medication_pharmacy_dosage_unique"',
        table: "prices",
        detail: "Key (medication_id, pharmacy_id, dosage)=(viagra, x, 50mg) already exists.",
      }),
    ).toEqual({
      error: "A price with this medication id, pharmacy id and dosage already exists.",
      code: "conflict",
      fields: {
        medicationId: "this combination is already taken",
        pharmacyId: "this combination is already taken",
        dosage: "this combination is already taken",
      },
    });
    expect(
      refusalFor({
        code: "23505",
        message: "duplicate key value",
        table: "admin_users",
        detail: "Key (lower(email))=(a) already exists.",
      }),
    ).toEqual({
      error: "An administrator with this email already exists.",
      code: "conflict",
      fields: { email: "is already taken" },
    });
    expect(refusalFor({ code: "23505", message: "duplicate key value", table: "blog_posts" })).toEqual({
      error: "This blog post already exists.",
      code: "conflict",
    });
  });

  it("answers a delete of a row still referred to with 409 still_referenced naming what refers to it", () => {
    const failure = {
      code: "23503",
      message:
        'update or delete on table "medications" violates foreign key constraint "prices_medication_id_medications_id_fk" on table "prices"',
      table: "prices",
      detail: 'Key (id)=(viagra) is still referenced from table "prices".',
    };
    expect(refusalFor(failure, "DELETE")).toEqual({
      error: "This medication cannot be deleted: prices still refer to it.",
      code: "still_referenced",
    });
    expect(refusalFor(failure, "PATCH")?.error).toBe(
      "This medication cannot be changed: prices still refer to it.",
    );
    // ON DELETE RESTRICT says so in its own SQLSTATE.
    const restrict = {
      code: "23001",
      message:
        'update or delete on table "subcategories" violates RESTRICT setting of foreign key constraint "medications_subcategory_in_category_fk" on table "medications"',
      table: "medications",
    };
    expect(refusalFor(restrict, "DELETE")).toEqual({
      error: "This subcategory cannot be deleted: medications still refer to it.",
      code: "still_referenced",
    });
  });

  it("answers a reference to nothing with 400 naming the column", () => {
    expect(
      refusalFor({
        code: "23503",
        message:
          'insert or update on table "prices" violates foreign key constraint "prices_pharmacy_id_pharmacies_id_fk"',
        table: "prices",
        detail: 'Key (pharmacy_id)=(is not present in table "x") is not present in table "pharmacies".',
      }),
    ).toEqual({
      error: "The pharmacy id does not refer to an existing pharmacy.",
      code: "invalid_request",
      fields: { pharmacyId: "does not refer to an existing pharmacy" },
    });
    expect(
      refusalFor({
        code: "23503",
        message: 'insert or update on table "prices" violates …',
        table: "prices",
      }),
    ).toEqual({ error: "This price refers to something that does not exist.", code: "invalid_request" });
  });

  it("answers a broken CHECK with 400 rule_violated stating the rule, or the constraint's name", () => {
    expect(
      refusalFor({
        code: "23514",
        message: "violates check constraint",
        table: "pharmacies",
        constraint: "pharmacies_rating_range",
      }),
    ).toEqual({
      error: "This pharmacy breaks a rule: rating must be between 0 and 5.",
      code: "rule_violated",
      fields: { rating: "must be between 0 and 5" },
    });
    expect(
      refusalFor({
        code: "23514",
        message: "violates check constraint",
        table: "contacts",
        constraint: "contacts_no_spam",
      }),
    ).toEqual({ error: 'This contact message breaks the rule "no spam".', code: "rule_violated" });
  });

  it("answers a missing required value with 400 naming the field", () => {
    expect(
      refusalFor({ code: "23502", message: "null value", table: "medications", column: "category_id" }),
    ).toEqual({
      error: "The medication's category id is required.",
      code: "invalid_request",
      fields: { categoryId: "is required" },
    });
  });

  it("leaves other failures to the 500 path", () => {
    expect(refusalFor({ code: "40001", message: "could not serialize access" })).toBeUndefined();
    expect(refusalFor({ message: "PGlite is closed" })).toBeUndefined();
  });
});
