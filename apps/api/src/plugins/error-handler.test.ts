import { Writable } from "node:stream";
import { messages as pgliteMessages } from "@electric-sql/pglite";
import { DrizzleQueryError } from "drizzle-orm";
import Fastify from "fastify";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { loggerOptions } from "../logger.ts";
import { databaseFailure, databaseUnavailable, registerErrorHandling } from "./error-handler.ts";

const SECRET = "jane.doe@example.co.uk";

interface DriverFields {
  code: string;
  table?: string;
  constraint?: string;
  detail?: string;
}

/** The error each driver raises for a failed statement, as Drizzle then wraps it. */
const drivers = {
  "node-postgres": (message: string, fields: DriverFields) => {
    const error = new pg.DatabaseError(message, message.length, "error");
    Object.assign(error, { severity: "ERROR", detail: `Failing row contains (${SECRET}).` }, fields);
    return error;
  },
  // PGlite also hangs the statement and its parameters on its own error.
  pglite: (message: string, fields: DriverFields) => {
    const error = new pgliteMessages.DatabaseError(message, message.length, "error");
    Object.assign(error, { severity: "ERROR", query: "insert into contacts", params: [SECRET] }, fields);
    return error;
  },
};

const wrapped = (cause: Error) =>
  new DrizzleQueryError('insert into "contacts" ("email") values ($1)', [SECRET], cause);

async function answer(error: Error) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString("utf8"));
      done();
    },
  });
  const app = Fastify({ logger: { ...loggerOptions("info", "api"), stream } });
  registerErrorHandling(app);
  app.get("/", async () => {
    throw error;
  });
  const res = await app.inject({ url: "/" });
  await app.close();
  return { status: res.statusCode, body: res.json() as unknown, log: lines.join("") };
}

describe.each(Object.entries(drivers))("a database error from %s", (_name, driverError) => {
  it.each([
    ["22021", 'invalid byte sequence for encoding "UTF8": 0x00'],
    [
      "22P05",
      'character with byte sequence 0xe2 0x82 0xac in encoding "UTF8" has no equivalent in encoding "LATIN1"',
    ],
  ])("answers 400 for SQLSTATE %s, wrapped by Drizzle or not", async (code, message) => {
    const expected = {
      status: 400,
      body: { error: "Invalid text: it contains characters that cannot be stored", code: "invalid_request" },
    };
    expect(await answer(wrapped(driverError(message, { code })))).toMatchObject(expected);
    expect(await answer(driverError(message, { code }))).toMatchObject(expected);
  });

  /** The log's entries, parsed, after checking that no bound value or statement reached it. */
  function logEntries(log: string) {
    expect(log).not.toContain(SECRET);
    expect(log).not.toContain("values ($1)");
    return log
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  it("answers 500 and logs code, message, table and constraint, but no parameter or row", async () => {
    const cause = driverError('relation "contacts" is being used by active queries', {
      code: "55006",
      table: "contacts",
      constraint: "c",
    });
    const { status, body, log } = await answer(wrapped(cause));
    expect({ status, body }).toEqual({
      status: 500,
      body: { error: "Internal server error", code: "internal" },
    });
    expect(logEntries(log).find((entry) => entry.db)).toMatchObject({
      level: 50,
      db: {
        code: "55006",
        message: 'relation "contacts" is being used by active queries',
        table: "contacts",
        constraint: "c",
      },
    });
  });

  it("refuses a broken CHECK with 400 naming the rule, logged as a refusal without the row", async () => {
    const cause = driverError(
      'new row for relation "prices" violates check constraint "prices_price_positive"',
      {
        code: "23514",
        table: "prices",
        constraint: "prices_price_positive",
      },
    );
    const { status, body, log } = await answer(wrapped(cause));
    expect({ status, body }).toEqual({
      status: 400,
      body: {
        error: "This price breaks a rule: price must be positive.",
        code: "rule_violated",
        fields: { price: "must be positive" },
      },
    });
    expect(logEntries(log).find((entry) => entry.db)).toMatchObject({
      level: 30,
      db: { code: "23514", table: "prices", constraint: "prices_price_positive" },
    });
  });

  it("refuses a duplicate with 409 naming the columns of the key, never its values", async () => {
    const cause = driverError('duplicate key value violates unique constraint "medications_pkey"', {
      code: "23505",
      table: "medications",
      constraint: "medications_pkey",
      detail: `Key (id)=(${SECRET}) already exists.`,
    });
    const { status, body, log } = await answer(wrapped(cause));
    expect({ status, body }).toEqual({
      status: 409,
      body: {
        error: "A medication with this id already exists.",
        code: "conflict",
        fields: { id: "is already taken" },
      },
    });
    expect(logEntries(log).find((entry) => entry.db)).toMatchObject({ level: 30, db: { code: "23505" } });
  });
});

describe("databaseFailure", () => {
  it("summarises a wrapped failure that is not a server answer by its message alone", () => {
    const failure = databaseFailure(wrapped(new Error("PGlite is closed")));
    expect(failure).toEqual({ message: "PGlite is closed" });
  });

  it("finds a failed query rethrown as the cause of another error", () => {
    const cause = drivers.pglite("boom", { code: "XX000" });
    const failure = databaseFailure(new Error("saving failed", { cause: wrapped(cause) }));
    expect(failure).toEqual({ code: "XX000", message: "boom" });
  });

  it("leaves other errors alone, including system errors with five-letter codes", () => {
    expect(databaseFailure(new Error("boom"))).toBeUndefined();
    expect(databaseFailure(Object.assign(new Error("write EPIPE"), { code: "EPIPE" }))).toBeUndefined();
  });
});

describe("databaseUnavailable (decision 021: an unreachable database is a retryable 503)", () => {
  const wrapped = (cause: Error) => new DrizzleQueryError("select 1", [], cause);

  it("recognises a server going away, refusing, or timing a statement out", () => {
    for (const code of ["57P01", "57P03", "08006", "53300", "57014"]) {
      expect(databaseUnavailable(wrapped(drivers["node-postgres"]("terminating connection", { code })))).toBe(
        true,
      );
    }
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    expect(databaseUnavailable(refused)).toBe(true);
    expect(databaseUnavailable(wrapped(new Error("Connection terminated unexpectedly")))).toBe(true);
    expect(databaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
  });

  it("leaves real query failures alone, and never judges by the bound values Drizzle lists", () => {
    expect(
      databaseUnavailable(wrapped(drivers["node-postgres"]("column does not exist", { code: "42703" }))),
    ).toBe(false);
    const visitorText = new DrizzleQueryError(
      "insert into contacts",
      ["ECONNREFUSED Connection terminated"],
      new Error("x"),
    );
    expect(databaseUnavailable(visitorText)).toBe(false);
  });
});
