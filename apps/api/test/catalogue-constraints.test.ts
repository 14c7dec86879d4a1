import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseFailure } from "../src/plugins/error-handler.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

/**
 * What the contract refuses, the database refuses too: one bad catalogue row would otherwise fail
 * the response schema of every list it appears in.
 */
let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

/** Runs the statement and answers the name of the constraint that refused it. */
async function refusedBy(statement: string): Promise<string | undefined> {
  try {
    await api.database.db.execute(statement);
  } catch (error) {
    const failure = databaseFailure(error);
    expect(failure?.code).toBe("23514");
    return failure?.constraint;
  }
  throw new Error(`accepted: ${statement}`);
}

const medication = (id: string, name: string, form: string, dosages = "{50mg}") =>
  `insert into medications (id, name, category_id, subcategory_id, form, dosages)
   values ('${id}', '${name}', 'mens-health', 'erectile-dysfunction', '${form}', '${dosages}')`;

const pharmacy = (id: string, name: string, deliveryOptions: string) =>
  `insert into pharmacies (id, name, website, gphc_number, delivery_options)
   values ('${id}', '${name}', 'https://example.com', '1765432', '${deliveryOptions}')`;

describe("catalogue CHECK constraints", () => {
  it("refuses a medication whose form is not one of MEDICATION_FORMS", async () => {
    expect(await refusedBy(medication("new-pill", "New Pill", "Tablet"))).toBe("medications_form_valid");
  });

  it("refuses a medication with a non-slug id, a blank name or an empty dosage", async () => {
    expect(await refusedBy(medication("New_Pill", "New Pill", "Tablets"))).toBe("medications_id_slug");
    expect(await refusedBy(medication("new-pill", "   ", "Tablets"))).toBe("medications_name_not_blank");
    expect(await refusedBy(medication("new-pill", "New Pill", "Tablets", '{50mg,""}'))).toBe(
      "medications_dosages_not_empty",
    );
  });

  it("refuses a pharmacy with an unknown delivery option, a non-slug id or a blank name", async () => {
    expect(await refusedBy(pharmacy("new-pharmacy", "New", "{standard,drone}"))).toBe(
      "pharmacies_delivery_options_valid",
    );
    expect(await refusedBy(pharmacy("new--pharmacy", "New", "{standard}"))).toBe("pharmacies_id_slug");
    expect(await refusedBy(pharmacy("new-pharmacy", "", "{standard}"))).toBe("pharmacies_name_not_blank");
  });

  it("refuses non-slug category and subcategory ids", async () => {
    expect(await refusedBy("insert into categories (id, name) values ('Travel', 'Travel')")).toBe(
      "categories_id_slug",
    );
    expect(
      await refusedBy(
        "insert into subcategories (id, category_id, name) values ('-malaria', 'general-health', 'Malaria')",
      ),
    ).toBe("subcategories_id_slug");
  });

  it("refuses blank admin message titles and texts, and blank blog titles", async () => {
    const message = (title: string, text: string) =>
      `insert into admin_messages (medication_id, title, message) values ('viagra', '${title}', '${text}')`;
    expect(await refusedBy(message(" ", "Text."))).toBe("admin_messages_title_not_blank");
    expect(await refusedBy(message("Title", ""))).toBe("admin_messages_message_not_blank");
    expect(
      await refusedBy(
        `insert into blog_posts (slug, title, excerpt, content, author, meta_description, read_time)
         values ('a-post', '  ', 'Excerpt', 'Body', 'Author', 'Description', 3)`,
      ),
    ).toBe("blog_posts_title_not_blank");
  });

  it("still accepts a row that keeps every rule", async () => {
    await api.database.db.execute(medication("new-pill", "New Pill", "Tablets"));
    await api.database.db.execute(pharmacy("new-pharmacy", "New Pharmacy", "{standard,click-collect}"));
  });
});
