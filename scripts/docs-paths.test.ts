import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * Docs that cannot drift (issue 43): every repository path a README or a document under docs/
 * names must exist, so a file moved or removed without its docs fails `npm test`. Read from git's
 * list of tracked files, so a path that exists only on one machine does not count.
 */
const root = fileURLToPath(new URL("..", import.meta.url));
const tracked = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" })
  .split("\n")
  .filter(Boolean);
const folders = new Set(tracked.flatMap((file) => ancestors(file)));
const known = new Set([...tracked, ...folders]);
const names = new Set(tracked.map((file) => path.posix.basename(file)));
const topFolders = new Set(tracked.filter((file) => file.includes("/")).map((file) => file.split("/")[0]));

/** Made by a build or a run and ignored by git: named in docs as where to look, never tracked. */
const GENERATED = new Set(["build", "data", "test-results", ".data", "node_modules", "dist", "wip"]);

function ancestors(file: string): string[] {
  const found: string[] = [];
  for (let folder = path.posix.dirname(file); folder !== "."; folder = path.posix.dirname(folder))
    found.push(folder);
  return found;
}

/** The repository paths a Markdown text names: its relative links and its code spans that look like paths. */
function namedPaths(markdown: string): { text: string; link: boolean }[] {
  const found: { text: string; link: boolean }[] = [];
  for (const match of markdown.matchAll(/`([^`\s]+)`|\]\(([^)\s]+)\)/g)) {
    const link = match[2] !== undefined;
    const text = (match[1] ?? match[2] ?? "")
      .replace(/#.*$/, "")
      .replace(/[),.:;]+$/, "")
      .replace(/:\d+(-\d+)?$/, "");
    // Addresses, patterns and placeholders ("decisions/NNN-slug.md", "<folder>") name no one file.
    if (!text || /:\/\/|^mailto:|[*{}<>$=|…]|NNN/.test(text)) continue;
    // "/openapi.json" is an address on the running site, not a file.
    if (text.startsWith("/")) continue;
    found.push({ text, link });
  }
  return found;
}

/** Why `named` (in `file`) names nothing in the repository, or null when it does or names no path. */
function missing(file: string, named: { text: string; link: boolean }): string | null {
  const { text, link } = named;
  if (text.split("/").some((part) => GENERATED.has(part))) return null;
  if (link || text.startsWith("./") || text.startsWith("../")) {
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), text)).replace(/\/$/, "");
    // Outside the repository (the specification beside it): not ours to check.
    if (target.startsWith("..")) return null;
    return known.has(target) || target === "." ? null : `${text} (${target})`;
  }
  const bare = text.replace(/\/$/, "");
  const looksLikeFile = /\.(ts|tsx|md|json|css|sql|vcl|ini|yml|yaml|sh)$/.test(bare);
  if (topFolders.has(bare.split("/")[0] ?? "") && bare.includes("/")) return known.has(bare) ? null : text;
  if (bare.includes("/") && looksLikeFile) {
    // A path within a tier ("modules/feeds/feed-service.ts"): some tracked path ends with it.
    return [...known].some((each) => each.endsWith(`/${bare}`)) ? null : text;
  }
  // A file named alone: code files only (a bare "DESIGN.md" may be the specification's).
  if (/\.(ts|tsx)$/.test(bare) && !bare.startsWith(".")) return names.has(bare) ? null : text;
  return null;
}

const documents = tracked.filter(
  (file) => file.endsWith(".md") && (file.startsWith("docs/") || path.posix.basename(file) === "README.md"),
);

describe("the paths the docs name", () => {
  it("read every README and every document under docs/", () => {
    expect(documents).toContain("README.md");
    expect(documents).toContain("docs/architecture.md");
    expect(documents.length).toBeGreaterThan(50);
  });

  it("all exist in the repository", () => {
    const stale = documents.flatMap((file) =>
      namedPaths(readFileSync(path.join(root, file), "utf8"))
        .map((named) => missing(file, named))
        .filter((reason): reason is string => reason !== null)
        .map((reason) => `${file}: ${reason}`),
    );
    expect(stale).toEqual([]);
  });

  // An honest instrument: a moved file, a broken link and a stale path within a tier are each found.
  it("finds a path that does not exist, in each form a document names one", () => {
    const text =
      "See `apps/api/src/no-such-module.ts`, [the guide](../no-such-guide.md), `services/no-such/feed.ts` and `no-such-file.ts`; `apps/api/src/` and `test-results/layout/` are fine.";
    const found = namedPaths(text)
      .map((named) => missing("docs/architecture.md", named))
      .filter(Boolean);
    expect(found).toEqual([
      "apps/api/src/no-such-module.ts",
      "../no-such-guide.md (no-such-guide.md)",
      "services/no-such/feed.ts",
      "no-such-file.ts",
    ]);
  });
});
