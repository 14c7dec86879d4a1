import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { adminEndpoints, type FeedRun } from "@pharmacompare/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobRuns } from "../src/db/schema.ts";
import { loggerOptions } from "../src/logger.ts";
import { MINUTE, testClock } from "./admin-helpers.ts";
import { catalogueCaller } from "./catalogue-helpers.ts";
import { capturedLog } from "./over-a-socket.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

/**
 * A feed whose server cannot be reached (issue 42): staff see one sentence on the run, the feed
 * list and the runs list, never the network's error code; the code is in the server log, for
 * operators. Real sockets: a closed port, and a server that drops the connection.
 */
const clock = testClock({ frozen: true });
const { stream, lines } = capturedLog();
let api: TestApi;
let call: Awaited<ReturnType<typeof catalogueCaller>>;
let dropping: Server;
let closedPort: number;

const PHARMACY = "kestrel-lane-pharmacy";
/** What the network says, which staff are not shown (the feed's own address is theirs to see). */
const CODES = /\bE[A-Z_]{4,}\b|socket hang up|connect /;

beforeAll(async () => {
  api = await createTestApi(
    { FEEDS_ALLOW_INSECURE: "true", FEED_TIMEOUT_SECONDS: "2" },
    { now: clock.now, logger: { ...loggerOptions("info", "api"), stream } },
  );
  call = await catalogueCaller(api);
  // A port that was just free and is closed again: the connection is refused.
  const probe = createServer().listen(0, "127.0.0.1");
  await once(probe, "listening");
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  // A server that takes the connection and drops it without a word.
  dropping = createServer((req) => req.socket.destroy()).listen(0, "127.0.0.1");
  await once(dropping, "listening");
});
afterAll(async () => {
  dropping?.close();
  await api?.close();
});

describe("a feed run that cannot reach the feed", () => {
  it.each([
    ["a closed port", () => `http://127.0.0.1:${closedPort}/feed.csv`, "ECONNREFUSED"],
    [
      "a server that drops the connection",
      () => `http://127.0.0.1:${(dropping.address() as AddressInfo).port}/feed.csv`,
      "ECONNRESET",
    ],
  ])("%s: staff see one sentence without the network's code; the log keeps it", async (_name, url, code) => {
    const set = await call(adminEndpoints.setPharmacyFeed, {
      params: { id: PHARMACY },
      body: { url: url(), format: "flat-csv" },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    clock.advance(MINUTE);
    lines.length = 0;
    const ran = await call(adminEndpoints.runPharmacyFeed, { params: { id: PHARMACY } });
    expect(ran.status).toBe(200);
    const run = ran.body as FeedRun;
    expect(run.outcome).toBe("failed");
    expect(run.error).toBe("The feed could not be reached");

    // Every place the feed screens read a run from: the feed, the runs list, the Feeds list.
    const feed = await call(adminEndpoints.getPharmacyFeed, { params: { id: PHARMACY } });
    const runs = await call(adminEndpoints.listPharmacyFeedRuns, { params: { id: PHARMACY } });
    const list = await call(adminEndpoints.listFeeds, { query: { search: "Kestrel" } });
    for (const answer of [feed.body, runs.body, list.body]) {
      expect(JSON.stringify(answer)).toContain("The feed could not be reached");
      expect(JSON.stringify(answer)).not.toMatch(CODES);
    }
    // The run record itself keeps no code either.
    const [record] = await api.database.db.select().from(jobRuns).where(eq(jobRuns.id, run.id));
    expect(JSON.stringify(record?.summary)).not.toMatch(CODES);

    // Operators find the code in the log line of the failed run.
    const failed = lines.find((line) => line.msg === "scheduled job failed");
    expect(failed).toMatchObject({
      job: `feed:${PHARMACY}`,
      error: "FeedFetchError: The feed could not be reached",
      cause: { code, host: new URL(url()).host },
    });
  });
});
