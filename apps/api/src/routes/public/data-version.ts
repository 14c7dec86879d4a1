import { publicEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { readPublicDataChangesSince, readPublicDataVersion } from "../../cache/data-version.ts";
import { registerEndpoint } from "../register-endpoint.ts";

/**
 * The public data's version, read from the database on every call (one primary-key lookup) so a
 * page cache in front of several API processes never hears an older one than was committed.
 * Read where the public reads go (decision 065): from a replica, the version it has replayed, so a
 * page cached under it is built from data at least that new (the replica replays in commit order,
 * and a read that falls back to the primary sees more, never less).
 */
export const dataVersionRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, publicEndpoints.dataVersion, async (request, reply) => {
    reply.header("cache-control", "no-store");
    const { since } = request.query;
    // With `since`: what changed after it, so a page cache drops only those pages (decision 063).
    if (since !== undefined) return readPublicDataChangesSince(app.database.read, since);
    return { version: await readPublicDataVersion(app.database.read) };
  });
};
