import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { StaticFile } from "./served-bytes.ts";

/**
 * The runtime's ceiling (issue 33): `node:http` on the product's own Node, one process, answering
 * the very bytes the product answered, with the same status and headers, from memory.
 */
export interface BareNode {
  url(index: number): string;
  pid: number;
  stop(): Promise<void>;
}

const entry = fileURLToPath(new URL("./bare-node-server.ts", import.meta.url));

export async function startBareNode(files: StaticFile[]): Promise<BareNode> {
  const dir = mkdtempSync(path.join(tmpdir(), "pc-bench-node-"));
  const manifest = path.join(dir, "answers.json");
  writeFileSync(
    manifest,
    JSON.stringify(files.map((file) => ({ ...file, body: file.body.toString("base64") }))),
  );
  // process.execPath: the Node `npm run bench` runs on, the project's pinned one (package.json).
  const child = spawn(process.execPath, [entry, manifest], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const found = /listening (\d+)/.exec(output);
      if (found) resolve(Number(found[1]));
    });
    child.once("exit", (code) => reject(new Error(`the bare-Node server exited (${code})`)));
  });
  child.stdout.resume();
  return {
    url: (index) => `http://127.0.0.1:${port}/${index}`,
    pid: child.pid ?? 0,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
