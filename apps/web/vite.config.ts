import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    // Every "zod" in the web app's bundles is zod without eval (see the module: our CSP forbids it).
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL("app/lib/zod-without-eval.ts", import.meta.url)) },
    ],
  },
});
