import { resetAdminSecondFactor } from "@pharmacompare/api";
import { runAdminCommand } from "./admin-command.ts";

/** `npm run admin:reset-2fa`: for an administrator who lost their authenticator and recovery codes. */
await runAdminCommand<{ email?: string }>({
  usage: `Usage: npm run admin:reset-2fa -- <email>
       npm run admin:reset-2fa -- --email <email>

Removes a back-office administrator's two-step verification and recovery codes, and signs them
out everywhere. They then sign in with their password alone and can set it up again under
Profile Settings. Check who is asking before you run this: it undoes the second factor. With
the embedded database (no DATABASE_URL), stop the running app first.
`,
  flags: { email: { type: "string" } },
  positional: "email",
  async run(db, args) {
    const result = await resetAdminSecondFactor(db, args);
    const sessions = result.sessionsRevoked === 1 ? "1 session" : `${result.sessionsRevoked} sessions`;
    return [
      result.wasEnabled
        ? `Two-step verification removed for ${result.email}; ${sessions} signed out.`
        : `${result.email} did not have two-step verification on; ${sessions} signed out.`,
    ];
  },
});
