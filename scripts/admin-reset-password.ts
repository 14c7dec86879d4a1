import { resetAdminPassword } from "@pharmacompare/api";
import { runAdminCommand } from "./admin-command.ts";

/** `npm run admin:reset-password`: for an administrator who cannot sign in. */
await runAdminCommand<{ email?: string; password?: string }>({
  usage: `Usage: npm run admin:reset-password -- --email <email> [--password <password>]

Sets a new password for a back-office administrator and signs them out everywhere. Without
--password a strong one is generated and shown once; prefer that, since a password typed on the
command line stays in the shell history. With the embedded database (no DATABASE_URL), stop the
running app first.
`,
  flags: { email: { type: "string" }, password: { type: "string" } },
  async run(db, args) {
    const result = await resetAdminPassword(db, args);
    const sessions = result.sessionsRevoked === 1 ? "1 session" : `${result.sessionsRevoked} sessions`;
    return [
      `Password reset for ${result.email}; ${sessions} signed out.`,
      ...(result.generatedPassword ? [`New password (shown only now): ${result.generatedPassword}`] : []),
    ];
  },
});
