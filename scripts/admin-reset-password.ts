import { resetAdminPassword } from "@pharmacompare/api";
import { runAdminCommand } from "./admin-command.ts";

/** `npm run admin:reset-password`: for an administrator who cannot sign in. */
await runAdminCommand<{ email?: string; password?: string }>({
  usage: `Usage: npm run admin:reset-password -- --email <email>
       printf '%s' "$NEW_PASSWORD" | npm run admin:reset-password -- --email <email>

Sets a new password for a back-office administrator and signs them out everywhere. With nothing
piped in, a strong one is generated and shown once, and must be replaced at first sign-in; a
password of your own is read from standard input, never from the command line (which stays in
the shell history and the process list). With the embedded database (no DATABASE_URL), stop the
running app first.
`,
  flags: { email: { type: "string" } },
  readsPassword: true,
  async run(db, args) {
    const result = await resetAdminPassword(db, args);
    const sessions = result.sessionsRevoked === 1 ? "1 session" : `${result.sessionsRevoked} sessions`;
    return [
      `Password reset for ${result.email}; ${sessions} signed out.`,
      ...(result.generatedPassword ? [`New password (shown only now): ${result.generatedPassword}`] : []),
    ];
  },
});
