import {
  CONTACT_LIMITS,
  ContactResponse,
  contactMessages,
  publicEndpoints,
  writeLimitMessages,
} from "@pharmacompare/contract";
import { asc, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contacts, emailOutbox } from "../src/db/schema.ts";
import { WRITE_LIMIT } from "../src/domain/write-limit.ts";
import { hashEmail } from "../src/email/secrets.ts";
import { HOUR, MINUTE, SECOND, testClock } from "./admin-helpers.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

const contactUrl = urlOf(publicEndpoints.sendContactMessage);
/** The public write limit for this file (WRITE_RATE_LIMIT): small, so the tests stay short. */
const PER_MINUTE = 5;

let api: TestApi;
const clock = testClock({ frozen: true });
beforeAll(async () => {
  api = await createTestApi({ WRITE_RATE_LIMIT: String(PER_MINUTE) }, { now: clock.now });
});
afterAll(async () => {
  await api?.close();
});
// Each test starts with every write window behind it.
beforeEach(() => {
  clock.advance(2 * HOUR);
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

  it("allows WRITE_RATE_LIMIT messages a minute per address, then answers 429 until the minute has passed", async () => {
    const address = "192.0.2.50";
    for (let i = 0; i < PER_MINUTE; i += 1) {
      expect((await send(valid, address)).statusCode, `message ${i + 1}`).toBe(201);
      clock.advance(5 * SECOND);
    }
    const before = await storedRows();
    const refused = await send(valid, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: "Too many messages from your connection. Please try again later.",
      code: "too_many_requests",
    });
    // The window opened with the first message, 25 seconds ago.
    expect(Number(refused.headers["retry-after"])).toBe(35);
    expect(await storedRows()).toEqual(before);

    // Another address is not affected.
    expect((await send(valid, "192.0.2.51")).statusCode).toBe(201);

    // Once the minute is over, the address may write again.
    clock.advance(35 * SECOND);
    expect((await send(valid, address)).statusCode).toBe(201);
  });

  it("keeps the limit when one address sends many messages at once", async () => {
    const address = "192.0.2.60";
    const answers = await Promise.all(
      Array.from({ length: PER_MINUTE + 3 }, (_, i) =>
        send({ ...valid, email: `burst${i}@example.co.uk` }, address),
      ),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([...Array(PER_MINUTE).fill(201), 429, 429, 429]);
    const rows = await api.database.db.select().from(contacts).where(eq(contacts.ipAddress, address));
    expect(rows).toHaveLength(PER_MINUTE);
  });

  it("allows one email address ten writes an hour from anywhere, then 429 naming the address", async () => {
    const email = "one-address@example.co.uk";
    for (let i = 0; i < WRITE_LIMIT.perEmail; i += 1) {
      expect((await send({ ...valid, email }, `198.51.100.${100 + i}`)).statusCode, `message ${i + 1}`).toBe(
        201,
      );
      clock.advance(MINUTE);
    }
    const before = await storedRows();
    const refused = await send({ ...valid, email: " One-Address@Example.co.uk " }, "198.51.100.200");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: writeLimitMessages.email, code: "too_many_requests" });
    // The hour began with the first message, ten minutes ago.
    expect(Number(refused.headers["retry-after"])).toBe(50 * 60);
    expect(await storedRows()).toEqual(before);
    clock.advance(50 * MINUTE);
    expect((await send({ ...valid, email }, "198.51.100.200")).statusCode).toBe(201);
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
    for (let host = 1; host <= PER_MINUTE; host++) {
      expect((await send(valid, `2001:db8:77:1::${host}`)).statusCode).toBe(201);
    }
    const rotated = await send(valid, "2001:db8:77:1:aaaa:bbbb:cccc:dddd");
    expect(rotated.statusCode).toBe(429);
    // A neighbouring /64 is someone else.
    expect((await send(valid, "2001:db8:77:2::1")).statusCode).toBe(201);
  });
});

describe("the acknowledgement email", () => {
  const outboxFor = (email: string) =>
    api.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));

  it("is queued with the stored message, with one-click unsubscribe, and repeats nothing the visitor typed", async () => {
    const email = "ack@example.co.uk";
    const res = await send(
      { ...valid, email, name: "Sam <b>Spam</b>", message: "Visit https://spam.example now!" },
      "192.0.2.80",
    );
    expect(res.statusCode).toBe(201);
    const [queued, ...more] = await outboxFor(email);
    expect(more).toEqual([]);
    expect(queued).toMatchObject({
      template: "contact-acknowledgement",
      status: "pending",
      subject: "We've received your message",
      priceAlertId: null,
      subscriptionId: null,
    });
    expect(queued?.headers["List-Unsubscribe"]).toMatch(
      /^<http:\/\/localhost:4000\/api\/email\/unsubscribe\?token=[\w-]{43}>$/,
    );
    expect(queued?.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(queued?.textBody).toContain('"Pricing Question"');
    for (const body of [queued?.textBody, queued?.htmlBody]) {
      expect(body).not.toContain("Sam");
      expect(body).not.toContain("spam.example");
    }
  });

  it("is not queued for a honeypot submission, nor for an address that unsubscribed", async () => {
    await send({ ...valid, email: "bot@example.co.uk", website: "https://spam.example" }, "192.0.2.81");
    expect(await outboxFor("bot@example.co.uk")).toEqual([]);

    const email = "no-more@example.co.uk";
    expect((await send({ ...valid, email }, "192.0.2.82")).statusCode).toBe(201);
    const [first] = await outboxFor(email);
    const token = /token=([\w-]+)/.exec(first?.headers["List-Unsubscribe"] ?? "")?.[1] ?? "";
    const unsubscribed = await api.app.inject({
      method: "POST",
      url: urlOf(publicEndpoints.unsubscribe, { query: { token } }),
    });
    expect(unsubscribed.statusCode).toBe(200);
    expect(unsubscribed.json().kind).toBe("address");
    // The unsent acknowledgement is cancelled, and the next message is stored but not acknowledged.
    expect((await outboxFor(email)).map((row) => row.status)).toEqual(["cancelled"]);
    expect((await send({ ...valid, email: " No-More@example.co.uk" }, "192.0.2.82")).statusCode).toBe(201);
    expect(await outboxFor(email)).toHaveLength(1);
    expect(await outboxFor("No-More@example.co.uk")).toEqual([]);
    expect(hashEmail(" No-More@example.co.uk")).toBe(hashEmail(email));
  });
});
