import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  clientDir,
  gzipSize,
  publicRouteIds,
  readManifest,
  routeFiles,
  routeJavaScript,
} from "../../../scripts/route-javascript.ts";

/**
 * Page budget (issue 14): the JavaScript a visitor downloads for a public route — the client
 * entry, the root route and the route's own module with every chunk they import — in gzip bytes.
 * Measured over the build output the browser journeys use; built here when missing (a present
 * build is measured as it is, so a browser suite using it is never disturbed). The measure is
 * scripts/route-javascript.ts, which `npm run bench` prints against the goal too.
 *
 * The goal is 120 KB and is MISSED: public routes are 122–137 KB, of which React and React Router
 * alone are 105 KB (docs/performance.md). zod and the contract's schemas, 46 KB, load only when a
 * visitor sends a form or asks the API something from the browser (decision 025); the second test
 * keeps them out. This test holds the line at today's ceiling, so no change makes it worse; lower
 * it as routes shrink, down to 120 KB. Raised from 137 to 138 KB for words the law asks the
 * condition page to carry (issue 32): the prescription-only sentence (decision 035), the price
 * alert's explicit consent and who sets the ratings (decision 036). Raised from 138 to 141 KB for
 * the condition page's cost of a course (issue 30, decision 042): its GET form, each pharmacy's
 * course total with what it holds, and the cheapest mix, server-rendered and zod-free. Raised from
 * 141 to 142 KB for the words on a price that may be out of date and the day it was last confirmed
 * (issue 29, decision 048). Raised from 142 to 143 KB for the NHS route beside the prices (issue 44,
 * decision 056): the "On the NHS" panel's sentences and links and the course's NHS figure, zod-free.
 * Raised from 143 to 145 KB for the rest of issue 44: the view of introductory prices with its
 * arithmetic (decision 057) and the consultation link's choice (decision 058). Raised from 145 to 146
 * KB for issue 45's price context (decision 059): the label and sentence above the history chart and
 * the list of its events, server-rendered and zod-free (144.75 KB before, 145.3 KB after). Lowered
 * from 146 to 141 KB by issue 47's first cut: the root's `site` chunk from 18.3 to 9.2 KB (zod's
 * core no longer reached through the contract's index; the cookie banner, subscription pop-up, kept
 * price alerts and the footer's subscribe form, and the home page's search suggestions, loaded when
 * idle, seen or used through lib/load-when.tsx). Condition 140.1 KB, home 127.6, others 115–125.
 * Lowered from 141 to 138 KB by its second: the condition page's price history section, with its
 * request code, loaded as it nears the screen (condition 140.1 to 137.8 KB). The price alert form
 * stays: its sending code must be fetched while it is filled in (decision 025). Its third: the home
 * page's lower sections (how it works, the partner carousel, why choose us, the latest posts) load
 * as they near the screen (home 127.6 to 122.7 KB); the condition page is still the worst route.
 */
const CEILING_GZIP_BYTES = 138 * 1024;
/** zod's own error class name, which its bundled code always spells out. */
const ZOD_MARK = "ZodError";

describe("page budget", () => {
  it("keeps every public route's JavaScript within today's ceiling (goal: 120 KB gzip)", {
    timeout: 300_000,
  }, () => {
    const manifest = readManifest();
    const publicRoutes = publicRouteIds(manifest);
    expect(publicRoutes).toContain("routes/condition");
    const over = publicRoutes
      .map((id) => ({ id, kb: Math.round(routeJavaScript(manifest, id) / 102.4) / 10 }))
      .filter(({ kb }) => kb * 1024 > CEILING_GZIP_BYTES);
    expect(over).toEqual([]);
  });

  it("loads no zod before a visitor sends something (the schemas come with the API client)", () => {
    const manifest = readManifest();
    const withZod = publicRouteIds(manifest).filter((id) =>
      [...routeFiles(manifest, id)].some((file) =>
        readFileSync(path.join(clientDir, file), "utf8").includes(ZOD_MARK),
      ),
    );
    expect(withZod).toEqual([]);
    // The mark is real: the back-office, which checks every answer in the browser, carries it.
    const admin = Object.keys(manifest.routes).filter((id) => id.startsWith("routes/admin"));
    const adminFiles = new Set(admin.flatMap((id) => [...routeFiles(manifest, id)]));
    expect(
      [...adminFiles].some((file) => readFileSync(path.join(clientDir, file), "utf8").includes(ZOD_MARK)),
    ).toBe(true);
  });

  it("fetches the subscription pop-up's dialog only when it is due, not with any page", () => {
    const manifest = readManifest();
    const withDialog = publicRouteIds(manifest).filter((id) =>
      [...routeFiles(manifest, id)].some((file) =>
        readFileSync(path.join(clientDir, file), "utf8").includes("No Thanks"),
      ),
    );
    expect(withDialog).toEqual([]);
  });

  it("sends the root route's own code as one file, not a score of small ones", () => {
    const manifest = readManifest();
    const root = [...routeFiles(manifest, "root")].map((file) =>
      path.basename(file).replace(/-[\w-]{8}\.js$/, ""),
    );
    expect(root.sort()).toEqual(["entry.client", "framework", "rolldown-runtime", "root", "site"]);
  });

  it("counts what a route imports (a sanity check of the measure)", () => {
    const manifest = readManifest();
    expect(routeJavaScript(manifest, "routes/condition")).toBeGreaterThan(gzipSize(manifest.entry.module));
  });
});
