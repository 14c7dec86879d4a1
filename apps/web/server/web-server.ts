import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { constants } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import { fastifyReactRouter } from "@mcansh/react-router-fastify";
import { type FastifyInstance, type FastifyServerOptions, fastify } from "fastify";
import { webConfig } from "../app/config.server.ts";
import { contentSecurityPolicy, inlineScriptHashes } from "./content-security-policy.ts";

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
  const config = webConfig();
  const policyBase = {
    connectOrigins: [new URL(config.apiUrl).origin],
    upgradeInsecureRequests: config.siteUrl.startsWith("https:"),
  };

  // Like any proxy, pass the visitor's address on: loaders that call the API for a visitor forward
  // this header, and the API (trusting this server's address, TRUST_PROXY) counts the visitor.
  app.addHook("onRequest", async (request) => {
    const previous = request.headers["x-forwarded-for"];
    const address = request.socket.remoteAddress;
    if (address) request.raw.headers["x-forwarded-for"] = previous ? `${previous}, ${address}` : address;
  });

  app.addHook("onSend", async (_request, reply, payload) => {
    reply.header("x-content-type-options", "nosniff");
    const type = reply.getHeader("content-type");
    if (typeof type !== "string" || !type.startsWith("text/html")) return payload;
    reply.headers(htmlSecurityHeaders);
    // The policy lists the hashes of this page's inline scripts, so the whole page is read first.
    const html = await readText(payload);
    reply.header(
      "content-security-policy",
      contentSecurityPolicy({ ...policyBase, scriptHashes: inlineScriptHashes(html) }),
    );
    return html;
  });

  // Registered after the policy hook, which must read the page uncompressed. Brotli at quality 4:
  // close to gzip -9 in size at a fraction of the CPU of the default (11, meant for prebuilt files).
  await app.register(fastifyCompress, {
    encodings: ["br", "gzip"],
    threshold: 1024,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await app.register(fastifyReactRouter, {
    mode: "production",
    serverBuildPath,
    clientBuildDirectory,
  });

  return app;
}

async function readText(payload: unknown): Promise<string> {
  if (typeof payload === "string") return payload;
  if (Buffer.isBuffer(payload)) return payload.toString("utf8");
  if (payload == null) return "";
  const chunks: Buffer[] = [];
  for await (const chunk of payload as Readable) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}
