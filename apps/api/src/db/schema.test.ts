import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DELIVERY_OPTIONS, MEDICATION_FORMS } from "@pharmacompare/contract";
import { describe, expect, it } from "vitest";
import { migrationsFolder } from "./client.ts";

/** Every committed migration, oldest first, as one text. */
const migrations = readdirSync(migrationsFolder)
  .filter((name) => name.endsWith(".sql"))
  .sort()
  .map((name) => readFileSync(path.join(migrationsFolder, name), "utf8"))
  .join("\n");

/** The quoted values of the newest definition of a CHECK constraint. */
function listedIn(constraint: string): string[] {
  const definitions = [...migrations.matchAll(new RegExp(`"${constraint}" CHECK \\((.*)\\);`, "g"))];
  const latest = definitions.at(-1)?.[1] ?? "";
  return [...latest.matchAll(/'((?:[^']|'')*)'/g)].map((match) => (match[1] ?? "").replaceAll("''", "'"));
}

// schema.ts takes these lists from the contract; a change there needs a new migration too.
describe("the migrations' lists match the contract", () => {
  it("medications.form: MEDICATION_FORMS", () => {
    expect(listedIn("medications_form_valid")).toEqual([...MEDICATION_FORMS]);
  });

  it("pharmacies.delivery_options: DELIVERY_OPTIONS", () => {
    expect(listedIn("pharmacies_delivery_options_valid")).toEqual([...DELIVERY_OPTIONS]);
  });
});
