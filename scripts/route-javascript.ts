import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { buildWeb } from "./web-build.ts";

/**
 * The JavaScript a visitor downloads for a route of the site (issue 14's page budget, issue 47's
 * goal of 120 KB): the client entry, the route's module and its parents' with every chunk they
 * import, in gzip bytes, read from the web build's route manifest. Shared by the page-budget test
 * (apps/web/app/page-budget.test.ts) and `npm run bench` (bench/page-weight.ts), so both count alike.
 */
const webDir = fileURLToPath(new URL("../apps/web", import.meta.url));
const serverBuild = path.join(webDir, "build/server/index.js");
export const clientDir = path.join(webDir, "build/client");

interface ManifestEntry {
  id?: string;
  parentId?: string;
  module: string;
  imports?: string[];
}
export interface Manifest {
  entry: ManifestEntry;
  routes: Record<string, ManifestEntry>;
}

/** The route manifest of the present web build, built first when there is none. */
export function readManifest(): Manifest {
  if (!existsSync(serverBuild)) buildWeb();
  // The manifest the server build names, not a leftover from an earlier build (the server build may
  // be split: index.js re-exporting a chunk of assets/).
  const serverAssets = path.join(webDir, "build/server/assets");
  const serverFiles = [
    serverBuild,
    ...(existsSync(serverAssets)
      ? readdirSync(serverAssets).map((file) => path.join(serverAssets, file))
      : []),
  ];
  const name = serverFiles
    .map((file) => readFileSync(file, "utf8").match(/manifest-[\w-]+\.js/)?.[0])
    .find((found) => found !== undefined);
  const file = name ?? readdirSync(path.join(clientDir, "assets")).find((f) => f.startsWith("manifest-"));
  if (!file) throw new Error("the web build has no route manifest");
  const source = readFileSync(path.join(clientDir, "assets", file), "utf8");
  return JSON.parse(source.slice(source.indexOf("=") + 1).replace(/;\s*$/, "")) as Manifest;
}

const gzipSizes = new Map<string, number>();
/** One built asset's size as a browser receives it with gzip. */
export function gzipSize(asset: string): number {
  let size = gzipSizes.get(asset);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(clientDir, asset))).length;
    gzipSizes.set(asset, size);
  }
  return size;
}

/** Every file a route needs before it works: the entry, then the route and each parent's chunks. */
export function routeFiles(manifest: Manifest, routeId: string): Set<string> {
  const files = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) break;
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return files;
}

export function routeJavaScript(manifest: Manifest, routeId: string): number {
  return [...routeFiles(manifest, routeId)].reduce((total, file) => total + gzipSize(file), 0);
}

/** The site's routes a visitor reaches; the back-office (`/admin`) may be larger (issue 47). */
export function publicRouteIds(manifest: Manifest): string[] {
  return Object.keys(manifest.routes).filter((id) => id !== "root" && !id.startsWith("routes/admin"));
}
