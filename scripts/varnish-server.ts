import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sparePort } from "./postgres-server.ts";

/**
 * A throwaway Varnish on loopback for tests and the topology run (decision 064): Debian's
 * `varnishd` with varnish-modules' xkey, the repository's VCL (ops/varnish/pharmacompare.vcl)
 * with its backends block replaced by the addresses given, its own work directory, a spare port.
 * It can be stopped and started again on the same port (an outage), and ends by SIGTERM.
 */
export interface VarnishServer {
  /** http://127.0.0.1:<port>: what visitors call, and the PURGE_URLS entry. */
  url: string;
  /** Its work directory: `varnishlog -d -n <workDir>` shows what it did. */
  workDir: string;
  /** Stops varnishd and keeps its port and files: `resume()` starts it again (empty, as after a crash). */
  halt(): Promise<void>;
  resume(): Promise<void>;
  /** Stops varnishd and deletes its files. */
  stop(): Promise<void>;
}

/** `host:port` addresses of the product's processes behind the cache. */
export interface VarnishBackends {
  web: string[];
  api: string[];
  /** Seconds between health probes (2 in production; tests want a dead process noticed fast). */
  probeIntervalSeconds?: number;
  /** Seconds a probe may take (1 in production; a loaded test machine answers slower). */
  probeTimeoutSeconds?: number;
  /** The port to listen on (a spare one by default): PURGE_URLS may have to name it first. */
  port?: number;
}

export const VARNISHD = "/usr/sbin/varnishd";
const VCL = path.resolve(import.meta.dirname, "../ops/varnish/pharmacompare.vcl");
const BACKENDS_BLOCK = /# BEGIN backends\n[\s\S]*?# END backends\n/;

/** Whether this machine can run the shared cache (CI installs varnish and varnish-modules). */
export function varnishInstalled(): boolean {
  return existsSync(VARNISHD);
}

/** The repository's VCL with its backends, probes, directors and purgers ACL for `backends`. */
export function vclFor(given: VarnishBackends): string {
  // A director with no backend will not compile: a test without a web tier gets one that is down.
  const backends = given.web.length > 0 ? given : { ...given, web: ["127.0.0.1:9"] };
  const interval = backends.probeIntervalSeconds ?? 2;
  const timeout = backends.probeTimeoutSeconds ?? 1;
  const probe = (name: string, url: string) =>
    `probe ${name} {\n    .url = "${url}";\n    .interval = ${interval}s;\n    .timeout = ${timeout}s;\n    .window = 3;\n    .threshold = 2;\n    .initial = 2;\n}\n`;
  const lines = (kind: "web" | "api") =>
    backends[kind].map((address, index) => {
      const [host, port] = address.split(":");
      return `backend ${kind}${index + 1} { .host = "${host}"; .port = "${port}"; .probe = ${kind}_health; }`;
    });
  const adds = (kind: "web" | "api") =>
    backends[kind].map((_, index) => `    ${kind}.add_backend(${kind}${index + 1});`).join("\n");
  const block = [
    "# BEGIN backends",
    probe("api_health", "/health"),
    probe("web_health", "/robots.txt"),
    ...lines("web"),
    ...lines("api"),
    "sub vcl_init {",
    "    new web = directors.round_robin();",
    adds("web"),
    "    new api = directors.round_robin();",
    adds("api"),
    "}",
    'acl purgers { "127.0.0.1"; "::1"; }',
    "# END backends\n",
  ].join("\n");
  const vcl = readFileSync(VCL, "utf8");
  if (!BACKENDS_BLOCK.test(vcl)) throw new Error(`${VCL} has no "# BEGIN backends … # END backends" block`);
  return vcl.replace(BACKENDS_BLOCK, block);
}

async function listening(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => {
        socket.destroy();
        resolve(true);
      });
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`varnishd did not listen on ${port} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function startVarnish(backends: VarnishBackends): Promise<VarnishServer> {
  if (!varnishInstalled())
    throw new Error("varnishd is not installed: sudo apt-get install -y varnish varnish-modules");
  const dir = mkdtempSync(path.join(tmpdir(), "pc-varnish-"));
  const vclFile = path.join(dir, "pharmacompare.vcl");
  writeFileSync(vclFile, vclFor(backends));
  const port = backends.port ?? (await sparePort());
  let child: ChildProcess | undefined;
  let output = "";

  const start = async () => {
    output = "";
    // -F: in the foreground, so the child is varnishd itself and SIGTERM ends it; -n: its own
    // work directory (shared memory log, compiled VCL); -j none: no privilege drop, so it reads
    // the temp files as the user running the tests; no management port.
    child = spawn(
      VARNISHD,
      [
        "-F",
        "-n",
        path.join(dir, "work"),
        "-j",
        "none",
        "-a",
        `127.0.0.1:${port}`,
        "-T",
        "none",
        "-f",
        vclFile,
        "-s",
        "malloc,64m",
        // Room for the tests' small thread pools on a small machine.
        "-p",
        "thread_pool_min=5",
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<never>((_, reject) =>
      child?.once("exit", (code) => reject(new Error(`varnishd exited (${code}):\n${output}`))),
    );
    exited.catch(() => {});
    await Promise.race([listening(port, 20_000), exited]);
  };

  const halt = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const gone = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    await gone;
  };

  await start();
  return {
    url: `http://127.0.0.1:${port}`,
    workDir: path.join(dir, "work"),
    halt,
    resume: start,
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
