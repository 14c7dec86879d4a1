import { type CspReportBody, publicEndpoints } from "@pharmacompare/contract";
import { urlForLog } from "@pharmacompare/http-serving";
import type { FastifyPluginAsync } from "fastify";
import { clientNetwork } from "../../domain/client-network.ts";
import { badRequest, tooManyRequests } from "../../domain/refusal.ts";
import { registerEndpoint } from "../register-endpoint.ts";

/** Reports logged a minute from one client network; past it, 429 (a page in a loop, or a flood). */
const REPORTS_PER_MINUTE = 60;
/** Networks remembered at once: the oldest window is forgotten first past this. */
const NETWORKS_REMEMBERED = 10_000;

/**
 * The pages' CSP violation reports (issue 25, decision 016): logged at warn so a blocked injection
 * or a script of ours the policy forgot shows in the logs. Only what says what was blocked is
 * logged — the directive, the blocked resource's origin (or `inline`, `eval`), the page's path
 * with query values dropped (urlForLog), the disposition — never the sample of the blocked code,
 * which may hold what a visitor typed. Counted per client network in memory, since a report is
 * worth nothing once the minute is over.
 */
export const cspReportRoutes: FastifyPluginAsync = async (app) => {
  const windows = new Map<string, { startedAt: number; count: number }>();

  for (const type of ["application/csp-report", "application/reports+json"])
    app.addContentTypeParser(type, { parseAs: "string" }, (_request, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(badRequest("The report is not JSON."), undefined);
      }
    });

  registerEndpoint(app, publicEndpoints.reportCspViolation, async (request) => {
    const network = clientNetwork(request.ip || "unknown");
    const now = Date.now();
    let window = windows.get(network);
    if (!window || now - window.startedAt >= 60_000) {
      windows.delete(network);
      if (windows.size >= NETWORKS_REMEMBERED) windows.delete(windows.keys().next().value ?? "");
      window = { startedAt: now, count: 0 };
      windows.set(network, window);
    }
    const violations = cspViolations(request.body);
    window.count += Math.max(violations.length, 1);
    if (window.count > REPORTS_PER_MINUTE) {
      const wait = Math.ceil((window.startedAt + 60_000 - now) / 1000);
      throw tooManyRequests("Too many reports from this network: try again in a minute.", wait);
    }
    for (const violation of violations)
      request.log.warn({ csp: violation }, "content security policy violation");
    return null;
  });
};

/** The violations in either report form, each as the few fields that are logged. */
function cspViolations(body: CspReportBody): Record<string, string | number>[] {
  const reports = Array.isArray(body)
    ? body.filter((report) => report.type === "csp-violation").map((report) => report.body ?? {})
    : [body["csp-report"]];
  return reports.map((report) => {
    const field = (...names: string[]) => {
      for (const name of names) {
        const value = report[name];
        if (typeof value === "string" || typeof value === "number") return value;
      }
      return undefined;
    };
    const fields: Record<string, string | number | undefined> = {
      directive: text(field("effectiveDirective", "effective-directive", "violated-directive")),
      blocked: resource(field("blockedURL", "blocked-uri")),
      page: page(field("documentURL", "document-uri")),
      source: resource(field("sourceFile", "source-file")),
      line: number(field("lineNumber", "line-number")),
      disposition: text(field("disposition")),
    };
    return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Record<
      string,
      string | number
    >;
  });
}

const text = (value: unknown) => (typeof value === "string" ? value.slice(0, 64) : undefined);
const number = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : undefined);

/** A blocked resource as its origin, or the keyword a browser sends for what has none (inline, eval). */
function resource(value: unknown): string | undefined {
  if (typeof value !== "string" || value === "") return undefined;
  try {
    const url = new URL(value);
    return url.origin === "null" ? url.protocol : url.origin;
  } catch {
    return value.slice(0, 32);
  }
}

/** The page's path with its query values dropped. */
function page(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  try {
    const url = new URL(value);
    return urlForLog(`${url.pathname}${url.search}`).slice(0, 256);
  } catch {
    return undefined;
  }
}
