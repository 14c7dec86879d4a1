import { endpointUrl, publicEndpoints } from "@pharmacompare/contract";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_PATH, ensureChromium } from "./ensure-chromium.ts";

/**
 * Lighthouse (mobile, its default form factor) in Debian's headless Chromium over four kinds of
 * public page — home, a condition page, an article and a pharmacy page — of a running site. Used by
 * `npm run audit:lighthouse` (scripts/audit-lighthouse.ts) and `npm run bench` (issue 47's goal:
 * performance ≥ 98, median of 3), so both audit the same pages the same way.
 */
export const LIGHTHOUSE_CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

export interface PageAudit {
  name: string;
  path: string;
  /** The run with the median performance score: its four category scores, 0–100. */
  scores?: number[];
  /** Every run's performance score, in the order run. */
  performanceRuns: number[];
  /** The simulated mobile metrics of the median run, so a low score names its cause. */
  metrics: string;
  /** What kept accessibility or SEO below 100 on the median run. */
  shortfalls: string[];
  /** Lighthouse could not score the page (e.g. it answered 404). */
  runtimeError?: string;
}

async function firstOf<T>(url: string): Promise<T> {
  const answer = (await (await fetch(url)).json()) as T[];
  const first = answer[0];
  if (!first) throw new Error(`${url} returned no items`);
  return first;
}

async function pagesToAudit(site: string, api: string): Promise<{ name: string; url: string }[]> {
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

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

/** Audits the four pages `runs` times each and keeps, per page, the run with the median performance. */
export async function auditPages(site: string, api: string, runs: number): Promise<PageAudit[]> {
  ensureChromium();
  const pages = await pagesToAudit(site, api);
  const chrome = await chromeLauncher.launch({
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
  try {
    const audits: PageAudit[] = [];
    for (const page of pages) {
      // Once unmeasured, as a visitor before them would have: the page cache then holds it.
      await fetch(page.url);
      // Lighthouse's own advice: scores vary between runs, so take the median of several. On this
      // 2-core machine a run varies by up to ten points with whether Chromium paints before or after
      // the scripts arrive (docs/performance.md).
      const reports: Report[] = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await lighthouse(page.url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...LIGHTHOUSE_CATEGORIES],
        });
        if (!result?.lhr) throw new Error(`Lighthouse returned nothing for ${page.url}`);
        reports.push(result.lhr);
        if (result.lhr.runtimeError) break;
      }
      const performance = (report: Report) => report.categories.performance?.score ?? 0;
      const ordered = [...reports].sort((a, b) => performance(a) - performance(b));
      const lhr = ordered[Math.floor(ordered.length / 2)] ?? reports[0];
      if (!lhr) throw new Error(`Lighthouse returned nothing for ${page.url}`);
      const path = new URL(page.url).pathname + new URL(page.url).search;
      const performanceRuns = reports.map((report) => Math.round(performance(report) * 100));
      if (lhr.runtimeError) {
        audits.push({
          name: page.name,
          path,
          performanceRuns,
          metrics: "",
          shortfalls: [],
          runtimeError: lhr.runtimeError.message,
        });
        continue;
      }
      const metric = (id: string) => lhr.audits[id]?.displayValue ?? "–";
      const shortfalls: string[] = [];
      for (const category of ["accessibility", "seo"] as const) {
        for (const ref of lhr.categories[category]?.auditRefs ?? []) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
            shortfalls.push(`${category}: ${audit.title}`);
        }
      }
      audits.push({
        name: page.name,
        path,
        scores: LIGHTHOUSE_CATEGORIES.map((category) =>
          Math.round((lhr.categories[category]?.score ?? 0) * 100),
        ),
        performanceRuns,
        metrics:
          `FCP ${metric("first-contentful-paint")}, LCP ${metric("largest-contentful-paint")}, ` +
          `TBT ${metric("total-blocking-time")}, CLS ${metric("cumulative-layout-shift")}, ` +
          `Speed Index ${metric("speed-index")}`,
        shortfalls,
      });
    }
    return audits;
  } finally {
    await chrome.kill();
  }
}
