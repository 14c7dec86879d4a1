import { Agent, request as httpRequest } from "node:http";
import type { Measure } from "./wrk.ts";
import { treeCpuSeconds } from "./wrk.ts";

/**
 * An open-loop load (issue 46, docs/performance.md "Behind a shared cache"): requests leave at a
 * fixed rate whatever the answers do, and each latency is counted from the moment its request was
 * due, not from when it left. wrk is closed-loop (each connection sends its next request when the
 * last is answered), so a slow phase sends fewer requests and its p99 measures a saturated machine
 * rather than what a visitor arriving at that moment waits; Debian has no wrk2. Node's own timers
 * pace the sends; a send the generator itself could not make on time still counts from when it was
 * due (no coordinated omission).
 */
export interface OpenLoopRequest {
  /** Where the paths are asked, e.g. http://127.0.0.1:6081 */
  origin: string;
  /** The next path to ask (a Zipf draw). */
  nextPath: () => string;
  /** Requests a second. */
  rate: number;
  headers: Record<string, string>;
  /** Seconds to run, or until `until` settles. */
  duration: number;
  until?: Promise<unknown>;
  /** The server process whose CPU seconds are reported beside the generator's. */
  serverPid: number;
  /** A request unanswered after this many milliseconds counts as an error (wrk's 5 s). */
  timeoutMs?: number;
}

export async function runOpenLoop(load: OpenLoopRequest): Promise<Measure> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const latencies: number[] = [];
  let errors = 0;
  let non2xx3xx = 0;
  let stopped = false;
  // Settled either way: a rejected `until` is the caller's to handle, not an unhandled rejection here.
  const stop = () => {
    stopped = true;
  };
  load.until?.then(stop, stop);
  const cpuBefore = { generator: process.cpuUsage(), server: treeCpuSeconds(load.serverPid) };
  const started = performance.now();
  const interval = 1000 / load.rate;
  const timeoutMs = load.timeoutMs ?? 5000;
  const inFlight = new Set<Promise<void>>();

  const ask = (dueAt: number) =>
    new Promise<void>((resolve) => {
      const done = (ok: boolean, status?: number) => {
        if (!ok) errors += 1;
        else if (status !== undefined && (status < 200 || status >= 400)) non2xx3xx += 1;
        else latencies.push(performance.now() - dueAt);
        resolve();
      };
      const sent = httpRequest(
        `${load.origin}${load.nextPath()}`,
        { agent, headers: load.headers },
        (answer) => {
          answer.on("data", () => {});
          answer.on("end", () => done(true, answer.statusCode));
          answer.on("error", () => done(false));
        },
      );
      sent.setTimeout(timeoutMs, () => sent.destroy(new Error("timed out")));
      sent.on("error", () => done(false));
      sent.end();
    });

  // Each request's moment is started + n × interval; the loop sends every one whose moment has come.
  for (let n = 0; ; n += 1) {
    const dueAt = started + n * interval;
    if (stopped || dueAt - started > load.duration * 1000) break;
    const wait = dueAt - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const pending = ask(dueAt);
    inFlight.add(pending);
    void pending.finally(() => inFlight.delete(pending));
  }
  await Promise.all(inFlight);
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  const cpu = process.cpuUsage(cpuBefore.generator);
  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))] ?? 0;
  return {
    perSecond: (latencies.length + errors + non2xx3xx) / seconds,
    p50: at(0.5),
    p99: at(0.99),
    mean: latencies.reduce((sum, one) => sum + one, 0) / Math.max(1, latencies.length),
    errors,
    non2xx3xx,
    cpu: {
      generator: (cpu.user + cpu.system) / 1e6,
      server: treeCpuSeconds(load.serverPid) - cpuBefore.server,
    },
  };
}
