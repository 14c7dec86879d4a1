import { config } from "zod/v4";

/**
 * What "zod" means in the web bundles (aliased in vite.config.ts): zod itself, told not to
 * probe `new Function` to speed up parsing. Our Content-Security-Policy forbids eval (decision
 * 009), and the swallowed probe would still be reported as a policy violation. As the module
 * every schema imports, it runs before any schema on the page is built.
 */
config({ jitless: true });

export * from "zod/v4";
