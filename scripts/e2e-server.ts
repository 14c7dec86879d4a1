import { rmSync } from "node:fs";

/** The app as `npm start` runs it, on a database created fresh for this test run. */
rmSync(".data/e2e", { recursive: true, force: true });
await import("./start.ts");
