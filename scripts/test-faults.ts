import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** `npm run test:faults`: the fault scenarios under faults/ (see docs/operations.md). */
const runner = fileURLToPath(new URL("../faults/run.ts", import.meta.url));
const result = spawnSync(process.execPath, [runner], { stdio: "inherit", timeout: 15 * 60_000 });
process.exit(result.status ?? 1);
