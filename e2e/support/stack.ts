/**
 * The app stacks the journeys run against (issue 26). Each Playwright worker has a stack of its
 * own: an API on its own database and a web server in front of it, as `npm start` runs them, so two
 * workers never see each other's writes and a spec's outcome does not depend on which specs ran
 * before it on the other worker. The web server with no API behind it (the fallback journeys) holds
 * no state and is shared.
 *
 * Stack 0 listens on E2E_PORT/E2E_API_PORT (3310/3410) with its data in E2E_DATA_DIR (.data/e2e);
 * stack n on the web port + 2n and the API port + n, in E2E_DATA_DIR-n, and on PostgreSQL in the
 * database named as stack 0's with `_n` added (scripts/test-e2e-pg.ts creates them).
 */
export const workerCount = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

const firstWebPort = Number(process.env.E2E_PORT ?? 3310);
const firstApiPort = Number(process.env.E2E_API_PORT ?? 3410);
const firstDataDir = process.env.E2E_DATA_DIR ?? ".data/e2e";

export const fallbackOrigin = `http://localhost:${process.env.E2E_FALLBACK_PORT ?? 3311}`;

export type Stack = {
  webPort: number;
  apiPort: number;
  webOrigin: string;
  apiUrl: string;
  dataDir: string;
  /** On PostgreSQL (npm run test:e2e:pg) only. */
  databaseUrl?: string;
};

function stackAt(index: number): Stack {
  const webPort = firstWebPort + 2 * index;
  const apiPort = firstApiPort + index;
  let databaseUrl = process.env.E2E_DATABASE_URL;
  if (databaseUrl && index > 0) {
    const url = new URL(databaseUrl);
    url.pathname = `${url.pathname}_${index}`;
    databaseUrl = url.toString();
  }
  return {
    webPort,
    apiPort,
    webOrigin: `http://localhost:${webPort}`,
    apiUrl: `http://localhost:${apiPort}`,
    dataDir: index === 0 ? firstDataDir : `${firstDataDir}-${index}`,
    ...(databaseUrl ? { databaseUrl } : {}),
  };
}

export const stacks = Array.from({ length: workerCount }, (_, index) => stackAt(index));

/**
 * This worker's stack. Playwright sets TEST_PARALLEL_INDEX (0 … workers − 1, kept by the worker
 * that replaces one after a failure) before it loads the config and the spec files in a worker;
 * the runner's own process, which only lists the tests and starts the servers, has none.
 */
export const stack = stackAt(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

/** The API's address for this worker's journeys. */
export const API_URL = stack.apiUrl;

/**
 * Journeys start as a visitor who has already answered the cookie banner (its choice is in local
 * storage), so the banner never covers what they click; e2e/pages.spec.ts starts without it.
 */
export const consentGiven = {
  cookies: [],
  origins: [...stacks.map(({ webOrigin }) => webOrigin), fallbackOrigin].map((origin) => ({
    origin,
    localStorage: [
      {
        name: "pc.cookieConsent",
        value: JSON.stringify({ choice: "essential", date: "2025-01-01T00:00:00.000Z" }),
      },
    ],
  })),
};
