import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import manifest from "../package.json" with { type: "json" };

/**
 * The contract is what both tiers share and a browser can run (decision 039): schemas, endpoint
 * definitions, pure rules and wording. Serving code for Node lives in `@pharmacompare/http-serving`.
 * These tests read every module of the contract (its tests aside, which run on Node) and fail on
 * anything that would not load in a browser.
 */
const SOURCE_DIR = fileURLToPath(new URL(".", import.meta.url));

/**
 * The packages the contract may import: each one runs in a browser as it is. Add one here only
 * after checking that (and list it in the contract's package.json).
 */
const BROWSER_SAFE_PACKAGES = new Set(["zod"]);

const NODE_BUILTINS = new Set(builtinModules);

const modules = readdirSync(SOURCE_DIR, { recursive: true, encoding: "utf8" })
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
  .map((file) => ({ file, text: readFileSync(path.join(SOURCE_DIR, file), "utf8") }));

/** Every module specifier a file names: static and dynamic imports, re-exports, `require`. */
function specifiersOf(text: string): string[] {
  const patterns = [
    // import … from "x", export … from "x" (over several lines), import "x"
    /^\s*(?:import|export)\b[^;]*?\bfrom\s*["']([^"'\s]+)["']/gm,
    /^\s*import\s*["']([^"'\s]+)["']/gm,
    // import("x"), require("x")
    /\b(?:import|require)\s*\(\s*["']([^"'\s]+)["']/g,
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1] ?? ""));
}

/** The package a bare specifier names: "zod" for "zod/mini", "@scope/name" for "@scope/name/x". */
function packageOf(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? "");
}

/** The code without its comments, so a comment that mentions `process.env` is not a use of it. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

describe("the contract runs in a browser", () => {
  it("has modules to check", () => {
    expect(modules.length).toBeGreaterThan(20);
  });

  it("imports no Node built-in module (node:… or a bare built-in name)", () => {
    const offending = modules.flatMap(({ file, text }) =>
      specifiersOf(text)
        .filter((specifier) => specifier.startsWith("node:") || NODE_BUILTINS.has(packageOf(specifier)))
        .map((specifier) => `${file}: ${specifier}`),
    );
    expect(offending).toEqual([]);
  });

  it("imports no package but the browser-safe ones its package.json lists", () => {
    const declared = new Set(Object.keys(manifest.dependencies));
    const offending = modules.flatMap(({ file, text }) =>
      specifiersOf(text)
        .filter((specifier) => !specifier.startsWith(".") && !specifier.startsWith("node:"))
        .filter((specifier) => {
          const name = packageOf(specifier);
          return !BROWSER_SAFE_PACKAGES.has(name) || !declared.has(name);
        })
        .map((specifier) => `${file}: ${specifier}`),
    );
    expect(offending).toEqual([]);
  });

  it("imports nothing from outside the contract by a relative path", () => {
    const offending = modules.flatMap(({ file, text }) =>
      specifiersOf(text)
        .filter((specifier) => specifier.startsWith("."))
        .filter((specifier) => {
          const target = path.resolve(SOURCE_DIR, path.dirname(file), specifier);
          return !target.startsWith(SOURCE_DIR);
        })
        .map((specifier) => `${file}: ${specifier}`),
    );
    expect(offending).toEqual([]);
  });

  it("uses none of Node's globals (process, Buffer, __dirname, require)", () => {
    const offending = modules.flatMap(({ file, text }) =>
      [...withoutComments(text).matchAll(/\b(process\.|Buffer\b|__dirname|__filename|require\s*\()/g)].map(
        (match) => `${file}: ${match[1]}`,
      ),
    );
    expect(offending).toEqual([]);
  });

  it("finds what it looks for (the checks are not vacuous)", () => {
    expect(
      specifiersOf(
        'import type { Server } from "node:http";\nexport * from "./x.ts";\nimport {\n  a,\n} from "y";\n' +
          'const label = "from here";\nconst z = await import("zod");',
      ),
    ).toEqual(["node:http", "./x.ts", "y", "zod"]);
  });
});
