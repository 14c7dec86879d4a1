/**
 * What "zod" means in the web bundles (aliased in vite.config.ts): zod itself, told not to
 * probe `new Function` to speed up parsing. Our Content-Security-Policy forbids eval (decision
 * 009), and the swallowed probe would still be reported as a policy violation. As the module
 * every schema imports, it runs before any schema on the page is built.
 *
 * The flag is set on the object zod keeps its configuration in (`globalThis.__zod_globalConfig`,
 * which zod's `config()` writes to) rather than through `config()`: importing `config` made every
 * page's first JavaScript carry zod's core (4 KB gzip, issue 47), since the page chrome reaches
 * this module through the contract's index even where no schema is used.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export * from "zod/v4";
