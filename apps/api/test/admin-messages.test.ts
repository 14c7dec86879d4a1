import {
  AdminMessage,
  AdminMessageList,
  AuditPage,
  adminEndpoints,
  type EndpointDefinition,
  ErrorBody,
  endpointUrl,
  MeResponse,
  PublicAdminMessage,
  publicEndpoints,
} from "@pharmacompare/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { adminMessages } from "../src/db/schema.ts";
import { bearer, signIn } from "./admin-helpers.ts";
import { TEST_ADMIN } from "./fixtures.ts";
import { expectListConvention } from "./list-convention.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

let api: TestApi;
let token: string;
beforeAll(async () => {
  api = await createTestApi();
  token = await signIn(api.app);
});
afterAll(async () => {
  await api?.close();
});

/** A call to an endpoint as the signed-in admin: status and parsed body. */
async function call(
  endpoint: EndpointDefinition,
  input: { params?: Record<string, string>; body?: unknown; query?: Record<string, unknown> } = {},
) {
  const res = await api.app.inject({
    method: endpoint.method,
    url: endpointUrl(endpoint, input),
    headers: bearer(token),
    ...(input.body === undefined ? {} : { payload: input.body as object }),
  });
  return { status: res.statusCode, body: res.json() as unknown };
}

const messageCount = async () => (await api.database.db.select().from(adminMessages)).length;
const showing = async (medicationId: string) =>
  z
    .array(PublicAdminMessage)
    .parse(
      (await api.get(urlOf(publicEndpoints.adminMessagesForMedication, { params: { medicationId } }))).body,
    );

const valid = {
  medicationId: "wegovy",
  pharmacyId: "",
  category: "warning",
  title: "Supply update",
  message: "Some pens are short this week.",
  startDate: new Date(Date.now() - 60_000).toISOString(),
  endDate: "",
  priority: 4,
};

describe("admin messages: create, list, edit, switch and delete", () => {
  it("creates with the session's name as author, empty pharmacy and end date as null, and shows it publicly", async () => {
    const created = await call(adminEndpoints.createAdminMessage, { body: valid });
    expect(created.status).toBe(201);
    const message = AdminMessage.parse(created.body);
    expect(message).toMatchObject({
      medicationId: "wegovy",
      medicationName: "Wegovy",
      pharmacyId: null,
      pharmacyName: null,
      endDate: null,
      priority: 4,
      active: true,
    });
    const me = MeResponse.parse((await call(adminEndpoints.currentAdmin)).body);
    expect(message.createdBy).toBe(me.user.name);
    expect((await showing("wegovy")).map((entry) => entry._id)).toContain(message._id);

    const list = AdminMessageList.parse((await call(adminEndpoints.listAdminMessages)).body).messages;
    expect(list[0]?._id).toBe(message._id);
    const warnings = AdminMessageList.parse(
      (await call(adminEndpoints.listAdminMessages, { query: { category: "warning" } })).body,
    ).messages;
    expect(warnings.every((entry) => entry.category === "warning")).toBe(true);
    const audit = AuditPage.parse(
      (
        await call(adminEndpoints.listAuditEntries, {
          query: { entityType: "admin_message", action: "create" },
        })
      ).body,
    );
    expect(audit.entries[0]).toMatchObject({ entityId: message._id, actorEmail: TEST_ADMIN.email });
  });

  it("pages with the list convention and searches medication name, title and message", async () => {
    for (const title of ["Paging one", "Paging two", "Paging three"]) {
      expect((await call(adminEndpoints.createAdminMessage, { body: { ...valid, title } })).status).toBe(201);
    }
    await expectListConvention((query) => call(adminEndpoints.listAdminMessages, { query }), "messages");
    const paging = AdminMessageList.parse(
      (await call(adminEndpoints.listAdminMessages, { query: { search: "PAGING", limit: 2 } })).body,
    );
    expect(paging).toMatchObject({ total: 3, totalPages: 2 });
    expect(paging.messages).toHaveLength(2);
    const byMedication = AdminMessageList.parse(
      (await call(adminEndpoints.listAdminMessages, { query: { search: "wegov", limit: 100 } })).body,
    );
    expect(byMedication.total).toBeGreaterThanOrEqual(3);
    expect(byMedication.messages.every((entry) => entry.medicationName === "Wegovy")).toBe(true);
    const byText = AdminMessageList.parse(
      (await call(adminEndpoints.listAdminMessages, { query: { search: "pens are SHORT", limit: 100 } }))
        .body,
    );
    expect(byText.messages.every((entry) => entry.message.includes("pens are short"))).toBe(true);
  });

  it("applies the defaults: information, priority 0, starting now", async () => {
    const created = await call(adminEndpoints.createAdminMessage, {
      body: { medicationId: "wegovy", title: "Defaults", message: "Body" },
    });
    expect(created.status).toBe(201);
    const message = AdminMessage.parse(created.body);
    expect(message).toMatchObject({ category: "information", priority: 0, active: true });
    expect(Math.abs(Date.parse(message.startDate) - Date.now())).toBeLessThan(60_000);
  });

  it("edits, switches off (gone from the public page) and on, and deletes", async () => {
    const message = AdminMessage.parse(
      (await call(adminEndpoints.createAdminMessage, { body: { ...valid, title: "To edit" } })).body,
    );
    const params = { id: message._id };
    const edited = await call(adminEndpoints.updateAdminMessage, {
      params,
      body: { ...valid, title: "Edited", pharmacyId: "kestrel-lane-pharmacy" },
    });
    expect(edited.status).toBe(200);
    expect(AdminMessage.parse(edited.body)).toMatchObject({
      title: "Edited",
      pharmacyId: "kestrel-lane-pharmacy",
    });

    const off = AdminMessage.parse((await call(adminEndpoints.toggleAdminMessage, { params })).body);
    expect(off.active).toBe(false);
    expect((await showing("wegovy")).map((entry) => entry._id)).not.toContain(message._id);
    const on = AdminMessage.parse((await call(adminEndpoints.toggleAdminMessage, { params })).body);
    expect(on.active).toBe(true);

    expect((await call(adminEndpoints.deleteAdminMessage, { params })).status).toBe(200);
    expect((await call(adminEndpoints.deleteAdminMessage, { params })).status).toBe(404);
    expect((await call(adminEndpoints.toggleAdminMessage, { params })).status).toBe(404);
  });
});

describe("admin messages: refusals change nothing", () => {
  it.each([
    ["no title", { ...valid, title: "  " }, "title"],
    ["no message", { ...valid, message: undefined }, "message"],
    ["no medication", { ...valid, medicationId: "" }, "medicationId"],
    ["an unknown medication", { ...valid, medicationId: "no-such-pill" }, "medicationId"],
    ["an unknown pharmacy", { ...valid, pharmacyId: "no-such-pharmacy" }, "pharmacyId"],
    ["a priority of 11", { ...valid, priority: 11 }, "priority"],
    ["an unknown category", { ...valid, category: "gossip" }, "category"],
    ["an end before the start", { ...valid, endDate: "2020-01-01T00:00:00.000Z" }, "endDate"],
    ["a promotion on a prescription-only medicine", { ...valid, category: "promo" }, "category"],
  ])("%s answers 400 naming the field", async (_label, body, field) => {
    const before = await messageCount();
    const res = await call(adminEndpoints.createAdminMessage, { body });
    expect(res.status).toBe(400);
    expect(ErrorBody.parse(res.body).fields).toHaveProperty(field);
    expect(await messageCount()).toBe(before);
  });

  it("refuses a promotion on a prescription-only medicine, new or edited, saying why; a pharmacy medicine may carry one (decision 067)", async () => {
    const refusal =
      "A promotion cannot be posted for a prescription-only medicine: choose Information or Warning";
    const created = await call(adminEndpoints.createAdminMessage, { body: { ...valid, category: "promo" } });
    expect(ErrorBody.parse(created.body)).toMatchObject({ error: refusal, fields: { category: refusal } });

    const information = AdminMessage.parse(
      (await call(adminEndpoints.createAdminMessage, { body: { ...valid, category: "information" } })).body,
    );
    const edited = await call(adminEndpoints.updateAdminMessage, {
      params: { id: information._id },
      body: { ...valid, category: "promo" },
    });
    expect(edited.status).toBe(400);
    const [stored] = await api.database.db
      .select({ category: adminMessages.category })
      .from(adminMessages)
      .where(eq(adminMessages.id, information._id));
    expect(stored?.category).toBe("information");

    const onPharmacyMedicine = await call(adminEndpoints.createAdminMessage, {
      body: { ...valid, medicationId: "viagra-connect", category: "promo", title: "10% off this week" },
    });
    expect(onPharmacyMedicine.status).toBe(201);
    expect((await showing("viagra-connect")).map((m) => m.title)).toContain("10% off this week");
  });

  it("answers 404 for an unknown id and 400 for one that is not an id", async () => {
    const unknown = { id: "00000000-0000-4000-8000-000000000000" };
    expect((await call(adminEndpoints.updateAdminMessage, { params: unknown, body: valid })).status).toBe(
      404,
    );
    expect((await call(adminEndpoints.toggleAdminMessage, { params: { id: "nope" } })).status).toBe(400);
  });
});
