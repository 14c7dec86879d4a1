import {
  adminEndpoints,
  ErrorBody,
  endpointUrl,
  FEED_MAX_ROWS,
  PRICE_SHEET_LIMITS,
} from "@pharmacompare/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, prices } from "../src/db/schema.ts";
import {
  MAX_READING_AT_ONCE,
  PRICE_SHEET_READING,
  readPriceSheetFile,
} from "../src/modules/price-sheets/price-sheet-files.ts";
import { bearer, signIn } from "./admin-helpers.ts";
import { hostileCorpus, smallSheet, workbookParts, zip } from "./hostile-price-files.ts";
import { sendOverSocket } from "./over-a-socket.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

/**
 * Issue 25 / ASVS 12.1 (decision 029): every file of the hostile corpus, generated here, is
 * refused with a 4xx naming the problem in bounded time through the real upload route, changes
 * nothing, and leaves the API serving /health and a public read over its socket.
 */

let api: TestApi;
let token: string;
let origin: string;
beforeAll(async () => {
  api = await createTestApi();
  token = await signIn(api.app);
  origin = await api.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await api?.close();
});

const upload = async (fileName: string, bytes: Buffer) => {
  const res = await api.app.inject({
    method: "POST",
    url: endpointUrl(adminEndpoints.previewPriceSheet, {}),
    headers: bearer(token),
    payload: { fileName, content: bytes.toString("base64") },
  });
  return { status: res.statusCode, body: res.json() as unknown };
};

async function counts() {
  const [row] = await api.database.db
    .select({
      prices: sql<number>`(select count(*)::int from ${prices})`,
      audits: sql<number>`(select count(*)::int from ${auditLog})`,
    })
    .from(sql`(select 1) as one`);
  return row;
}

/** How long one refusal may take on a busy two-core machine; a reader without bounds takes minutes or dies. */
const BOUNDED_MS = 15_000;

describe("hostile price files are refused in bounded time and the API keeps serving", () => {
  it.each(hostileCorpus())(
    "refuses %s",
    async (_label, make, status, message) => {
      const [fileName, bytes] = make();
      const before = await counts();
      const started = performance.now();
      const res = await upload(fileName, bytes);
      const took = performance.now() - started;
      expect(res.status).toBe(status);
      expect(ErrorBody.parse(res.body).error).toMatch(message);
      expect(took).toBeLessThan(BOUNDED_MS);
      expect(await counts()).toEqual(before);
      expect(api.app.services.priceSheets.heldCount()).toBe(0);

      const health = await sendOverSocket(origin, "/health");
      expect(health.status).toBe(200);
      const medications = await sendOverSocket(origin, "/api/medications");
      expect(medications.status).toBe(200);
      expect(JSON.parse(medications.body.toString("utf8"))).toBeTruthy();
    },
    60_000,
  );

  it("reads a small hand-made workbook through the same reader (the corpus's lies are what it refuses)", async () => {
    const res = await upload("prices.xlsx", zip(workbookParts([["Viagra", smallSheet]])));
    expect(res.status).toBe(200);
    await api.app.inject({
      method: "DELETE",
      url: endpointUrl(adminEndpoints.discardPriceSheet, {}),
      headers: bearer(token),
    });
  });
});

describe("the reading worker's own bounds", () => {
  it("ends a read that passes the deadline and answers 413 'took too long to read'", async () => {
    const bytes = Buffer.from("Pharmacy,Rating\nA,4\n".repeat(5_000));
    await expect(
      readPriceSheetFile("Viagra.csv", bytes, { ...PRICE_SHEET_READING, timeMs: 1 }),
    ).rejects.toMatchObject({
      statusCode: 413,
      message: expect.stringMatching(/took too long to read/),
    });
  });

  it("reads a feed's whole catalogue past an upload's row limit, and still stops at the feed's own", async () => {
    const csv = (rows: number) =>
      Buffer.from(
        `Medication,Dosage,Price,Link,Stock\n${"Viagra,50mg x 4 tablets,9.99,,yes\n".repeat(rows)}`,
      );
    const upload = readPriceSheetFile("feed.csv", csv(PRICE_SHEET_LIMITS.maxRows + 10));
    await expect(upload).rejects.toMatchObject({
      statusCode: 413,
      message: expect.stringMatching(/20,000 rows/),
    });
    const feed = await readPriceSheetFile("feed.csv", csv(30_000), PRICE_SHEET_READING, FEED_MAX_ROWS);
    expect((Object.values(feed)[0] as unknown[]).length).toBeGreaterThan(30_000);
    const tooMany = readPriceSheetFile(
      "feed.csv",
      csv(FEED_MAX_ROWS + 10),
      PRICE_SHEET_READING,
      FEED_MAX_ROWS,
    );
    await expect(tooMany).rejects.toMatchObject({ message: expect.stringMatching(/100,000 rows/) });
  }, 60_000);

  it("ends a read that passes the heap limit and answers 413 'too large once unpacked'", async () => {
    // Within every bound of the reader (10,000 rows of 150 numbers), but more than a 16 MB heap holds.
    let rows = "";
    for (let row = 1; row <= 10_000; row++) rows += `<row>${"<c><v>1</v></c>".repeat(150)}</row>`;
    const bytes = zip(workbookParts([["Viagra", rows]]));
    await expect(readPriceSheetFile("big.xlsx", bytes, { heapMb: 16, timeMs: 60_000 })).rejects.toMatchObject(
      {
        statusCode: 413,
        message: expect.stringMatching(/too large once unpacked/),
      },
    );
    // The API's own thread is untouched: the same file reads with the usual bounds.
    await expect(readPriceSheetFile("big.xlsx", bytes)).resolves.toHaveProperty("Viagra");
  }, 120_000);

  it(`reads at most ${MAX_READING_AT_ONCE} files at once across administrators and answers 429 beyond`, async () => {
    const bytes = Buffer.from("Pharmacy,Rating\nA,4\n");
    const reads = Array.from({ length: MAX_READING_AT_ONCE + 1 }, () =>
      readPriceSheetFile("Viagra.csv", bytes),
    );
    const outcomes = await Promise.allSettled(reads);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(MAX_READING_AT_ONCE);
    expect(outcomes.at(-1)).toMatchObject({
      status: "rejected",
      reason: { statusCode: 429, message: expect.stringMatching(/being read/) },
    });
    // Each finished read frees its place.
    await expect(readPriceSheetFile("Viagra.csv", bytes)).resolves.toHaveProperty("Viagra");
  });
});
