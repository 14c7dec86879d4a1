import { constants } from "node:zlib";
import type { FastifyCompressOptions } from "@fastify/compress";

/**
 * Response compression for both servers. Brotli at quality 4 compresses JSON and HTML about as
 * well as gzip -9 at a fraction of the CPU; the default (11) is meant for files built ahead of time.
 */
export const compressionOptions: FastifyCompressOptions = {
  encodings: ["br", "gzip"],
  threshold: 1024,
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
};
