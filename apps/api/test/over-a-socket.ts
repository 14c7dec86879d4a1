import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { Writable } from "node:stream";

/** An answer as a client on the wire gets it: status, headers and the body's bytes, undecoded. */
export interface SocketAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * One request over a real socket to `origin` (where `app.inject()` would bypass the server's
 * request listener), with exactly the headers given: no Origin or Accept-Encoding unless given.
 */
export function sendOverSocket(
  origin: string,
  path: string,
  headers: Record<string, string> = {},
  method = "GET",
): Promise<SocketAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(`${origin}${path}`, { method, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () =>
        resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }),
      );
      incoming.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

/** A pino destination that keeps each line, parsed, in `lines`. */
export function capturedLog(): { stream: Writable; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n")) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { stream, lines };
}
