import { request as httpRequest } from "node:http";

/**
 * One answer of the product exactly as it went over the wire (status, headers, the body still
 * compressed), which both yardsticks then serve: the same bytes under the same Content-Encoding.
 */
export interface StaticFile {
  status: number;
  /** The product's headers, without those each server sets for itself (see `OWN_HEADERS`). */
  headers: Record<string, string>;
  body: Buffer;
}

/** Set by every server for each response (or per connection), so not copied. */
const OWN_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);

/**
 * GETs `url` with `headers` through node:http, which (unlike fetch) hands over the body as sent,
 * undecoded. Twice: the first may fill a cache, the second is what the bench's requests will get.
 */
export async function captureAnswer(url: string, headers: Record<string, string>): Promise<StaticFile> {
  await once(url, headers);
  return once(url, headers);
}

function once(url: string, headers: Record<string, string>): Promise<StaticFile> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("error", reject);
      incoming.on("end", () => {
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (value === undefined || OWN_HEADERS.has(name)) continue;
          kept[name] = Array.isArray(value) ? value.join(", ") : value;
        }
        resolve({ status: incoming.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) });
      });
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}
