import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * The load generator of `npm run bench` (issue 33): Debian's wrk, written in C, so the generator is
 * not what limits a fast server (autocannon, in Node, topped out near 22,000 requests a second).
 * One thread and 50 connections; a Lua `done` hook prints the run's figures as JSON, which is read
 * instead of wrk's rounded text. The CPU time wrk and the server used is measured beside each run,
 * so a reader sees which of the two was the limit.
 */
export interface Measure {
  perSecond: number;
  /** Latencies in milliseconds, from wrk's histogram (`--latency`). */
  p50: number;
  p99: number;
  mean: number;
  /** Socket errors (connect, read, write, timeout) and answers that were not 2xx or 3xx. */
  errors: number;
  non2xx3xx: number;
  /** CPU seconds (user + system) during the run: wrk's, and the server's process tree. */
  cpu: { generator: number; server: number };
}

export const CONNECTIONS = 50;
export const THREADS = 1;

export function ensureWrk(): string {
  if (existsSync("/usr/bin/wrk")) return "/usr/bin/wrk";
  if (process.getuid?.() !== 0) throw new Error("wrk is not installed: sudo apt-get install -y wrk");
  for (const args of [["update"], ["install", "-y", "--no-install-recommends", "wrk"]]) {
    const result = spawnSync("apt-get", args, {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(" ")} failed`);
  }
  return "/usr/bin/wrk";
}

const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;

/** Fields of /proc/<pid>/stat after the command's name: [0] is field 3 (state). */
function statFields(pid: number | "self"): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    return text.slice(text.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").split(" ").filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** CPU seconds (utime + stime) of a process and its descendants (nginx: master and worker). */
export function treeCpuSeconds(pid: number): number {
  const fields = statFields(pid);
  const own = fields ? (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS : 0;
  return own + childrenOf(pid).reduce((sum, child) => sum + treeCpuSeconds(child), 0);
}

/** CPU seconds of this process's children that have ended (cutime + cstime): each wrk run, once reaped. */
function reapedChildrenCpuSeconds(): number {
  const fields = statFields("self");
  return fields ? (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS : 0;
}

export interface WrkRequest {
  url: string;
  headers: Record<string, string>;
  duration: number;
  /** Every request another URL (`bench=<n>` appended), so a cache never answers it. */
  uncached?: boolean;
  /** The process whose CPU time is the server's. */
  serverPid: number;
  /** Lua defining wrk's `request` (e.g. paths picked from a list) instead of the one URL. */
  requestScript?: string;
  /** Stops wrk (SIGINT: it still reports) when this settles, whatever `duration` says. */
  until?: Promise<unknown>;
}

function luaScript(url: string, uncached: boolean, requestScript?: string): string {
  const { pathname, search } = new URL(url);
  const target = `${pathname}${search}${search ? "&" : "?"}bench=`;
  const request =
    requestScript ??
    (uncached
      ? `local n = 0\nrequest = function()\n  n = n + 1\n  return wrk.format(nil, ${JSON.stringify(target)} .. n)\nend\n`
      : "");
  return `${request}done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('BENCH_RESULT {"requests":%d,"durationUs":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,"status":%d,"p50Us":%d,"p99Us":%d,"meanUs":%.1f}\\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.timeout, e.status,
    latency:percentile(50), latency:percentile(99), latency.mean))
end
`;
}

interface WrkResult {
  requests: number;
  durationUs: number;
  connect: number;
  read: number;
  write: number;
  timeout: number;
  status: number;
  p50Us: number;
  p99Us: number;
  meanUs: number;
}

export async function runWrk(request: WrkRequest): Promise<Measure> {
  const binary = ensureWrk();
  const dir = mkdtempSync(path.join(tmpdir(), "pc-bench-wrk-"));
  const script = path.join(dir, "bench.lua");
  writeFileSync(script, luaScript(request.url, request.uncached === true, request.requestScript));
  const args = [
    `--threads=${THREADS}`,
    `--connections=${CONNECTIONS}`,
    `--duration=${request.duration}s`,
    "--timeout=5s",
    "--latency",
    `--script=${script}`,
    ...Object.entries(request.headers).flatMap(([name, value]) => ["-H", `${name}: ${value}`]),
    request.url,
  ];
  const serverBefore = treeCpuSeconds(request.serverPid);
  const generatorBefore = reapedChildrenCpuSeconds();
  try {
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(binary, args, { stdio: ["ignore", "pipe", "inherit"] });
      let text = "";
      child.stdout.on("data", (chunk: Buffer) => {
        text += chunk.toString("utf8");
      });
      child.once("error", reject);
      const stop = () => child.kill("SIGINT");
      request.until?.then(stop, stop);
      child.once("close", (code) =>
        code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}:\n${text}`)),
      );
    });
    const serverCpu = treeCpuSeconds(request.serverPid) - serverBefore;
    const generatorCpu = reapedChildrenCpuSeconds() - generatorBefore;
    const line = output.split("\n").find((text) => text.startsWith("BENCH_RESULT "));
    if (!line) throw new Error(`wrk printed no result:\n${output}`);
    const result = JSON.parse(line.slice("BENCH_RESULT ".length)) as WrkResult;
    return {
      perSecond: result.durationUs > 0 ? result.requests / (result.durationUs / 1e6) : 0,
      p50: result.p50Us / 1000,
      p99: result.p99Us / 1000,
      mean: result.meanUs / 1000,
      errors: result.connect + result.read + result.write + result.timeout,
      non2xx3xx: result.status,
      cpu: { generator: generatorCpu, server: serverCpu },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
