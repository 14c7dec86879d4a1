import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

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
            },
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
