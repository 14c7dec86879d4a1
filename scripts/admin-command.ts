import { type ParseArgsOptionsConfig, parseArgs } from "node:util";
import { AdminAccountError, type DatabaseHandle, loadApiConfig, openDatabase } from "@pharmacompare/api";

/**
 * The frame of the operator commands: parse flags (with --help), open and migrate the configured
 * database, run the action, print its lines, and turn an AdminAccountError into exit code 1.
 */
export async function runAdminCommand<Args extends Record<string, string | boolean | undefined>>(options: {
  usage: string;
  flags: ParseArgsOptionsConfig;
  /** The flag a single bare argument stands for (`-- x@y` as well as `-- --email x@y`). */
  positional?: string;
  run: (db: DatabaseHandle["db"], args: Args) => Promise<string[]>;
}): Promise<never> {
  let args: Args & { help?: boolean };
  try {
    const parsed = parseArgs({
      options: { ...options.flags, help: { type: "boolean", short: "h" } },
      allowPositionals: options.positional !== undefined,
    });
    if (parsed.positionals.length > 1) throw new Error(`Give one ${options.positional}, not several`);
    args = parsed.values as Args & { help?: boolean };
    if (options.positional && parsed.positionals[0] !== undefined) {
      args = { ...args, [options.positional]: args[options.positional] ?? parsed.positionals[0] };
    }
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
