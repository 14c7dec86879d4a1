import { PublicAdminMessage, publicEndpoints } from "@pharmacompare/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { adminMessages } from "../src/db/schema.ts";
import { demoAdminMessages } from "../src/demo-data/index.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi();
});
afterAll(async () => {
  await api?.close();
});

// Strict: a field the public shape leaves out (createdBy, active, createdAt) must not be sent.
const MessageList = z.array(PublicAdminMessage.strict());
const DAY_MS = 86_400_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS);

async function messagesFor(medicationId: string) {
  const res = await api.app.inject({
    url: urlOf(publicEndpoints.adminMessagesForMedication, { params: { medicationId } }),
  });
  return { status: res.statusCode, body: res.json() as unknown };
}

describe("GET /admin-messages/medication/{medicationId}", () => {
  it("answers the seeded message with medication and pharmacy names, without back-office fields", async () => {
    const { status, body } = await messagesFor("sildenafil");
    expect(status).toBe(200);
    // A staff member's name and the back-office state stay in the back-office.
    const [sent] = body as Record<string, unknown>[];
    for (const internal of ["createdBy", "active", "createdAt"]) expect(sent).not.toHaveProperty(internal);
    const [message, ...rest] = MessageList.parse(body);
    const demo = demoAdminMessages.find((m) => m.medicationId === "sildenafil");
    expect(rest).toEqual([]);
    expect(message).toMatchObject({
      medicationId: "sildenafil",
      medicationName: "Sildenafil",
      pharmacyId: "kestrel-lane-pharmacy",
      pharmacyName: "Kestrel Lane Pharmacy",
      category: demo?.category,
      title: demo?.title,
      message: demo?.message,
      priority: demo?.priority,
    });
  });

  it("answers [] when the medication's only message is inactive", async () => {
    const seeded = demoAdminMessages.filter((m) => m.medicationId === "finasteride");
    expect(seeded.length > 0 && seeded.every((m) => !m.active)).toBe(true);
    expect(await messagesFor("finasteride")).toEqual({ status: 200, body: [] });
  });

  it("never shows a promotion on a prescription-only medicine's page, posted before it became one (decision 067)", async () => {
    const base = { medicationId: "sildenafil", message: "Text.", startDate: daysFromNow(-1) } as const;
    await api.database.db.insert(adminMessages).values([
      { ...base, title: "Posted as a promotion", category: "promo" },
      { ...base, title: "Posted as information", category: "information" },
    ]);
    const titles = MessageList.parse((await messagesFor("sildenafil")).body).map((m) => m.title);
    expect(titles).toContain("Posted as information");
    expect(titles).not.toContain("Posted as a promotion");
  });

  it("shows only messages inside their date window, highest priority first, then newest", async () => {
    const base = { medicationId: "wegovy", category: "information", message: "Text." } as const;
    await api.database.db.insert(adminMessages).values([
      { ...base, title: "Urgent", priority: 9, startDate: daysFromNow(-1), createdAt: daysFromNow(-2) },
      {
        ...base,
        title: "Pharmacy note",
        pharmacyId: "fernquill-pharmacy",
        category: "warning",
        priority: 7,
        startDate: daysFromNow(-1),
        endDate: daysFromNow(1),
      },
      { ...base, title: "Newer, same priority", priority: 6, createdAt: daysFromNow(1 / 24) },
      { ...base, title: "Not started", priority: 10, startDate: daysFromNow(1) },
      { ...base, title: "Ended", priority: 10, startDate: daysFromNow(-3), endDate: daysFromNow(-1) },
      { ...base, title: "Switched off", priority: 10, active: false },
    ]);
    const seeded = demoAdminMessages.find((m) => m.medicationId === "wegovy");

    const list = MessageList.parse((await messagesFor("wegovy")).body);
    expect(list.map((m) => m.title)).toEqual([
      "Urgent",
      "Pharmacy note",
      "Newer, same priority",
      seeded?.title,
    ]);
    expect(list[0]).toMatchObject({ pharmacyId: null, pharmacyName: null, endDate: null });
    expect(list[1]).toMatchObject({ pharmacyId: "fernquill-pharmacy", pharmacyName: "Fernquill Pharmacy" });
    expect(list.every((m) => m.medicationName === "Wegovy")).toBe(true);

    // A message tied to a pharmacy that is no longer listed goes with it.
    await api.database.db.execute("update pharmacies set active = false where id = 'fernquill-pharmacy'");
    try {
      const without = MessageList.parse((await messagesFor("wegovy")).body);
      expect(without.map((m) => m.title)).not.toContain("Pharmacy note");
    } finally {
      await api.database.db.execute("update pharmacies set active = true where id = 'fernquill-pharmacy'");
    }
  });

  it("answers 404 for an unknown or inactive medication", async () => {
    expect(await messagesFor("nothing")).toEqual({
      status: 404,
      body: { error: 'Medication "nothing" not found', code: "not_found" },
    });
    await api.database.db.execute("update medications set active = false where id = 'mounjaro'");
    try {
      expect((await messagesFor("mounjaro")).status).toBe(404);
    } finally {
      await api.database.db.execute("update medications set active = true where id = 'mounjaro'");
    }
  });
});
