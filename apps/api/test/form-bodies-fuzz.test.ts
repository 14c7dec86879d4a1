import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { EndpointDefinition } from "@pharmacompare/contract";
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildWeb } from "../../../scripts/web-build.ts";
import { UNKNOWN_ADMIN_PATHS } from "../src/routes/admin/unknown-paths.ts";
import { exchange, statuses } from "./raw-exchange.ts";
import { createTestApi, type TestApi } from "./test-api.ts";

/**
 * Broken form bodies, byte by byte, to every route with a server action (issue 42): multipart with
 * no boundary, a bad one, a truncated part or garbage; urlencoded with bad %-escapes; other types;
 * bodies shorter or longer than their Content-Length; oversized ones. `fetch` would refuse to send
 * most of these, so they go over `node:net`. The routes are read from the web's own build (every
 * route module that exports `action`), so a new form is fuzzed without anyone listing it. Never a
 * 5xx, never an `error`-level log line, and both servers answer afterwards. Runs in npm test.
 */
const webBuild = fileURLToPath(new URL("../../web/build/server/index.js", import.meta.url));
const webServerModule = fileURLToPath(new URL("../../web/server/web-server.ts", import.meta.url));
/** Short, so the bodies that never arrive cost the suite a fraction of a second each. */
const BODY_TIMEOUT_MS = 400;
const BODY_LIMIT = 64 * 1024;
/** The API's body timeout here. */
const API_BODY_TIMEOUT_MS = 400;

/** A value for each dynamic segment of an action route: a real one, so the page exists. */
const SAMPLE_PARAMS: Record<string, string> = { subcategoryId: "erectile-dysfunction" };
/** The forms the issue names: the list read from the build must hold at least these. */
const NAMED_ACTION_PATHS = [
  "/contact",
  "/subscribe",
  "/confirm",
  "/unsubscribe",
  "/manage-emails",
  "/condition/erectile-dysfunction",
];

let api: TestApi;
let web: FastifyInstance | undefined;
let apiPort = 0;
let webPort = 0;
/** Each action route's document path and its single-fetch (`.data`) path. */
let actionTargets: { route: string; document: string; data: string }[] = [];
/** Every write route of the API, with its parameters filled. */
let apiTargets: string[] = [];
const WRITE = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** What the web server logged at `error` or above. */
const errorLines: string[] = [];

interface BuiltRoute {
  path?: string;
  index?: boolean;
  parentId?: string;
  module: { action?: unknown };
}

/** The routes with a server action in the built app, with full paths and sample parameters. */
async function actionRoutesOfBuild(): Promise<typeof actionTargets> {
  const build = (await import(pathToFileURL(webBuild).href)) as { routes: Record<string, BuiltRoute> };
  const fullPath = (id: string | undefined): string => {
    const route = id ? build.routes[id] : undefined;
    if (!route) return "";
    const parent = fullPath(route.parentId);
    return route.path ? `${parent}/${route.path}` : parent;
  };
  return Object.entries(build.routes)
    .filter(([, route]) => typeof route.module.action === "function")
    .map(([id, route]) => {
      const path = fullPath(id).replace(/:(\w+)/g, (_match, name: string) => {
        const sample = SAMPLE_PARAMS[name];
        if (!sample) throw new Error(`${id}: add a sample value for :${name} to SAMPLE_PARAMS`);
        return sample;
      });
      // An index route's action is addressed with ?index; the root's data path is /_root.data.
      const document = route.index ? `${path || "/"}?index` : path || "/";
      const data = route.index ? `${path || "/_root"}.data?index` : `${path}.data`;
      return { route: id, document, data };
    });
}

beforeAll(async () => {
  if (!existsSync(webBuild)) buildWeb();
  actionTargets = await actionRoutesOfBuild();
  api = await createTestApi({}, { bodyTimeoutMs: API_BODY_TIMEOUT_MS });
  const address = await api.app.listen({ host: "127.0.0.1", port: 0 });
  apiPort = (api.app.server.address() as AddressInfo).port;
  const catchAll = new Set<string>(UNKNOWN_ADMIN_PATHS);
  apiTargets = api.app.routeTable
    .filter((route) => WRITE.has(route.method) && route.endpoint && !catchAll.has(route.url))
    .map((route) => (route.endpoint as EndpointDefinition).path.replace(/:\w+/g, "x"));
  process.env.API_INTERNAL_URL = address;
  process.env.API_URL = address;
  const { createWebServer } = (await import(webServerModule)) as {
    createWebServer(options?: object): Promise<FastifyInstance>;
  };
  web = await createWebServer({
    bodyTimeoutMs: BODY_TIMEOUT_MS,
    bodyLimit: BODY_LIMIT,
    logger: {
      level: "info",
      stream: {
        write(line: string) {
          if (Number(JSON.parse(line).level) >= 50) errorLines.push(line.slice(0, 600));
        },
      },
    },
  });
  await web.listen({ host: "127.0.0.1", port: 0 });
  webPort = (web.server.address() as AddressInfo).port;
}, 300_000);
afterAll(async () => {
  // Every exchange has ended by the time its test does, yet in one CI run of test:pg a close waited
  // past the hook's minute. Connections are dropped rather than waited for, and a close still
  // waiting after 20 s says what holds it open, so a recurrence names its cause.
  const watchdog = setTimeout(() => {
    const open = (process as unknown as { _getActiveHandles(): object[] })._getActiveHandles();
    const described = open.map((handle) => {
      const socket = handle as { remotePort?: number; localPort?: number };
      return `${handle.constructor.name}${socket.remotePort ? ` ${socket.localPort}->${socket.remotePort}` : ""}`;
    });
    process.stderr.write(
      `form-bodies-fuzz: still closing after 20 s; open handles: ${described.join(", ")}\n`,
    );
  }, 20_000);
  try {
    const webClosed = web?.close();
    web?.server.closeAllConnections();
    await webClosed;
    const apiClosed = api?.close();
    api?.app.server.closeAllConnections();
    await apiClosed;
  } finally {
    clearTimeout(watchdog);
  }
});

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`;

async function bothStillAnswer() {
  expect(statuses(await exchange(webPort, get("/")))).toEqual([200]);
  expect(statuses(await exchange(apiPort, get("/health")))).toEqual([200]);
}

interface Body {
  type: string | null;
  body: string;
  /** The Content-Length sent; the body's own length when absent. */
  length?: number;
}

/** A raw POST: headers as given, then the body, whatever its declared length says. */
function post(target: string, { type, body, length }: Body, accept = "text/html"): string {
  const declared = length ?? Buffer.byteLength(body);
  return (
    `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: ${accept}\r\n` +
    `${type === null ? "" : `Content-Type: ${type}\r\n`}Content-Length: ${declared}\r\n` +
    `Connection: close\r\n\r\n${body}`
  );
}

const part = (boundary: string, name: string, value: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

/** The issue's cases by name, each with the status it must now earn. */
const NAMED_BODIES: [string, Body, number][] = [
  ["multipart with no boundary", { type: "multipart/form-data", body: part("XX", "email", "a@b.c") }, 400],
  ["multipart with an empty boundary", { type: "multipart/form-data; boundary=", body: "--\r\n\r\n--" }, 400],
  [
    "multipart with a truncated part",
    { type: "multipart/form-data; boundary=XX", body: '--XX\r\nContent-Disposition: form-data; name="em' },
    400,
  ],
  ["multipart of garbage", { type: "multipart/form-data; boundary=XX", body: "\u0000\u00ff garbage" }, 400],
  ["an unknown type", { type: "text/plain", body: "email=a@b.c" }, 415],
  ["JSON", { type: "application/json", body: '{"email":' }, 415],
  ["no type", { type: null, body: "email=a@b.c" }, 415],
  [
    "an oversized body",
    { type: "application/x-www-form-urlencoded", body: `a=${"x".repeat(BODY_LIMIT)}` },
    413,
  ],
];

describe("broken form bodies to every action route", () => {
  it("reads the action routes from the build, the issue's forms among them", () => {
    const documents = actionTargets.map((target) => target.document);
    for (const path of NAMED_ACTION_PATHS) expect(documents).toContain(path);
    // A new action route with a dynamic segment needs a sample value, or the read above throws.
    expect(actionTargets.every((target) => target.data.includes(".data"))).toBe(true);
  });

  it.each(NAMED_BODIES)(
    "%s: each form and its .data form refuse it without a 5xx",
    async (_name, body, status) => {
      for (const { document, data } of actionTargets) {
        const page = await exchange(webPort, post(document, body));
        expect(statuses(page), document).toEqual([status]);
        if (status !== 413) {
          // The site's own page, saying what was wrong, as a document.
          expect(page, document).toMatch(/<h1[^>]*>(Bad request|Unsupported media type)<\/h1>/);
          expect(page).toContain(status === 400 ? "The form could not be read" : "this request sent neither");
        }
        const answer = await exchange(webPort, post(data, body, "*/*"));
        expect(statuses(answer), data).toEqual([status]);
        if (status !== 413) expect(answer, data).toMatch(/"error"/);
      }
      await bothStillAnswer();
    },
  );

  it("a body shorter than its Content-Length is answered 408 and closed, not left hanging", async () => {
    for (const { document, data } of actionTargets) {
      for (const target of [document, data]) {
        const started = performance.now();
        const answer = await exchange(
          webPort,
          post(target, { type: "application/x-www-form-urlencoded", body: "email=a", length: 500 }),
        );
        expect(statuses(answer), target).toEqual([408]);
        expect(performance.now() - started).toBeLessThan(BODY_TIMEOUT_MS + 1_500);
      }
    }
    await bothStillAnswer();
  });

  it("a body longer than its Content-Length: the rest is read as a next request and refused", async () => {
    const [first] = actionTargets;
    const answer = await exchange(
      webPort,
      post(first?.document ?? "/contact", {
        type: "multipart/form-data; boundary=XX",
        body: `${part("XX", "email", "a@b.c")}--XX--\r\n`,
        length: 10,
      }),
    );
    expect(statuses(answer).length).toBeGreaterThan(0);
    for (const status of statuses(answer)) expect(status).toBeLessThan(500);
    await bothStillAnswer();
  });

  it.each([
    ...NAMED_BODIES.map(([name, body]): [string, Body] => [name, body]),
    [
      "urlencoded with bad escapes",
      { type: "application/x-www-form-urlencoded", body: "email=%zz&x=%E0%A4%" },
    ],
    ["JSON cut short", { type: "application/json", body: '{"email":"a@b.c' }],
  ])("the API's write routes refuse %s with a 4xx and { error }", async (_name, body) => {
    for (const path of apiTargets) {
      const answer = await exchange(apiPort, post(path, body, "application/json"), 15_000);
      const [status] = statuses(answer);
      expect(status, path).toBeGreaterThanOrEqual(400);
      expect(status, path).toBeLessThan(500);
      expect(answer, path).toMatch(/"error":/);
    }
    await bothStillAnswer();
  });

  it("the API answers 408 and closes a body shorter than its Content-Length, not left hanging", async () => {
    for (const path of apiTargets.slice(0, 3)) {
      const started = performance.now();
      const answer = await exchange(
        apiPort,
        post(path, { type: "application/json", body: "{}", length: 50 }, "application/json"),
      );
      expect(statuses(answer), path).toEqual([408]);
      expect(performance.now() - started).toBeLessThan(API_BODY_TIMEOUT_MS + 1_500);
    }
    await bothStillAnswer();
  });

  it("logged nothing at error level (refusals are info lines, no stack traces)", () => {
    expect(errorLines).toEqual([]);
  });
});

/** Pieces that break a urlencoded parser or the code after it. */
const urlencodedPiece = fc.constantFrom(
  "%",
  "%z",
  "%zz",
  "%E0%A4",
  "%C3%28",
  "%ff",
  "%00",
  "+",
  "=",
  "&",
  "==",
  "&&",
  "email",
  "token",
  "action",
  "a@b.c",
  "\u0000",
  "é",
  "💊",
  "\r\n",
);

/** A boundary as a client might send it: valid, empty, quoted, over-long, with odd characters. */
const boundary = fc.constantFrom("XX", "", '"XX"', '"', "X".repeat(80), "a b", "--", "\u0000", "é");

/** A multipart body: parts around a boundary, cut short, mangled or replaced by garbage. */
const multipartBody = fc
  .tuple(
    fc.constantFrom("XX", "YY", ""),
    fc.array(
      fc.oneof(
        fc.constantFrom(
          '\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c\r\n',
          '\r\nContent-Disposition: form-data; name="token"; filename="x"\r\nContent-Type: text/plain\r\n\r\nabc\r\n',
          '\r\nContent-Disposition: form-data; name="\r\n\r\n',
          "\r\nContent-Disposition: form-data\r\n\r\nx\r\n",
          "\r\nNo-Colon-Header\r\n\r\nx\r\n",
          "\r\n\r\n",
          "--\r\n",
          "--",
          "",
        ),
        fc.string({ maxLength: 30 }),
      ),
      { maxLength: 4 },
    ),
    fc.boolean(),
    fc.nat({ max: 40 }),
  )
  .map(([mark, parts, close, cut]) => {
    const text = parts.map((piece) => `--${mark}${piece}`).join("") + (close ? `--${mark}--\r\n` : "");
    return text.slice(0, Math.max(0, text.length - cut));
  });

/** A broken (or only odd) body, its type and its declared length. */
const brokenBody: fc.Arbitrary<Body> = fc.oneof(
  fc
    .tuple(
      boundary,
      fc.constantFrom("multipart/form-data", "Multipart/Form-Data", "multipart/form-data;"),
      multipartBody,
    )
    .map(([mark, type, body]) => ({
      type: mark === "" && type.endsWith(";") ? type : `${type}; boundary=${mark}`,
      body,
    })),
  fc
    .tuple(fc.constantFrom("multipart/form-data", "multipart/form-data; charset=utf-8"), multipartBody)
    .map(([type, body]) => ({ type, body })),
  fc
    .tuple(
      fc.constantFrom(
        "application/x-www-form-urlencoded",
        "application/x-www-form-urlencoded; charset=utf-16",
        "APPLICATION/X-WWW-FORM-URLENCODED",
      ),
      fc.array(urlencodedPiece, { maxLength: 12 }),
    )
    .map(([type, pieces]) => ({ type, body: pieces.join("") })),
  fc
    .tuple(
      fc.constantFrom(
        null,
        "",
        "text/plain",
        "application/json",
        "multipart/mixed; boundary=XX",
        "*/*",
        "\u0000",
        "x",
      ),
      fc.string({ maxLength: 40 }),
    )
    .map(([type, body]) => ({ type, body })),
);

/** Its declared length: as sent, more than sent (the body never all arrives), less, or over the limit. */
const declared = (body: Body) =>
  fc.constantFrom("exact", "exact", "exact", "exact", "longer", "shorter", "oversized").map((kind): Body => {
    const length = Buffer.byteLength(body.body);
    if (kind === "longer") return { ...body, length: length + 20 };
    if (kind === "shorter") return { ...body, length: Math.max(0, length - 5) };
    if (kind === "oversized") return { ...body, length: BODY_LIMIT + 1 };
    return body;
  });

describe("generated broken bodies", () => {
  it("never earn a 5xx from any action route, its .data form or an API write route", async () => {
    const target = fc.oneof(
      fc.constantFrom(...actionTargets.map((route) => ({ port: "web" as const, path: route.document }))),
      fc.constantFrom(...actionTargets.map((route) => ({ port: "web" as const, path: route.data }))),
      fc.constantFrom(...apiTargets.map((path) => ({ port: "api" as const, path }))),
    );
    await fc.assert(
      fc.asyncProperty(
        target,
        brokenBody.chain(declared),
        fc.constantFrom("text/html", "*/*", "application/json"),
        async ({ port, path }, body, accept) => {
          const answer = await exchange(port === "web" ? webPort : apiPort, post(path, body, accept));
          for (const status of statuses(answer))
            expect(status, `${path} ${JSON.stringify(body).slice(0, 300)}`).toBeLessThan(500);
          await bothStillAnswer();
        },
      ),
      { numRuns: 150 },
    );
    expect(errorLines).toEqual([]);
  }, 120_000);
});
