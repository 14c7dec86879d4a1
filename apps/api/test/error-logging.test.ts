import { Writable } from "node:stream";
import { contactApiPath } from "@pharmacompare/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggerOptions } from "../src/logger.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

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

describe("a database failure during a request", () => {
  it("logs the code, the driver's message and the constraint, never the submitted values", async () => {
    const submitted = {
      name: "Zebedee Quillfeather",
      email: "zebedee.quillfeather@example.co.uk",
      subject: "general",
      message: "My prescription number is RX-4417-ALPHA, please call me back.",
    };
    // Every new contact row now breaks a constraint, so the insert with those values fails.
    await api.withSql(
      "alter table contacts add constraint contacts_refuse_all check (false) not valid",
      "alter table contacts drop constraint contacts_refuse_all",
      async () => {
        lines.length = 0;
        const res = await api.app.inject({ method: "POST", url: contactApiPath, payload: submitted });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toEqual({ error: "Internal server error" });
      },
    );

    const logged = lines.join("\n");
    const failure = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => entry.db);
    expect(failure).toMatchObject({
      level: 50,
      db: { code: "23514", table: "contacts", constraint: "contacts_refuse_all" },
    });
    expect(failure?.db).toEqual(
      expect.objectContaining({ message: expect.stringContaining("check constraint") }),
    );
    expect(failure).not.toHaveProperty("err");
    for (const value of ["Zebedee", "Quillfeather", "zebedee.quillfeather", "RX-4417-ALPHA"]) {
      expect(logged).not.toContain(value);
    }
    expect(logged).not.toMatch(/insert into/i);
  });
});
