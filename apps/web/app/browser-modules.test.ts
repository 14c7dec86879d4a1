import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/*
 * What a browser may load of the web app imports nothing that runs only on Node (decision 039):
 * no `node:` module, and none of the servers' packages. Server-only code is named so — a
 * `*.server.ts(x)` module, `entry.server.tsx` — and React Router keeps it out of the browser's
 * bundles; everything else under `app/` may end up in one. Tests and test doubles run on Node.
 */

const appRoot = path.dirname(fileURLToPath(import.meta.url));

/** Packages only the servers may import. */
const SERVER_PACKAGES = new Set(["@pharmacompare/http-serving", "@pharmacompare/api", "pino", "fastify"]);
const NODE_BUILTINS = new Set(builtinModules);

function browserModules(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith(".") ? [] : browserModules(full);
    if (!/\.(ts|tsx)$/.test(entry.name)) return [];
    if (/\.(test|fake)\.tsx?$/.test(entry.name) || /\.server\.tsx?$/.test(entry.name)) return [];
    return [full];
  });
}

/** Every module a file imports: static imports and re-exports, `import "x"` and `import("x")`. */
function specifiersOf(text: string): string[] {
  const patterns = [
    /^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"'\s]+)["']/gm,
    /^\s*import\s*["']([^"'\s]+)["']/gm,
    /\bimport\s*\(\s*["']([^"'\s]+)["']/g,
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1] ?? ""));
}

function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? "");
}

const modules = browserModules(appRoot).map((file) => ({
  name: path.relative(appRoot, file),
  specifiers: specifiersOf(readFileSync(file, "utf8")),
}));

describe("what the browser may load of the web app", () => {
  it("is found (routes, components, lib)", () => {
    expect(modules.length).toBeGreaterThan(50);
    expect(modules.some((module) => module.name === "root.tsx")).toBe(true);
    expect(modules.some((module) => module.name.endsWith(".server.ts"))).toBe(false);
  });

  it("imports no Node built-in module and no server-only package", () => {
    const offending = modules.flatMap(({ name, specifiers }) =>
      specifiers
        .filter(
          (specifier) =>
            specifier.startsWith("node:") ||
            NODE_BUILTINS.has(packageOf(specifier)) ||
            SERVER_PACKAGES.has(packageOf(specifier)),
        )
        .map((specifier) => `${name}: ${specifier}`),
    );
    expect(offending).toEqual([]);
  });
});
