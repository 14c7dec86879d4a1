import { parseArgs } from "node:util";
import { AdminAccountError, loadApiConfig, openDatabase, resetAdminPassword } from "@pharmacompare/api";

const usage = `Usage: npm run admin:reset-password -- --email <email> [--password <password>]

Sets a new password for a back-office administrator and signs them out everywhere. Without
--password a strong one is generated and shown once; prefer that, since a password typed on the
command line stays in the shell history. With the embedded database (no DATABASE_URL), stop the
running app first.
`;

/** `npm run admin:reset-password`: for an administrator who cannot sign in. */
let args: { email?: string; password?: string; help?: boolean };
try {
  args = parseArgs({
    options: {
      email: { type: "string" },
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
  const result = await resetAdminPassword(database.db, args);
  const sessions = result.sessionsRevoked === 1 ? "1 session" : `${result.sessionsRevoked} sessions`;
  process.stdout.write(`Password reset for ${result.email}; ${sessions} signed out.\n`);
  if (result.generatedPassword) {
    process.stdout.write(`New password (shown only now): ${result.generatedPassword}\n`);
  }
} catch (err) {
  if (!(err instanceof AdminAccountError)) throw err;
  process.stderr.write(`${err.message}\n`);
  status = 1;
} finally {
  await database.close();
}
process.exit(status);
