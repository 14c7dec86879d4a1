import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

/**
 * `npm start` in production, logging at its default level (info) to a file, as an operator runs
 * it (decision 050): each request is one line, written through pino's asynchronous destination,
 * and the lines still held in its buffer when SIGTERM arrives are written before the process
 * exits — the last request answered before the signal is in the log.
 */
const root = fileURLToPath(new URL("../../../", import.meta.url));
const node = path.join(root, "node_modules/.bin/node");
const dir = mkdtempSync(path.join(tmpdir(), "pc-request-log-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface LogLine {
  name?: string;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

describe("the request log of npm start in production", () => {
  it("has one line per request, and the last request before SIGTERM is in it", async () => {
    const logFile = path.join(dir, "stdout.log");
    const out = openSync(logFile, "a");
    const [port, apiPort] = [await freePort(), await freePort()];
    const { NODE_ENV: _mode, LOG_LEVEL: _level, ...inherited } = process.env;
    const child = spawn(node, ["scripts/start.ts"], {
      cwd: root,
      env: {
        ...inherited,
        NODE_ENV: "production",
        TRUST_PROXY: "127.0.0.1",
        SECRETS_KEY: randomBytes(32).toString("base64"),
        PORT: String(port),
        API_PORT: String(apiPort),
        HOST: "127.0.0.1",
        DATA_DIR: path.join(dir, "data"),
        SEED_DEMO: "false",
        ADMIN_PASSWORD: "a long and unusual passphrase 7",
      },
      stdio: ["ignore", out, "pipe"],
    });
    closeSync(out);
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const log = () => readFileSync(logFile, "utf8");
    for (let waited = 0; !log().includes("PharmaCompare is running"); waited += 100) {
      if (child.exitCode !== null || waited > 90_000) throw new Error(`npm start did not start:\n${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    // Many lines at once, so the asynchronous destination has a backlog; then one more, and the
    // signal the moment its answer is in.
    const api = `http://127.0.0.1:${apiPort}`;
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) => fetch(`${api}/api/medications?page=${i + 1}`)),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const last = await fetch(`http://127.0.0.1:${port}/about?page=7`);
    expect(last.status).toBe(200);
    await last.arrayBuffer();
    child.kill("SIGTERM");
    expect(await exited).toBe(0);

    const lines = log()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as LogLine);
    const about = lines.filter((line) => line.name === "web" && line.req?.url === "/about?page=7");
    expect(about).toHaveLength(1);
    expect(about[0]).toMatchObject({
      msg: "request completed",
      req: { method: "GET" },
      res: { statusCode: 200 },
    });
    expect(typeof about[0]?.responseTime).toBe("number");
    for (let i = 1; i <= 200; i++) {
      const forUrl = lines.filter(
        (line) => line.name === "api" && line.req?.url === `/api/medications?page=${i}`,
      );
      expect(forUrl.map((line) => line.msg)).toEqual(["request completed"]);
    }
    expect(lines.some((line) => line.msg === "incoming request")).toBe(false);
    expect(lines.some((line) => line.msg === "shutting down")).toBe(true);
  }, 180_000);
});
