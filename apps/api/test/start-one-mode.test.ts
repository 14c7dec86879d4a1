import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SHUTDOWN_GRACE_MS } from "@pharmacompare/http-serving";
import { afterAll, describe, expect, it } from "vitest";

/**
 * `npm start` (scripts/start.ts) runs both tiers in one mode (issue 25): NODE_ENV is settled before
 * either configuration is read. Unset, both run with development settings (the API reference on, a
 * plain-http public address allowed); production refuses what production refuses, for both tiers,
 * before anything starts. Once the web re-read its configuration as production beside a
 * development API, so a public http address started the API and then failed the web.
 */
const root = fileURLToPath(new URL("../../../", import.meta.url));
const node = path.join(root, "node_modules/.bin/node");
const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts `npm start`'s script with `env`; resolves when it says it is running or when it exits. */
async function start(env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "pc-start-"));
  dataDirs.push(dataDir);
  const [port, apiPort] = [await freePort(), await freePort()];
  const { NODE_ENV: _mode, ...inherited } = process.env;
  const child = spawn(node, ["scripts/start.ts"], {
    cwd: root,
    env: {
      ...inherited,
      PORT: String(port),
      API_PORT: String(apiPort),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      ADMIN_PASSWORD: "a long and unusual passphrase 7",
      // Its start-up lines, with their times, are printed when a start is slow (see below).
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const started = Date.now();
  const outcome = await new Promise<{ running: boolean; code: number | null; signal?: string | null }>(
    (resolve) => {
      const seen = (chunk: Buffer) => {
        output += chunk.toString("utf8");
        if (output.includes("PharmaCompare is running")) resolve({ running: true, code: null });
      };
      child.stdout.on("data", seen);
      child.stderr.on("data", seen);
      child.on("exit", (code, signal) => resolve({ running: false, code, signal }));
    },
  );
  // Some CI runs saw this start take 80 s where it takes 5: its own lines say which step waited.
  const seconds = (Date.now() - started) / 1000;
  if (seconds > 20) process.stderr.write(`npm start took ${seconds} s to start; its output:\n${output}\n`);
  return {
    ...outcome,
    output: () => output,
    api: `http://127.0.0.1:${apiPort}`,
    site: `http://127.0.0.1:${port}`,
    stop: async () => {
      const stopping = Date.now();
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.on("exit", () => resolve());
        child.kill("SIGTERM");
      });
      const took = (Date.now() - stopping) / 1000;
      if (took > 20) process.stderr.write(`npm start took ${took} s to stop; its output:\n${output}\n`);
    },
  };
}

/** What a start that did not run said, and how it ended (a silent exit says nothing else). */
const notRunning = (product: { code: number | null; signal?: string | null; output(): string }) =>
  `exited with code ${product.code} and signal ${product.signal ?? "none"}; its output: ${product.output() || "(none)"}`;

describe("npm start's one mode", () => {
  it("with NODE_ENV unset, runs both tiers with development settings", async () => {
    const product = await start({ SITE_URL: "http://www.example.test" });
    try {
      expect(product.running, notRunning(product)).toBe(true);
      // The API reference is a development setting, and the web serves with the same address rules.
      // Each body read to its end: an answer left unread holds its connection busy, and the
      // graceful stop then waits for it (the 80 s "slow start" of some CI runs,
      // docs/log/testing-runs.md, runs 18 and 19).
      const reference = await fetch(`${product.api}/openapi.json`);
      await reference.arrayBuffer();
      expect(reference.status).toBe(200);
      const about = await fetch(`${product.site}/about`);
      await about.arrayBuffer();
      expect(about.status).toBe(200);
    } finally {
      await product.stop();
    }
  }, 120_000);

  it("stops within its grace when a request's body never arrives, saying so", async () => {
    const product = await start({ SITE_URL: "http://www.example.test" });
    expect(product.running, notRunning(product)).toBe(true);
    // A form post that promises 1,000 bytes and sends 10: a request in flight that never ends.
    const site = new URL(product.site);
    const socket = connect(Number(site.port), site.hostname);
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    socket.write(
      "POST /contact HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nname=Stuck",
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopping = Date.now();
    await product.stop();
    socket.destroy();
    expect(Date.now() - stopping).toBeLessThan(SHUTDOWN_GRACE_MS + 5_000);
    expect(product.output()).toContain("shutdown took too long: exiting with requests unfinished");
  }, 120_000);

  it("keeps the one-time password readable: static files not logged at info, the sign-in said last (issue 41)", async () => {
    const product = await start({
      SITE_URL: "http://www.example.test",
      // None configured: one is generated and printed once.
      ADMIN_PASSWORD: "",
      FEEDS_ALLOW_INSECURE: "true",
    });
    let assets: string[] = [];
    try {
      expect(product.running, notRunning(product)).toBe(true);
      // A page, then what a browser fetches with it: its scripts and styles, and the favicon.
      const page = await fetch(`${product.site}/about`);
      const html = await page.text();
      expect(page.status).toBe(200);
      assets = [
        ...new Set([...html.matchAll(/"(\/assets\/[^"?]+\.(?:js|css))"/g)].map((match) => match[1] ?? "")),
      ];
      expect(assets.length).toBeGreaterThan(0);
      assets.push("/favicon.svg");
      for (const asset of assets) {
        const answer = await fetch(`${product.site}${asset}`);
        await answer.arrayBuffer();
        expect(answer.status, asset).toBe(200);
      }
    } finally {
      await product.stop();
    }
    const output = product.output();
    const lines = output.split("\n");
    // The password block, then the servers' lines, then the sign-in said again as start-up's last words.
    expect(output).toMatch(
      /First administrator created[\s\S]*password: \S+[\s\S]*This password is shown only now/,
    );
    const running = lines.findIndex((line) => line.includes("PharmaCompare is running"));
    const listening = lines
      .map((line, index) => (/listening/i.test(line) ? index : -1))
      .filter((i) => i >= 0);
    expect(listening.length).toBeGreaterThanOrEqual(2);
    expect(Math.max(...listening)).toBeLessThan(running);
    expect(lines.slice(running, running + 6)).toContain(
      "  Sign in at http://www.example.test/admin/login with the password printed above (shown once).",
    );
    // The page's request is logged; none of its static files is (they are at debug).
    expect(output).toContain('"url":"/about"');
    for (const asset of assets) expect(output, asset).not.toContain(`"url":"${asset}"`);
    // Insecure feeds allowed: one warning naming the variable and what it allows.
    const warnings = lines.filter((line) => line.includes("FEEDS_ALLOW_INSECURE"));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0] ?? "{}")).toMatchObject({
      level: 40,
      msg: expect.stringMatching(/FEEDS_ALLOW_INSECURE is true: .*plain http.*private, loopback/),
    });
  }, 180_000);

  it("in production refuses a plain-http public address for both tiers before starting either", async () => {
    const product = await start({
      NODE_ENV: "production",
      TRUST_PROXY: "loopback",
      SITE_URL: "http://www.example.test",
    });
    expect(product.running).toBe(false);
    expect(product.code).toBe(1);
    expect(product.output()).toMatch(
      /Invalid configuration:[\s\S]*SITE_URL: must be an https:\/\/ address in production/,
    );
  }, 120_000);
});
