import { existsSync } from "node:fs";
import path from "node:path";
import { buildApi, loadApiConfig, openDatabase, prepareDatabase } from "@pharmacompare/api";
import { fallbackFiles, fallbackText, writeIfChanged } from "./fallback-file.ts";

/**
 * `npm run export:fallback`: writes the web's fallback file (apps/web/public/data/medications.json,
 * and the built copy when there is a build) from the database DATABASE_URL or DATA_DIR names,
 * migrated and seeded first as `npm start` would.
 */
const config = loadApiConfig();
const database = await openDatabase(config);
let api: Awaited<ReturnType<typeof buildApi>> | undefined;
try {
  await prepareDatabase(database, config, { info: () => {} });
  api = await buildApi({ config, database, logger: false });
  const { text, omitted } = await fallbackText(api);
  if (omitted.length > 0) {
    process.stderr.write(`left out ${omitted.length} entries the format cannot carry, e.g. ${omitted[0]}\n`);
  }
  for (const file of [fallbackFiles.source, fallbackFiles.built]) {
    if (file === fallbackFiles.built && !existsSync(path.dirname(file))) continue;
    const wrote = writeIfChanged(file, text);
    process.stdout.write(`${wrote ? "wrote" : "unchanged"} ${path.relative(process.cwd(), file)}\n`);
  }
} finally {
  // The API closes the database it was given; without one, close it here.
  await (api ? api.close() : database.close());
}
