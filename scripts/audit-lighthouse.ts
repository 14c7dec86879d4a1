import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { endpointUrl, publicEndpoints } from "@pharmacompare/contract";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_PATH, ensureChromium } from "./ensure-chromium.ts";

/**
 * `npm run audit:lighthouse`: Lighthouse (mobile, the default form factor) in Debian's headless
 * Chromium over four kinds of public page — home, a condition page, an article and a pharmacy
 * page — against the app started here on spare ports with a throwaway demo database. Prints one
 * table of the four category scores, each page's from the run with the median performance score of
 * `--runs=N` (3 by default). `--strict` exits 1 unless accessibility and SEO are 100.
 */
const WEB_PORT = Number(process.env.AUDIT_PORT ?? 3710);
const API_PORT = Number(process.env.AUDIT_API_PORT ?? 3810);
const site = `http://localhost:${WEB_PORT}`;
const api = `http://localhost:${API_PORT}`;
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;
/** Runs per page; the table shows the one with the median performance score. */
const RUNS = Number(process.argv.find((arg) => arg.startsWith("--runs="))?.slice("--runs=".length) ?? 3);

async function waitForSite(server: ChildProcess, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the app exited with code ${server.exitCode}`);
    try {
      if ((await fetch(`${site}/`)).ok && (await fetch(`${api}/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the app did not answer on ${site} within ${timeoutMs / 1000} s`);
}

async function firstOf<T>(url: string): Promise<T> {
  const answer = (await (await fetch(url)).json()) as T[];
  const first = answer[0];
  if (!first) throw new Error(`${url} returned no items`);
  return first;
}

async function pagesToAudit(): Promise<{ name: string; url: string }[]> {
  const post = await firstOf<{ slug: string }>(
    `${api}${endpointUrl(publicEndpoints.listBlogPosts, { query: { limit: 1 } })}`,
  );
  const pharmacy = await firstOf<{ id: string }>(`${api}${endpointUrl(publicEndpoints.listPharmacies)}`);
  return [
    { name: "home", url: `${site}/` },
    { name: "condition", url: `${site}/condition/erectile-dysfunction?medication=Sildenafil` },
    { name: "article", url: `${site}/blog/${post.slug}` },
    { name: "pharmacy", url: `${site}/pharmacies/${pharmacy.id}` },
  ];
}

ensureChromium();
const dataDir = mkdtempSync(path.join(tmpdir(), "pc-lighthouse-"));
const server = spawn(process.execPath, ["scripts/start.ts"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    PORT: String(WEB_PORT),
    API_PORT: String(API_PORT),
    DATA_DIR: dataDir,
    SITE_URL: site,
    WEB_ORIGIN: site,
    API_URL: api,
    NODE_ENV: "production",
    // Production asks for both to be said (issue 12): the web server beside the API is the only
    // proxy, and the throwaway database holds the demo catalogue.
    TRUST_PROXY: "loopback",
    SEED_DEMO: "true",
    // …and a key for secrets at rest (decision 030): a throwaway one for the throwaway database.
    SECRETS_KEY: randomBytes(32).toString("base64"),
    LOG_LEVEL: "warn",
  },
});

let chrome: chromeLauncher.LaunchedChrome | undefined;
let failed = false;
try {
  await waitForSite(server);
  const pages = await pagesToAudit();
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const rows: string[][] = [];
  const metricLines: string[] = [];
  for (const page of pages) {
    // Once unmeasured, as a visitor before them would have: the page cache then holds it.
    await fetch(page.url);
    // Lighthouse's own advice: scores vary between runs, so take the median of several. On this
    // 2-core machine a run varies by up to ten points with whether Chromium paints before or after
    // the scripts arrive (docs/performance.md).
    const runs: NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"][] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const result = await lighthouse(page.url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...categories],
      });
      if (!result?.lhr) throw new Error(`Lighthouse returned nothing for ${page.url}`);
      runs.push(result.lhr);
      if (result.lhr.runtimeError) break;
    }
    const performance = (report: (typeof runs)[number]) => report.categories.performance?.score ?? 0;
    const ordered = [...runs].sort((a, b) => performance(a) - performance(b));
    const lhr = ordered[Math.floor(ordered.length / 2)] ?? runs[0];
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${page.url}`);
    if (lhr.runtimeError) {
      // E.g. the page answered 404: no scores to give.
      failed = true;
      process.stdout.write(`  ${page.name}: ${lhr.runtimeError.message}\n`);
      rows.push([page.name, "–", "–", "–", "–", new URL(page.url).pathname]);
      continue;
    }
    const scores = categories.map((category) => Math.round((lhr.categories[category]?.score ?? 0) * 100));
    if ((scores[1] ?? 0) < 100 || (scores[3] ?? 0) < 100) failed = true;
    rows.push([page.name, ...scores.map(String), new URL(page.url).pathname]);
    // The simulated mobile metrics behind the performance score, so a low score names its cause.
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? "–";
    const each = runs.map((report) => Math.round(performance(report) * 100)).join(", ");
    metricLines.push(
      `${page.name} (performance ${each}; the median run): FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, ` +
        `TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}, ` +
        `Speed Index ${metric("speed-index")}`,
    );
    // What kept a category below 100, so the table leads somewhere.
    for (const category of ["accessibility", "seo"] as const) {
      for (const ref of lhr.categories[category]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
          process.stdout.write(`  ${page.name} ${category}: ${audit.title}\n`);
      }
    }
  }
  const header = ["page", "performance", "accessibility", "best practices", "SEO", "path"];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ");
  process.stdout.write(`\nLighthouse (mobile, headless Chromium) on ${site}\n${line(header)}\n`);
  for (const row of rows) process.stdout.write(`${line(row)}\n`);
  process.stdout.write(`\n${metricLines.join("\n")}\n`);
} finally {
  await chrome?.kill();
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed && process.argv.includes("--strict")) {
  process.stderr.write("Accessibility or SEO is below 100 on some page.\n");
  process.exit(1);
}
