import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { allEndpoints } from "@pharmacompare/contract";
import { describe, expect, it } from "vitest";
import { adminScreens } from "./admin/kit/admin-screens.ts";

/*
 * The web reaches the API only through the contract's endpoint registry and the one client
 * (`api.call(endpoint, input)`): no web module spells an API path or declares the schema of an
 * answer. Tests may build their doubles as they like, so they are not scanned.
 */

const webRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory())
      return entry.name === "node_modules" || entry.name.startsWith(".") ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.(test|fake)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const files = [...sourceFiles(path.join(webRoot, "app")), ...sourceFiles(path.join(webRoot, "server"))].map(
  (file) => ({ name: path.relative(webRoot, file), text: readFileSync(file, "utf8") }),
);

/** Each endpoint's path up to its first parameter: `/api/medications/:id` → `/api/medications/`. */
const apiPrefixes = [
  "/api/",
  ...new Set(allEndpoints.map((endpoint) => endpoint.path.split(":")[0] ?? endpoint.path)),
];

/**
 * The back-office's own page addresses (a unit test keeps them equal to the route table): one of
 * them, /admin/subscriptions, is also the API's path (back-office §2 and §7 use the same words).
 */
const webPages = new Set<string>(Object.values(adminScreens).map((screen) => screen.path));

/** String literals (quotes or template heads) that begin with a path. */
function pathLiterals(text: string): string[] {
  return [...text.matchAll(/["'`](\/[A-Za-z0-9_\-/.]*)/g)].map((match) => match[1] ?? "");
}

/** Zod in the web parses what is not an API answer: configuration and the browser's own storage. */
const zodAllowed = new Set([
  "app/config.server.ts",
  "app/lib/cookie-consent.ts",
  "app/lib/zod-without-eval.ts",
]);

describe("the web's boundary with the API", () => {
  it("scans the web's modules", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.some((file) => file.name === "app/lib/catalogue.server.ts")).toBe(true);
  });

  it("spells no API path: every call names an endpoint of the registry", () => {
    const offenders = files.flatMap((file) =>
      pathLiterals(file.text)
        .filter(
          (literal) =>
            !webPages.has(literal) &&
            apiPrefixes.some(
              (prefix) =>
                literal === prefix || literal.startsWith(prefix.endsWith("/") ? prefix : `${prefix}/`),
            ),
        )
        .map((literal) => `${file.name}: ${literal}`),
    );
    expect(offenders).toEqual([]);
  });

  it("declares no response schema: answers are parsed by the endpoint's own", () => {
    const offenders = files
      .filter((file) => !zodAllowed.has(file.name) && /from ["']zod["']/.test(file.text))
      .map((file) => file.name);
    expect(offenders).toEqual([]);
  });

  it("reads API answers only through the one client", () => {
    const offenders = files
      .filter((file) => file.name !== "app/lib/api-client.ts" && /\bfetch\(/.test(file.text))
      .map((file) => file.name);
    expect(offenders).toEqual([]);
  });
});
