// The layering of docs/architecture.md, checked by `npm run lint` (issue 43): no import circles,
// the two apps apart, the contract depending on nothing of ours, features reached only through
// their index.ts, and one direction from routes to modules to infrastructure. Paths are relative
// to the repository root. scripts/dependency-rules.test.ts proves each rule can fail.

const API = "^apps/api/src/";
const WEB = "^apps/web/app/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "A circle makes load order fragile and the pieces impossible to read alone: break it.",
      from: {},
      to: { circular: true },
    },
    {
      name: "web-not-to-api",
      severity: "error",
      comment: "The web app talks to the API over HTTP through packages/contract, never by import.",
      from: { path: "^apps/web/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^apps/api/" },
    },
    {
      // A web test may check its copy against the API's demo catalogue (lib/popular-searches.test.ts
      // names no medicine of it); nothing that ships is a test, so the app stays apart.
      name: "web-test-not-to-api-beyond-demo-data",
      severity: "error",
      comment: "A web test reads at most the API's demo data, never its code.",
      from: { path: "^apps/web/.+\\.test\\.tsx?$" },
      to: { path: "^apps/api/", pathNot: "^apps/api/src/demo-data/" },
    },
    {
      name: "api-not-to-web",
      severity: "error",
      comment: "The API knows nothing of the web app.",
      from: { path: "^apps/api/" },
      to: { path: "^apps/web/" },
    },
    {
      name: "contract-imports-nothing-of-ours",
      severity: "error",
      comment: "packages/contract is shared by both apps: it may use npm packages, not our code.",
      from: { path: "^packages/contract/" },
      to: { path: "^(apps|packages|scripts|bench|faults|topology|e2e)/", pathNot: "^packages/contract/" },
    },
    {
      name: "module-through-its-index",
      severity: "error",
      comment: "Another feature is reached only through modules/<feature>/index.ts, its public face.",
      from: { path: `${API}modules/([^/]+)/` },
      to: {
        path: `${API}modules/[^/]+/`,
        pathNot: [`${API}modules/$1/`, `${API}modules/[^/]+/index\\.ts$`],
      },
    },
    {
      name: "route-through-module-index",
      severity: "error",
      comment: "A route reaches a feature only through modules/<feature>/index.ts, its public face.",
      from: { path: `${API}routes/` },
      to: { path: `${API}modules/[^/]+/`, pathNot: `${API}modules/[^/]+/index\\.ts$` },
    },
    {
      name: "module-not-to-routes",
      severity: "error",
      comment: "Layers point one way: routes -> modules -> infrastructure.",
      from: { path: `${API}modules/` },
      to: { path: `${API}routes/` },
    },
    {
      name: "infrastructure-not-to-features",
      severity: "error",
      comment:
        "Shared infrastructure (db, email, cache, plugins, the scheduler, config, logger, domain) serves every feature and imports none.",
      from: { path: `${API}(db/|email/|cache/|plugins/|jobs/|domain/|config\\.ts$|logger\\.ts$)` },
      to: { path: `${API}(modules|routes)/` },
    },
    {
      name: "admin-screen-not-to-other-screen",
      severity: "error",
      comment: "A back-office screen uses admin/kit/, components/ and lib/, never another screen's folder.",
      from: { path: `${WEB}admin/([^/]+)/` },
      to: { path: `${WEB}admin/[^/]+/`, pathNot: `${WEB}admin/($1|kit)/` },
    },
    {
      name: "page-not-to-other-page",
      severity: "error",
      comment: "A public page uses components/ and lib/, never another page's folder.",
      from: { path: `${WEB}pages/([^/]+)/` },
      to: { path: `${WEB}pages/[^/]+/`, pathNot: `${WEB}pages/$1/` },
    },
    {
      name: "shared-web-not-to-screens",
      severity: "error",
      comment: "components/ and lib/ are shared by screens and pages, so they import neither.",
      from: { path: `${WEB}(components|lib)/` },
      to: { path: `${WEB}(admin|pages)/` },
    },
  ],
  options: {
    // Our own files only: npm packages are leaves.
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|build|\\.react-router|test-results|playwright-report)/" },
    // The project's TypeScript is 7 (the native compiler), which has no JavaScript API for
    // dependency-cruiser to parse with (it supports typescript <7), so it parses with swc. swc
    // keeps type-only imports (a circle through types is still a circle to a reader); the option
    // tsPreCompilationDeps would ask for the TypeScript API, so it stays off.
    parser: "swc",
    // Workspace packages resolve through their package.json "exports" to the source files.
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "default", "node"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
