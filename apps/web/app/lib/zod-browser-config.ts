import { z } from "zod";

/**
 * In the browser zod must not probe `new Function` to speed up parsing: our Content-Security-Policy
 * forbids eval (decision 009), and the swallowed probe is still reported as a policy violation.
 * Imported first by root.tsx so it runs before any schema is built on the page.
 */
if (typeof document !== "undefined") z.config({ jitless: true });
