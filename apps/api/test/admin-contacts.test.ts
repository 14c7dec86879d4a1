import {
  AdminContactResponse,
  AuditPage,
  adminEndpoints,
  ContactPage,
  type EndpointDefinition,
  ErrorBody,
  endpointUrl,
  publicEndpoints,
} from "@pharmacompare/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts } from "../src/db/schema.ts";
import { bearer, MINUTE, signIn } from "./admin-helpers.ts";
import { expectListConvention } from "./list-convention.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

let api: TestApi;
let token: string;

/** 25 messages, one a minute; the newest is "Visitor 25". Every fifth is resolved. */
const START = Date.parse("2026-06-01T09:00:00Z");
const seeded = Array.from({ length: 25 }, (_, index) => {
  const n = index + 1;
  const label = String(n).padStart(2, "0");
  return {
    name: `Visitor ${label}`,
    email: n === 7 ? "Needle.Person@Example.org" : `visitor${label}@example.co.uk`,
    subject: n % 2 === 0 ? "pricing" : "general",
    message:
      n === 12
        ? "Is there a NEEDLE-free option? 100% of my friends ask."
        : `Message number ${label}: where can I find cheaper inhalers?`,
    status: n % 5 === 0 ? "resolved" : "new",
    notes: n === 3 ? "Called back on Monday" : null,
    createdAt: new Date(START + n * MINUTE),
    updatedAt: new Date(START + n * MINUTE),
  };
});

beforeAll(async () => {
  api = await createTestApi();
  token = await signIn(api.app);
  await api.database.db.delete(contacts);
  await api.database.db.insert(contacts).values(seeded);
});
afterAll(async () => {
  await api?.close();
});

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

async function list(query: Record<string, unknown> = {}) {
  const res = await call(adminEndpoints.listContacts, { query });
  expect(res.status).toBe(200);
  return ContactPage.parse(res.body);
}

const rows = () => api.database.db.select().from(contacts).orderBy(contacts.id);
const idOf = async (name: string) =>
  (await api.database.db.select().from(contacts).where(eq(contacts.name, name)))[0]?.id as string;

describe("GET /api/admin/contacts", () => {
  it("pages 10 at a time, newest first", async () => {
    const first = await list();
    expect(first).toMatchObject({ page: 1, limit: 10, total: 25, totalPages: 3 });
    expect(first.contacts.map((c) => c.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Visitor ${String(25 - i).padStart(2, "0")}`),
    );
    const second = await list({ page: 2 });
    expect(second).toMatchObject({ page: 2, total: 25, totalPages: 3 });
    expect(second.contacts.map((c) => c.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Visitor ${String(15 - i).padStart(2, "0")}`),
    );
    expect((await list({ page: 3 })).contacts).toHaveLength(5);
    // Past the end: an empty page with the real count.
    expect(await list({ page: 4 })).toMatchObject({ contacts: [], total: 25, totalPages: 3 });
  });

  it("pages with the list convention: page, limit, total, totalPages and contacts", async () => {
    await expectListConvention((query) => call(adminEndpoints.listContacts, { query }), "contacts");
  });

  it("answers every field the dialog shows", async () => {
    const page = await list({ search: "Visitor 03" });
    expect(page.contacts).toEqual([
      {
        _id: await idOf("Visitor 03"),
        name: "Visitor 03",
        email: "visitor03@example.co.uk",
        subject: "general",
        message: "Message number 03: where can I find cheaper inhalers?",
        status: "new",
        notes: "Called back on Monday",
        createdAt: new Date(START + 3 * MINUTE).toISOString(),
      },
    ]);
  });

  it("searches name, email and message, ignoring case; % and _ match only themselves", async () => {
    expect((await list({ search: "visitor 2" })).contacts.map((c) => c.name)).toEqual([
      "Visitor 25",
      "Visitor 24",
      "Visitor 23",
      "Visitor 22",
      "Visitor 21",
      "Visitor 20",
    ]);
    const needle = await list({ search: "needle" });
    expect(needle.contacts.map((c) => c.name)).toEqual(["Visitor 12", "Visitor 07"]);
    expect(needle).toMatchObject({ total: 2, totalPages: 1 });
    expect((await list({ search: "100%" })).contacts.map((c) => c.name)).toEqual(["Visitor 12"]);
    expect((await list({ search: "%" })).total).toBe(1);
    expect((await list({ search: "_" })).total).toBe(0);
    // A blank search is no search.
    expect((await list({ search: "   " })).total).toBe(25);
  });

  it("filters by status, with search and paging", async () => {
    const resolved = await list({ status: "resolved" });
    expect(resolved.contacts.map((c) => c.name)).toEqual([
      "Visitor 25",
      "Visitor 20",
      "Visitor 15",
      "Visitor 10",
      "Visitor 05",
    ]);
    expect(resolved.contacts.every((c) => c.status === "resolved")).toBe(true);
    expect((await list({ status: "resolved", search: "visitor 1" })).contacts.map((c) => c.name)).toEqual([
      "Visitor 15",
      "Visitor 10",
    ]);
    expect(await list({ status: "replied" })).toMatchObject({ contacts: [], total: 0, totalPages: 1 });
    expect(await list({ limit: 4, page: 2 })).toMatchObject({ limit: 4, totalPages: 7 });
  });

  it("refuses an unknown status, a page of 0 and a limit over 100, naming the parameter", async () => {
    for (const [query, field] of [
      [{ status: "archived" }, "status"],
      [{ page: 0 }, "page"],
      [{ limit: 101 }, "limit"],
    ] as const) {
      const res = await call(adminEndpoints.listContacts, { query });
      expect(res.status).toBe(400);
      expect(ErrorBody.parse(res.body).fields).toHaveProperty(field);
    }
  });
});

describe("PUT /api/admin/contacts/{id}/status", () => {
  it("sets any status directly, keeps it, and audits the change without the visitor's words", async () => {
    const id = await idOf("Visitor 01");
    for (const status of ["read", "replied", "resolved", "new"] as const) {
      const res = await call(adminEndpoints.updateContactStatus, { params: { id }, body: { status } });
      expect(res.status).toBe(200);
      expect(AdminContactResponse.parse(res.body).contact).toMatchObject({ _id: id, status });
      expect((await api.database.db.select().from(contacts).where(eq(contacts.id, id)))[0]?.status).toBe(
        status,
      );
    }
    const read = await call(adminEndpoints.updateContactStatus, { params: { id }, body: { status: "read" } });
    expect(read.status).toBe(200);
    expect((await list({ status: "read" })).contacts.map((c) => c._id)).toEqual([id]);

    const audit = AuditPage.parse(
      (
        await api.app.inject({
          url: urlOf(adminEndpoints.listAuditEntries, { query: { entityType: "contact" } }),
          headers: bearer(token),
        })
      ).json(),
    );
    expect(audit.entries[0]).toMatchObject({
      action: "status_change",
      entityId: id,
      changes: { status: { from: "new", to: "read" } },
    });
    expect(JSON.stringify(audit.entries)).not.toContain("visitor01@example.co.uk");
  });

  it("refuses an unknown status or none with 400 naming it, changing nothing", async () => {
    const id = await idOf("Visitor 02");
    const before = await rows();
    for (const body of [{ status: "archived" }, {}]) {
      const res = await call(adminEndpoints.updateContactStatus, { params: { id }, body });
      expect(res.status).toBe(400);
      expect(ErrorBody.parse(res.body).fields).toHaveProperty("status");
    }
    expect(await rows()).toEqual(before);
  });

  it("answers 404 for an unknown id and 400 for one that is not an id", async () => {
    const unknown = await call(adminEndpoints.updateContactStatus, {
      params: { id: "00000000-0000-4000-8000-000000000000" },
      body: { status: "read" },
    });
    expect(unknown.status).toBe(404);
    expect(ErrorBody.parse(unknown.body).error).toBe(
      'Contact "00000000-0000-4000-8000-000000000000" not found',
    );
    const bad = await call(adminEndpoints.updateContactStatus, {
      params: { id: "nope" },
      body: { status: "read" },
    });
    expect(bad.status).toBe(400);
  });
});

describe("DELETE /api/admin/contacts/{id}", () => {
  it("deletes one message; deleting it again answers 404", async () => {
    const id = await idOf("Visitor 04");
    const res = await call(adminEndpoints.deleteContact, { params: { id } });
    expect(res).toEqual({ status: 200, body: { message: "Contact deleted" } });
    expect((await rows()).map((row) => row.id)).not.toContain(id);
    expect((await list()).total).toBe(24);
    expect((await call(adminEndpoints.deleteContact, { params: { id } })).status).toBe(404);
    expect(
      (await call(adminEndpoints.updateContactStatus, { params: { id }, body: { status: "read" } })).status,
    ).toBe(404);
  });
});

describe("a message from the public form", () => {
  it("is listed as new, with what the visitor typed kept as text", async () => {
    const markup = '<img src=x onerror="alert(1)">';
    const sent = await api.app.inject({
      method: "POST",
      url: urlOf(publicEndpoints.sendContactMessage),
      payload: { name: markup, email: "form@example.co.uk", subject: "feedback", message: `Hello ${markup}` },
      remoteAddress: "203.0.113.9",
    });
    expect(sent.statusCode).toBe(201);
    const [newest] = (await list()).contacts;
    expect(newest).toMatchObject({
      name: markup,
      email: "form@example.co.uk",
      subject: "feedback",
      message: `Hello ${markup}`,
      status: "new",
      notes: null,
    });
  });
});
