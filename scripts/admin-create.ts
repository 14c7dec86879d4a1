import { parseArgs } from "node:util";
import { AdminAccountError, createAdminAccount, loadApiConfig, openDatabase } from "@pharmacompare/api";

const usage = `Usage: npm run admin:create -- --email <email> --name "<full name>" [--password <password>]

Creates a back-office administrator. Without --password a strong one is generated and shown
once; prefer that, since a password typed on the command line stays in the shell history.
With the embedded database (no DATABASE_URL), stop the running app first.
`;

/** `npm run admin:create`: adds an administrator and records it in the audit log. */
let args: { email?: string; name?: string; password?: string; help?: boolean };
try {
  args = parseArgs({
    options: {
      email: { type: "string" },
      name: { type: "string" },
      password: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  }).values;
} catch (err) {
  process.stderr.write(`${(err as Error).message}\n\n${usage}`);
  process.exit(2);
}
if (args.help) {
  process.stdout.write(usage);
  process.exit(0);
}

const config = loadApiConfig();
const database = await openDatabase(config);
let status = 0;
try {
  await database.migrate();
  const result = await createAdminAccount(database.db, args);
  process.stdout.write(`Administrator created: ${result.email}\n`);
  if (result.generatedPassword) {
    process.stdout.write(
      `Password (shown only now; change it under Profile Settings): ${result.generatedPassword}\n`,
    );
  }
} catch (err) {
  if (!(err instanceof AdminAccountError)) throw err;
  process.stderr.write(`${err.message}\n`);
  status = 1;
} finally {
  await database.close();
}
process.exit(status);
