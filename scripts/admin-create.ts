import { createAdminAccount } from "@pharmacompare/api";
import { runAdminCommand } from "./admin-command.ts";

/** `npm run admin:create`: adds an administrator and records it in the audit log. */
await runAdminCommand<{ email?: string; name?: string; password?: string }>({
  usage: `Usage: npm run admin:create -- --email <email> --name "<full name>"
       printf '%s' "$NEW_PASSWORD" | npm run admin:create -- --email <email> --name "<full name>"

Creates a back-office administrator. With nothing piped in, a strong password is generated and
shown once, and must be replaced at first sign-in; a password of your own is read from standard
input, never from the command line (which stays in the shell history and the process list).
With the embedded database (no DATABASE_URL), stop the running app first.
`,
  flags: { email: { type: "string" }, name: { type: "string" } },
  readsPassword: true,
  async run(db, args) {
    const result = await createAdminAccount(db, args);
    return [
      `Administrator created: ${result.email}`,
      ...(result.generatedPassword
        ? [`Password (shown only now; change it under Profile Settings): ${result.generatedPassword}`]
        : []),
    ];
  },
});
