import { readFileSync } from "node:fs";
import autocannon from "autocannon";

/*
 * What the write-path benches (`bench:news`, `bench:feed`) share: the product's memory, a hot read
 * at a fixed rate beside the work, and the admin API. The rate is fixed (200 a second) so the p99
 * says how a visitor fares while the work runs, which wrk's open throttle cannot hold.
 */

/** A process's resident memory in MB, from /proc. */
export function residentMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** Samples `pid`'s memory every 100 ms: `peak()` since the last `reset()`, `stop()` at the end. */
export function memorySampler(pid: number | undefined) {
  let peakMb = 0;
  const timer = setInterval(() => {
    peakMb = Math.max(peakMb, residentMb(pid));
  }, 100);
  return {
    peak: () => peakMb,
    reset: () => {
      peakMb = 0;
    },
    stop: () => clearInterval(timer),
  };
}

export type Latency = { p50: number; p99: number; failures: number };

/** `url` read at 200 requests a second over 10 connections for 10 s, or until `until` settles. */
export function readAtSteadyRate(url: string, until?: Promise<unknown>): Promise<Latency> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections: 10, overallRate: 200, duration: until ? 3600 : 10 },
      (error, result) => {
        if (error) reject(error);
        else
          resolve({
            p50: result.latency.p50,
            p99: result.latency.p99,
            failures: result.non2xx + result.errors + result.timeouts,
          });
      },
    );
    until?.finally(() => instance.stop());
  });
}

/** A JSON call to the product's API that throws on any refusal, naming it. */
export function apiCaller(apiUrl: string, timeoutMs: number) {
  return async (method: string, route: string, body: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${apiUrl}${route}`, {
      method,
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (!response.ok)
      throw new Error(`${method} ${route} answered ${response.status}: ${JSON.stringify(answer)}`);
    return answer;
  };
}

/**
 * Signs in as the bench's first administrator and, if the account must replace its first
 * password, sets the same one again: the headers for the admin API.
 */
export async function adminHeaders(api: ReturnType<typeof apiCaller>, password: string) {
  const login = await api("POST", "/api/admin/auth/login", { email: "admin@pharmacompare.local", password });
  const headers = { authorization: `Bearer ${login.token as string}` };
  if ((login.user as { mustChangePassword?: boolean }).mustChangePassword)
    await api(
      "POST",
      "/api/admin/auth/change-password",
      { currentPassword: password, newPassword: password, confirmPassword: password },
      headers,
    );
  return headers;
}
