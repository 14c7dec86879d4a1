import { PassThrough } from "node:stream";
import { urlForLog } from "@pharmacompare/http-serving";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  ServerRouter,
} from "react-router";
import { CSP_NONCE_HEADER, NonceContext } from "./lib/csp-nonce.ts";
import { logServerError } from "./lib/server-log.server.ts";

/** How long a render may wait for data before React gives up on what is still pending. */
export const streamTimeout = 5_000;

/**
 * Renders a document with the response's CSP nonce on every script React Router writes (the
 * hydration data and the module entry) and on our own inline scripts (decision 016). The whole
 * document is rendered before it is sent: our loaders resolve their data before rendering, so
 * there is nothing to stream, and search engines get complete pages.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = request.headers.get(CSP_NONCE_HEADER) ?? undefined;
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    let rendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
        nonce,
        // Never move a finished Suspense boundary (a part whose code the browser loads later, see
        // lib/load-when.tsx) to the end of the document behind a script: the whole document is sent
        // at once, so every part stays where it is written.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          rendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeout);
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
        },
        onShellError: reject,
        onError(error) {
          status = 500;
          // Errors before the document is ready reject the render and reach `handleError` below.
          if (rendered) logServerError("render failed after the document was ready", error);
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * A loader's, action's or render's error, logged through the web server's logger (decision 032)
 * where React Router would write it to the console; a visitor's cancelled request, or one for a
 * page that does not exist, is not a failure.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // A page that does not exist (404) or a request the router refuses (405) is the visitor's, not a failure.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  const url = new URL(request.url);
  logServerError(
    `${request.method} ${urlForLog(`${url.pathname}${url.search}`)} failed`,
    // React Router wraps an internal error (a 500 it made) in a response: log what was thrown.
    isRouteErrorResponse(error) && "error" in error && error.error ? error.error : error,
  );
};
