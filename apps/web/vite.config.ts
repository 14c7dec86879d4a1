import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    // The browser's zod runs without eval (see the module); the server keeps zod's fast path.
    alias: isSsrBuild
      ? []
      : [
          {
            find: /^zod$/,
            replacement: fileURLToPath(new URL("app/lib/zod-browser-config.ts", import.meta.url)),
          },
        ],
  },
}));
