import { type ParseArgsOptionsConfig, parseArgs } from "node:util";
import { AdminAccountError, type DatabaseHandle, loadApiConfig, openDatabase } from "@pharmacompare/api";

/**
 * A password never comes from the command line (issue 25): argv stays in shell history and any
 * local user can read it in the process list. It is piped on standard input instead.
 */
const PASSWORD_ARGUMENT_REFUSED =
  "--password is not accepted: a password on the command line stays in the shell history and shows in the " +
  "process list. Pipe it on standard input instead, e.g.\n" +
  '  printf \'%s\' "$NEW_PASSWORD" | npm run admin:create -- --email <email> --name "<name>"\n' +
  "or leave it out to have a strong one generated and shown once.";

/**
 * The password piped on standard input: everything up to the end of input, less one final line
 * break. Undefined when standard input is a terminal (nothing was piped) or empty: then a password
 * is generated.
 */
async function passwordFromStdin(): Promise<string | undefined> {
  if (process.stdin.isTTY) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks)
    .toString("utf8")
    .replace(/\r?\n$/, "");
  return text === "" ? undefined : text;
}

/**
 * The frame of the operator commands: parse flags (with --help), read a piped password when the
 * command takes one, open and migrate the configured database, run the action, print its lines,
 * and turn an AdminAccountError into exit code 1.
 */
export async function runAdminCommand<Args extends Record<string, string | boolean | undefined>>(options: {
  usage: string;
  flags: ParseArgsOptionsConfig;
  /** The flag a single bare argument stands for (`-- x@y` as well as `-- --email x@y`). */
  positional?: string;
  /** Reads `password` from standard input (never argv). */
  readsPassword?: boolean;
  run: (db: DatabaseHandle["db"], args: Args) => Promise<string[]>;
}): Promise<never> {
  if (process.argv.some((arg) => arg === "--password" || arg.startsWith("--password="))) {
    process.stderr.write(`${PASSWORD_ARGUMENT_REFUSED}\n`);
    process.exit(2);
  }
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
  if (options.readsPassword) args = { ...args, password: await passwordFromStdin() };

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
