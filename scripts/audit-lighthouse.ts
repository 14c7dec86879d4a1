import { type ChildProcess, spawn } from "node:child_process";
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
 * table of the four category scores. `--strict` exits 1 unless accessibility and SEO are 100.
 */
const WEB_PORT = Number(process.env.AUDIT_PORT ?? 3710);
const API_PORT = Number(process.env.AUDIT_API_PORT ?? 3810);
const site = `http://localhost:${WEB_PORT}`;
const api = `http://localhost:${API_PORT}`;
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;

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
  for (const page of pages) {
    const result = await lighthouse(page.url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: [...categories],
    });
    const lhr = result?.lhr;
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
