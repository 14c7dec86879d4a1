import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** `npm run test:topology`: the whole topology on loopback, broken three ways (topology/README.md). */
const runner = fileURLToPath(new URL("../topology/run.ts", import.meta.url));
// SIGTERM at the limit: the runner stops every engine it started before it exits.
const result = spawnSync(process.execPath, [runner], { stdio: "inherit", timeout: 15 * 60_000 });
process.exit(result.status ?? 1);
