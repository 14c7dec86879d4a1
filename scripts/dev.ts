import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadApiConfig } from "@pharmacompare/api";
import { loadWebConfig } from "../apps/web/app/config.server.ts";

/**
 * `npm run dev`: the API restarted on change (node --watch) and the web app under Vite with
 * hot reload, on the same ports and configuration as `npm start`.
 */
const root = fileURLToPath(new URL("..", import.meta.url));
loadApiConfig();
const web = loadWebConfig();

const children: ChildProcess[] = [
  spawn(
    process.execPath,
    [
      "--watch",
      "--watch-path=apps/api/src",
      "--watch-path=packages/contract/src",
      "--watch-path=packages/http-serving/src",
      "apps/api/src/server.ts",
    ],
    {
      cwd: root,
      stdio: "inherit",
    },
  ),
  spawn(
    path.join(root, "node_modules/.bin/react-router"),
    ["dev", "--port", String(web.port), "--strictPort"],
    {
      cwd: path.join(root, "apps/web"),
      stdio: "inherit",
    },
  ),
];

function stop(code: number) {
  for (const child of children) child.kill("SIGTERM");
  process.exit(code);
}
for (const child of children) child.on("exit", (code) => stop(code ?? 1));
process.once("SIGINT", () => stop(0));
process.once("SIGTERM", () => stop(0));
