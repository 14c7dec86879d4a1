import { fileURLToPath } from "node:url";
import { fastifyReactRouter } from "@mcansh/react-router-fastify";
import { type FastifyInstance, type FastifyServerOptions, fastify } from "fastify";

/** This package's production build, located from this file so the caller's cwd does not matter. */
const serverBuildPath = fileURLToPath(new URL("../build/server/index.js", import.meta.url));
const clientBuildDirectory = fileURLToPath(new URL("../build/client", import.meta.url));

/** Sent with every page; the API sets its own. */
const htmlSecurityHeaders = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "DENY",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
} as const;

export interface WebServerOptions {
  /** Fastify's logger option: `false` (default) or a pino configuration. */
  logger?: FastifyServerOptions["logger"];
}

/**
 * The public web server: React Router's production build (`react-router build` must have run)
 * behind Fastify, with static assets from `build/client`. It does not listen: the caller does.
 */
export async function createWebServer(options: WebServerOptions = {}): Promise<FastifyInstance> {
  const app = fastify({ logger: options.logger ?? false });

  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("x-content-type-options", "nosniff");
    const type = reply.getHeader("content-type");
    if (typeof type === "string" && type.startsWith("text/html")) reply.headers(htmlSecurityHeaders);
    return payload;
  });

  await app.register(fastifyReactRouter, {
    mode: "production",
    serverBuildPath,
    clientBuildDirectory,
  });

  return app;
}
