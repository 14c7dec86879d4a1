import { type ParseArgsOptionsConfig, parseArgs } from "node:util";
import { AdminAccountError, type DatabaseHandle, loadApiConfig, openDatabase } from "@pharmacompare/api";

/**
 * The frame of the operator commands: parse flags (with --help), open and migrate the configured
 * database, run the action, print its lines, and turn an AdminAccountError into exit code 1.
 */
export async function runAdminCommand<Args extends Record<string, string | boolean | undefined>>(options: {
  usage: string;
  flags: ParseArgsOptionsConfig;
  run: (db: DatabaseHandle["db"], args: Args) => Promise<string[]>;
}): Promise<never> {
  let args: Args & { help?: boolean };
  try {
    args = parseArgs({ options: { ...options.flags, help: { type: "boolean", short: "h" } } })
      .values as Args & {
      help?: boolean;
    };
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\n${options.usage}`);
    process.exit(2);
  }
  if (args.help) {
    process.stdout.write(options.usage);
    process.exit(0);
  }

  const database = await openDatabase(loadApiConfig());
  let status = 0;
  try {
    await database.migrate();
    for (const line of await options.run(database.db, args)) process.stdout.write(`${line}\n`);
  } catch (err) {
    if (!(err instanceof AdminAccountError)) throw err;
    process.stderr.write(`${err.message}\n`);
    status = 1;
  } finally {
    await database.close();
  }
  process.exit(status);
}
