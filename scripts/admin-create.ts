import { createAdminAccount } from "@pharmacompare/api";
import { runAdminCommand } from "./admin-command.ts";

/** `npm run admin:create`: adds an administrator and records it in the audit log. */
await runAdminCommand<{ email?: string; name?: string; password?: string }>({
  usage: `Usage: npm run admin:create -- --email <email> --name "<full name>" [--password <password>]

Creates a back-office administrator. Without --password a strong one is generated and shown
once; prefer that, since a password typed on the command line stays in the shell history.
With the embedded database (no DATABASE_URL), stop the running app first.
`,
  flags: { email: { type: "string" }, name: { type: "string" }, password: { type: "string" } },
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
