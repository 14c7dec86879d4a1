import { Writable } from "node:stream";
import { publicEndpoints } from "@pharmacompare/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggerOptions } from "../src/logger.ts";
import { createTestApi, type TestApi, urlOf } from "./test-api.ts";

/** The production logger configuration, writing into memory. */
const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
    done();
  },
});

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi({}, { logger: { ...loggerOptions("info", "api"), stream } });
});
afterAll(async () => {
  await api?.close();
});

const submitted = {
  name: "Zebedee Quillfeather",
  email: "zebedee.quillfeather@example.co.uk",
  subject: "general",
  message: "My prescription number is RX-4417-ALPHA, please call me back.",
};

/** The log entry describing the database failure, after checking no submitted value was logged. */
function loggedFailure() {
  const logged = lines.join("\n");
  for (const value of ["Zebedee", "Quillfeather", "zebedee.quillfeather", "RX-4417-ALPHA"]) {
    expect(logged).not.toContain(value);
  }
  expect(logged).not.toMatch(/insert into/i);
  const failure = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((entry) => entry.db);
  expect(failure).not.toHaveProperty("err");
  return failure;
}

describe("a database failure during a request", () => {
  it("refuses a broken rule with 400, logging the code, message and constraint, never the values", async () => {
    // Every new contact row now breaks a constraint, so the insert with those values fails.
    await api.withSql(
      "alter table contacts add constraint contacts_refuse_all check (false) not valid",
      "alter table contacts drop constraint contacts_refuse_all",
      async () => {
        lines.length = 0;
        const res = await api.app.inject({
          method: "POST",
          url: urlOf(publicEndpoints.sendContactMessage),
          payload: submitted,
        });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          error: 'This contact message breaks the rule "refuse all".',
          code: "rule_violated",
        });
      },
    );
    const failure = loggedFailure();
    expect(failure).toMatchObject({
      level: 30,
      db: { code: "23514", table: "contacts", constraint: "contacts_refuse_all" },
    });
    expect(failure?.db).toEqual(
      expect.objectContaining({ message: expect.stringContaining("check constraint") }),
    );
  });

  it("answers any other failure with a bare 500, logging only the code and the driver's message", async () => {
    await api.withSql(
      "alter table contacts rename column message to message_gone",
      "alter table contacts rename column message_gone to message",
      async () => {
        lines.length = 0;
        const res = await api.app.inject({
          method: "POST",
          url: urlOf(publicEndpoints.sendContactMessage),
          payload: submitted,
        });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ error: "Internal server error", code: "internal" });
      },
    );
    expect(loggedFailure()).toMatchObject({ level: 50, db: { code: "42703" } });
  });
});
