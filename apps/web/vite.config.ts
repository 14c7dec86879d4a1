import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

interface ChunkingContext {
  getModuleInfo(id: string): { importedIds: readonly string[] } | null;
}

/** React Router's client entry for the root route (the route module with its server exports cut). */
const ROOT_ROUTE_ENTRY = `${fileURLToPath(new URL("app/root.tsx", import.meta.url))}?__react-router-build-client-route`;
const APP_DIR = fileURLToPath(new URL("app/", import.meta.url));
const rootGraphs = new WeakMap<ChunkingContext, Set<string>>();

/** Our modules the root route's client entry imports statically, however deeply. */
function rootGraph(context: ChunkingContext): Set<string> {
  let graph = rootGraphs.get(context);
  if (graph) return graph;
  graph = new Set();
  const pending = [ROOT_ROUTE_ENTRY];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    for (const imported of context.getModuleInfo(next)?.importedIds ?? []) {
      if (graph.has(imported) || imported.includes("node_modules")) continue;
      graph.add(imported);
      pending.push(imported);
    }
  }
  rootGraphs.set(context, graph);
  return graph;
}

/**
 * Names the chunk "site" for every module of ours the root route imports (with what they import
 * from the contract): every page, public or back-office, loads the root route, so none of it is
 * downloaded in vain, and one request replaces about twenty small ones (a little smaller too).
 * Only static imports are followed, so what the root loads on demand stays on demand.
 */
function siteChunk(id: string, context: ChunkingContext): string | null {
  return id.startsWith(APP_DIR) && rootGraph(context).has(id) ? "site" : null;
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // React, React DOM and React Router in one chunk: every page needs all of them, and one request
    // instead of six matters on a phone's connection (and compresses a little better).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
              priority: 2,
            },
            { name: siteChunk, debugName: "site", priority: 1 },
          ],
        },
      },
    },
  },
  environments: {
    ssr: {
      // The server bundle is not split for download, so a module imported both ways there (the
      // search box fetches its request code on demand in the browser) is no news worth printing.
      build: { rolldownOptions: { checks: { ineffectiveDynamicImport: false } } },
    },
  },
  resolve: {
    // Every "zod" in the web app's bundles is zod without eval (see the module: our CSP forbids it).
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL("app/lib/zod-without-eval.ts", import.meta.url)) },
    ],
  },
});
