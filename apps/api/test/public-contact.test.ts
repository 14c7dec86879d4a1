import { CONTACT_LIMITS, ContactResponse, contactMessages, publicEndpoints } from "@pharmacompare/contract";
import { asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contacts } from "../src/db/schema.ts";
import { HOUR, MINUTE, SECOND, testClock } from "./admin-helpers.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

const contactUrl = urlOf(publicEndpoints.sendContactMessage);

let api: TestApi;
const clock = testClock({ frozen: true });
beforeAll(async () => {
  api = await createTestApi({}, { now: clock.now });
});
afterAll(async () => {
  await api?.close();
});

const valid = {
  name: "Alex Example",
  email: "alex@example.co.uk",
  subject: "pricing",
  message: "Why does the same dose cost so much more at some pharmacies?",
};

function send(payload: unknown, remoteAddress = "192.0.2.10") {
  return api.app.inject({ method: "POST", url: contactUrl, payload: payload as object, remoteAddress });
}

async function storedRows() {
  return api.database.db.select().from(contacts).orderBy(desc(contacts.createdAt), asc(contacts.id));
}

describe("POST /api/contact", () => {
  it("stores the message as new with the client address and answers 201", async () => {
    const res = await send(
      { ...valid, name: "  Alex Example ", email: " alex@example.co.uk", message: `  ${valid.message}  ` },
      "198.51.100.7",
    );
    expect(res.statusCode).toBe(201);
    expect(ContactResponse.parse(res.json())).toEqual({ ok: true, message: contactMessages.success });
    expect(res.json().message).toBe("Thank you for your message! We'll get back to you soon.");
    expect(String(res.headers["cache-control"] ?? "")).not.toContain("public");

    const rows = await api.database.db.select().from(contacts).where(eq(contacts.ipAddress, "198.51.100.7"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Alex Example",
      email: "alex@example.co.uk",
      subject: "pricing",
      message: valid.message,
      status: "new",
      notes: null,
      ipAddress: "198.51.100.7",
    });
  });

  it("accepts each of the six subjects and the length limits' edges", async () => {
    const subjects = ["general", "technical", "pharmacy", "pricing", "feedback", "other"];
    for (const [i, subject] of subjects.entries()) {
      const edge =
        i === 0
          ? {
              name: "n".repeat(CONTACT_LIMITS.nameMax),
              message: "m".repeat(CONTACT_LIMITS.messageMax),
              email: `${"e".repeat(CONTACT_LIMITS.emailMax - "@example.com".length)}@example.com`,
            }
          : i === 1
            ? { message: "m".repeat(CONTACT_LIMITS.messageMin) }
            : {};
      const res = await send({ ...valid, ...edge, subject }, `203.0.113.${100 + i}`);
      expect(res.statusCode, subject).toBe(201);
    }
  });

  const refusals: [string, Record<string, unknown>, string, string][] = [
    ["name missing", { name: undefined }, "name", "is required"],
    ["name blank", { name: "   " }, "name", "is required"],
    ["name too long", { name: "n".repeat(CONTACT_LIMITS.nameMax + 1) }, "name", "must be at most 100"],
    ["name not text", { name: 42 }, "name", "must be text"],
    ["email missing", { email: undefined }, "email", "is required"],
    ["email malformed", { email: "alex@example" }, "email", "must be a valid email address"],
    ["email with spaces", { email: "alex smith@example.com" }, "email", "must be a valid email address"],
    [
      "email too long",
      { email: `${"e".repeat(CONTACT_LIMITS.emailMax)}@example.com` },
      "email",
      "must be at most 254",
    ],
    ["subject placeholder", { subject: "" }, "subject", "must be one of general, technical"],
    ["subject unknown", { subject: "spam" }, "subject", "must be one of"],
    ["message missing", { message: undefined }, "message", "is required"],
    ["message too short", { message: " short msg " }, "message", "must be at least 10 characters"],
    [
      "message too long",
      { message: "m".repeat(CONTACT_LIMITS.messageMax + 1) },
      "message",
      "must be at most 5000 characters",
    ],
  ];

  it.each(refusals)(
    "refuses %s with 400 naming the field and stores nothing",
    async (_case, change, field, text) => {
      const before = await storedRows();
      const res = await send({ ...valid, ...change }, "192.0.2.200");
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.error).toContain(`"${field}": ${text}`);
      expect(body.code).toBe("invalid_request");
      expect(Object.keys(body.fields)).toEqual([field]);
      expect(body.fields[field]).toContain(text);
      expect(await storedRows()).toEqual(before);
    },
  );

  it("refuses a body that is not a JSON object", async () => {
    const before = await storedRows();
    const res = await api.app.inject({
      method: "POST",
      url: contactUrl,
      headers: { "content-type": "application/json" },
      payload: "not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: expect.any(String), code: "invalid_request" });
    expect(await storedRows()).toEqual(before);
  });

  it("allows five messages per address per hour, then answers 429 until the hour has passed", async () => {
    const address = "192.0.2.50";
    for (let i = 0; i < CONTACT_LIMITS.perAddress; i += 1) {
      expect((await send(valid, address)).statusCode, `message ${i + 1}`).toBe(201);
      clock.advance(MINUTE);
    }
    const before = await storedRows();
    const refused = await send(valid, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: "Too many messages from your connection. Please try again later.",
      code: "too_many_requests",
    });
    // The first message was five minutes ago: it leaves the window in 55 minutes.
    expect(Number(refused.headers["retry-after"])).toBe(55 * 60);
    expect(await storedRows()).toEqual(before);

    // Another address is not affected.
    expect((await send(valid, "192.0.2.51")).statusCode).toBe(201);

    // Once the oldest message is more than an hour old, one more fits.
    clock.advance(55 * MINUTE + SECOND);
    expect((await send(valid, address)).statusCode).toBe(201);
    expect((await send(valid, address)).statusCode).toBe(429);
    clock.advance(HOUR);
  });

  it("keeps the limit when one address sends many messages at once", async () => {
    const address = "192.0.2.60";
    const answers = await Promise.all(Array.from({ length: 8 }, () => send(valid, address)));
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
    const rows = await api.database.db.select().from(contacts).where(eq(contacts.ipAddress, address));
    expect(rows).toHaveLength(CONTACT_LIMITS.perAddress);
  });

  it("answers a filled-in honeypot like a success but stores nothing", async () => {
    const before = await storedRows();
    const res = await send({ ...valid, website: "https://spam.example" }, "192.0.2.70");
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true, message: contactMessages.success });
    expect(await storedRows()).toEqual(before);

    // An empty honeypot is what people send: stored as usual.
    expect((await send({ ...valid, website: "" }, "192.0.2.70")).statusCode).toBe(201);
    expect(await storedRows()).toHaveLength(before.length + 1);
  });
});

describe("the client address behind the web server", () => {
  it("takes the visitor's address from a trusted peer's X-Forwarded-For and ignores forged hops", async () => {
    const viaWeb = await api.app.inject({
      method: "POST",
      url: contactUrl,
      payload: valid,
      remoteAddress: "127.0.0.1",
      // A visitor's forged value first, then the address the web server saw.
      headers: { "x-forwarded-for": "10.9.9.9, 203.0.113.44" },
    });
    expect(viaWeb.statusCode).toBe(201);
    expect(
      await api.database.db.select().from(contacts).where(eq(contacts.ipAddress, "203.0.113.44")),
    ).toHaveLength(1);

    const direct = await api.app.inject({
      method: "POST",
      url: contactUrl,
      payload: valid,
      remoteAddress: "192.0.2.99",
      headers: { "x-forwarded-for": "203.0.113.45" },
    });
    expect(direct.statusCode).toBe(201);
    expect(
      await api.database.db.select().from(contacts).where(eq(contacts.ipAddress, "192.0.2.99")),
    ).toHaveLength(1);
  });
});

describe("the per-address limit for IPv6 clients", () => {
  it("counts a whole /64 together, so rotating addresses inside it does not escape the limit", async () => {
    for (let host = 1; host <= 5; host++) {
      expect((await send(valid, `2001:db8:77:1::${host}`)).statusCode).toBe(201);
    }
    const rotated = await send(valid, "2001:db8:77:1:aaaa:bbbb:cccc:dddd");
    expect(rotated.statusCode).toBe(429);
    // A neighbouring /64 is someone else.
    expect((await send(valid, "2001:db8:77:2::1")).statusCode).toBe(201);
  });
});
