import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifyCors from "@fastify/cors";
import fastifyHelmet from "@fastify/helmet";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import { BACK_OFFICE_REQUEST_HEADER, BACK_OFFICE_REQUEST_VALUE } from "@pharmacompare/contract";
import { chooseLogFormat, oneLinePerRequest } from "@pharmacompare/http-serving";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { onPublicDataCommitted } from "./cache/data-version.ts";
import { answerCacheHitsEarly } from "./cache/early-answers.ts";
import { registerResponseCache, serveCachedResponses } from "./cache/register-response-cache.ts";
import type { ResponseCacheOptions } from "./cache/response-cache.ts";
import { type ApiConfig, configWarnings } from "./config.ts";
import type { DatabaseHandle } from "./db/client.ts";
import { openJobQueue } from "./jobs/queue.ts";
import { loggerOptions } from "./logger.ts";
import { createBrowserSession, createSecretBox, normaliseOrigin, secretKeys } from "./modules/auth/index.ts";
import { createServices } from "./modules/index.ts";
import { limitBodyTime } from "./plugins/body-timeout.ts";
import { compressionOptions } from "./plugins/compression.ts";
import { refuseWhileDatabaseUnavailable } from "./plugins/database-availability.ts";
import { frameworkErrors, registerErrorHandling } from "./plugins/error-handler.ts";
import { registerHttpCache } from "./plugins/http-cache.ts";
import { warnOfUndeclaredProxy } from "./plugins/undeclared-proxy.ts";
import { markRoutesPublic, registerAccessGuard } from "./routes/admin/access-guard.ts";
import { adminRoutes } from "./routes/admin/index.ts";
import { healthRoutes } from "./routes/health.ts";
import { openRoutes } from "./routes/open/index.ts";
import { registerApiKeyGuard } from "./routes/open/key-guard.ts";
import { publicRoutes } from "./routes/public/index.ts";
import { collectRoutes } from "./routes/register-endpoint.ts";

export interface BuildApiOptions {
  config: ApiConfig;
  database: DatabaseHandle;
  /** Overrides the pino logger (tests pass false). */
  logger?: FastifyServerOptions["logger"];
  /** The clock for sessions, sign-in throttling, audit entries, write limits and email (tests move it forward). */
  now?: () => Date;
  /** The public-read response cache's bounds, or false for none (cache/response-cache.ts). */
  responseCache?: ResponseCacheOptions | false;
  /** How long a request body may take to arrive, in milliseconds (tests make it short). */
  bodyTimeoutMs?: number;
}

/**
 * The API as one Fastify instance: external plugins, then app services, then routes.
 * The caller owns the database handle's lifetime; `app.close()` closes it too.
 */
export async function buildApi({
  config,
  database,
  logger,
  now,
  responseCache,
  bodyTimeoutMs,
}: BuildApiOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Readable lines in a developer's terminal, JSON anywhere else (decision 039).
    logger: logger ?? loggerOptions(config.logLevel, "api", chooseLogFormat(process.stdout, config.nodeEnv)),
    // One line per request (decision 050).
    logController: oneLinePerRequest(),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  limitBodyTime(app, bodyTimeoutMs);
  // HTML forms and mail clients' one-click unsubscribe (RFC 8058: `List-Unsubscribe=One-Click`).
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  registerHttpCache(app);
  // LISTEN holds a session, so behind a pooler in transaction mode it takes the direct connection (decision 065).
  registerResponseCache(app, database, {
    databaseUrl: config.databaseDirectUrl ?? config.databaseUrl,
    cache: responseCache,
  });
  followReplica(app, database);

  await app.register(fastifyHelmet, {
    // The API serves JSON (and the docs UI, which needs its own inline assets).
    contentSecurityPolicy: false,
    crossOriginResourcePolicy: { policy: "same-site" },
  });
  const webOrigins = config.webOrigins.map(normaliseOrigin).filter((origin) => origin !== null);
  const corsOptions = {
    origin: webOrigins,
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    allowedHeaders: ["Content-Type", "Authorization", "If-None-Match", BACK_OFFICE_REQUEST_HEADER],
    exposedHeaders: ["ETag"],
    maxAge: 600,
  };
  await app.register(fastifyCors, {
    // The back-office sends its session cookie (decision 028): credentials are allowed, and said
    // to be, only to the allow-listed origins; every other caller gets no Allow-Credentials.
    delegator: (request, callback) => {
      // The open API (decision 062) is read from anywhere: any origin may GET it with a key,
      // never with credentials (a key is not a cookie), and may read its quota headers.
      if (request.url?.startsWith("/api/open/")) {
        callback(null, {
          origin: "*",
          methods: ["GET", "HEAD"],
          allowedHeaders: ["Authorization"],
          exposedHeaders: ["RateLimit", "RateLimit-Policy", "Retry-After"],
          credentials: false,
          maxAge: 600,
        });
        return;
      }
      const origin = request.headers.origin;
      callback(null, { ...corsOptions, credentials: origin !== undefined && webOrigins.includes(origin) });
    },
  });
  // Cookies are read only where a session may come from one (the admin guard), not on every request.
  await app.register(fastifyCookie, { hook: false });
  app.decorate(
    "browserSession",
    createBrowserSession((header) => app.parseCookie(header), { apiUrl: config.apiUrl, webOrigins }),
  );
  // After the cache hook, so ETags are computed on the uncompressed body.
  await app.register(fastifyCompress, compressionOptions);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: "PharmaCompare API",
        description: "Prices of medications at UK online pharmacies, and the back-office that keeps them.",
        version: "1.0.0",
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: "http", scheme: "bearer" },
          openDataKey: {
            type: "http",
            scheme: "bearer",
            description:
              "An open-API key issued by staff in the back-office (decision 062), as Authorization: Bearer <key>. Each key has a quota per minute and per UK day, stated in the RateLimit-Policy and RateLimit headers; past one, 429 with Retry-After.",
          },
          sessionCookie: {
            type: "apiKey",
            in: "cookie",
            name: app.browserSession.cookieName,
            description: `The back-office's session (decision 028), set by a sign-in from an allowed web origin. A write on it must also send that Origin and ${BACK_OFFICE_REQUEST_HEADER}: ${BACK_OFFICE_REQUEST_VALUE}, else 403 (code csrf).`,
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The reference is public in development; in production only when API_DOCS says so.
  if (config.apiDocs) {
    await app.register(async (docs) => {
      markRoutesPublic(docs);
      await docs.register(fastifySwaggerUi, { routePrefix: "/docs" });
    });
  }

  for (const warning of configWarnings(config)) app.log.warn(warning);
  if (config.nodeEnv === "production") warnOfUndeclaredProxy(app);

  // A pooled connection the database server dropped: the pool replaces it, the log says so.
  database.onPoolError?.((error) => app.log.error({ err: error }, "database connection error"));
  app.decorate("database", database);
  const secretBox = createSecretBox(secretKeys(config));
  app.decorate(
    "services",
    createServices(database.db, {
      config,
      log: app.log,
      now,
      secretBox,
      read: database.read,
      openQueue: () => openJobQueue(database, app.log),
    }),
  );
  refuseWhileDatabaseUnavailable(app);
  collectRoutes(app);
  registerAccessGuard(app);
  registerApiKeyGuard(app);
  // The last onRequest hook: a hit is answered with every header the hooks above set.
  serveCachedResponses(app);
  // …and over a socket, most hits before Fastify sees them at all.
  answerCacheHitsEarly(app, { trustProxy: config.trustProxy });
  // Before the database closes: the outbox worker (if started) finishes the message in hand.
  // Both stop at once: a scheduled job still running (the price index's, say) must not leave the
  // outbox taking new messages while it finishes.
  app.addHook("preClose", async () => {
    await Promise.all([
      app.services.jobs.stop(),
      app.services.outbox.stop(),
      app.services.sharedCache.stop(),
    ]);
    // The click-outs counted since the last batch (decision 044).
    await app.services.clickOuts.stop();
  });
  app.addHook("onClose", async () => {
    await database.close();
  });

  if (config.apiDocs)
    app.get("/openapi.json", { schema: { hide: true }, config: { access: "public" } }, async () =>
      app.swagger(),
    );
  await app.register(healthRoutes);
  await app.register(publicRoutes);
  await app.register(openRoutes);
  await app.register(adminRoutes);

  return app;
}

/**
 * A replica answers public reads only once it holds the version this process computes answers
 * under (decision 065): the response cache's version, heard on the primary, and this process's own
 * commits, so neither a cache nor a visitor who just wrote gets an older answer than the primary's.
 * Its health is checked in the background from start-up and logged once per change.
 */
function followReplica(app: FastifyInstance, database: DatabaseHandle): void {
  const replica = database.replica;
  if (!replica) return;
  replica.followVersions(() => app.responseCache?.version ?? -1);
  const unsubscribe = onPublicDataCommitted(database.db, (version) => replica.atLeast(version));
  app.addHook("onReady", () => replica.start(app.log));
  app.addHook("onClose", async () => unsubscribe());
}
