import { createHash, randomBytes } from "node:crypto";
import { databaseSchema } from "@pharmacompare/api";
import { API_KEY_PREFIX_LENGTH, API_KEY_SCHEME } from "@pharmacompare/contract";
import { withProductDatabase } from "./product.ts";

/**
 * An open-API key for the bench (decision 062), written into the product's database before it
 * starts (PGlite admits one process). Its quotas are far past anything staff may set, so wrk
 * measures the read with its key check and counting, never the 429 a real quota would give.
 */
export async function addBenchKey(target: {
  dataDir: string;
  databaseUrl?: string | undefined;
}): Promise<string> {
  return withProductDatabase(target, async (database) => {
    const key = `${API_KEY_SCHEME}${randomBytes(32).toString("base64url")}`;
    await database.db.insert(databaseSchema.apiKeys).values({
      name: "bench",
      prefix: key.slice(0, API_KEY_PREFIX_LENGTH),
      keyHash: createHash("sha256").update(key).digest("hex"),
      perMinute: 1_000_000_000,
      perDay: 1_000_000_000,
    });
    return key;
  });
}
