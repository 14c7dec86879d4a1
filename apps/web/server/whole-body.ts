import type { Readable } from "node:stream";

/**
 * A response payload as one Buffer: a string or Buffer as it is, a stream read to its end; null
 * for anything else (no body). The render hands its HTML over only once the whole document is
 * ready (entry.server.tsx's onAllReady), so reading the stream delays no byte: it lets the page be
 * compressed in one call rather than a call per chunk React writes (issue 33).
 */
export async function wholeBody(payload: unknown): Promise<Buffer | null> {
  if (typeof payload === "string") return Buffer.from(payload);
  if (Buffer.isBuffer(payload)) return payload;
  if (payload && typeof (payload as Readable)[Symbol.asyncIterator] === "function") {
    const chunks: Buffer[] = [];
    for await (const chunk of payload as Readable) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }
  return null;
}
