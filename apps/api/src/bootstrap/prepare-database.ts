import type { FastifyBaseLogger } from "fastify";
import type { ApiConfig } from "../config.ts";
import type { DatabaseHandle } from "../db/client.ts";
import { createSecretBox, resealTotpSecrets, secretKeys } from "../modules/auth/index.ts";
import { resealFeedHeaders } from "../modules/feeds/index.ts";
import {
  type DemoLifeConfig,
  isCatalogueEmpty,
  seedDemoCatalogue,
  seedDemoPriceIndex,
} from "../seed/seed-demo.ts";
import { ensureFirstAdmin } from "./first-admin.ts";

type Log = Pick<FastifyBaseLogger, "info">;
type PrepareConfig = Pick<
  ApiConfig,
  "adminEmail" | "adminPassword" | "seedDemo" | "secretsKey" | "secretsKeyPrevious" | "dataDir"
> &
  DemoLifeConfig;

/**
 * Everything a fresh or existing database needs before the API serves: migrations, secrets sealed
 * under the current SECRETS_KEY (decision 030), the first administrator, and the demo catalogue when the catalogue is empty (unless SEED_DEMO=false).
 * Under the start-up lock, so processes starting together seed once and never collide.
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
  config: PrepareConfig,
  log: Log,
  print: (text: string) => void = (text) => process.stdout.write(text),
): Promise<{ passwordPrinted: boolean }> {
  return handle.withStartupLock(() => prepareUnlocked(handle, config, log, print));
}

async function prepareUnlocked(
  handle: DatabaseHandle,
  config: PrepareConfig,
  log: Log,
  print: (text: string) => void,
): Promise<{ passwordPrinted: boolean }> {
  await handle.migrate();
  const box = createSecretBox(secretKeys(config));
  const resealed = await resealTotpSecrets(handle.db, box);
  if (resealed > 0)
    log.info({ accounts: resealed }, "two-step verification secrets encrypted under SECRETS_KEY");
  const feeds = await resealFeedHeaders(handle.db, box);
  if (feeds.resealed > 0) log.info({ feeds: feeds.resealed }, "feed credentials encrypted under SECRETS_KEY");
  if (feeds.unreadable > 0) {
    log.info(
      { feeds: feeds.unreadable },
      "SECRETS_KEY cannot decrypt some feed credentials: those feeds fail until staff enter them again",
    );
  }
  const admin = await ensureFirstAdmin(handle.db, {
    email: config.adminEmail,
    password: config.adminPassword,
  });
  if (admin.generatedPassword) {
    // Shown once on the console, never logged or stored in clear.
    print(
      [
        "",
        "  First administrator created. Sign in at /admin/login with:",
        `    email:    ${config.adminEmail}`,
        `    password: ${admin.generatedPassword}`,
        "  This password is shown only now. You will be asked to choose your own when you first sign in.",
        "",
        "",
      ].join("\n"),
    );
  } else if (admin.created) {
    log.info(
      { email: config.adminEmail },
      "first administrator created from ADMIN_PASSWORD; it must be changed at first sign-in",
    );
  }
  // Only the first seeding writes the demo's prices (decision 053): a restart confirms nothing, and
  // a demo left running is kept alive by the daily demo job (modules/prices/demo-prices-job.ts) instead.
  if (config.seedDemo && (await isCatalogueEmpty(handle.db))) {
    const summary = await seedDemoCatalogue(handle.db, { createdBy: admin.userId, life: config });
    log.info(summary, "demo catalogue seeded");
    // The price index from the seeded history (decision 061), so its last month shows at once.
    log.info(await seedDemoPriceIndex(handle.db), "demo price index computed");
  }
  // The caller repeats that a password was printed once start-up's lines are done (scripts/start.ts).
  return { passwordPrinted: admin.generatedPassword !== undefined };
}
