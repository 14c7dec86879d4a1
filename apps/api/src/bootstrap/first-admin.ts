import { sql } from "drizzle-orm";
import type { Database } from "../db/client.ts";
import { adminUsers } from "../db/schema.ts";
import { type ActorContext, auditedWrite } from "../modules/audit/index.ts";
import { checkedPassword, hashPassword } from "../modules/auth/index.ts";

/** Start-up acts on no one's behalf; the audit log names it "system". */
const SYSTEM: ActorContext = { actor: { id: null, email: "system" }, ipAddress: null };

export interface FirstAdminResult {
  created: boolean;
  userId: string | null;
  /** Set only when we generated the password: the caller shows it once and never stores it. */
  generatedPassword?: string;
}

/**
 * Creates the first administrator when there is none, from ADMIN_EMAIL / ADMIN_PASSWORD, or with
 * a generated password when none is configured. Existing admins are never touched. Refuses
 * (AdminAccountError, naming ADMIN_PASSWORD) a configured password a password change would refuse,
 * such as a common one, before anything is written.
 */
export async function ensureFirstAdmin(
  db: Database,
  options: { email: string; password?: string },
): Promise<FirstAdminResult> {
  const [existing] = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .orderBy(adminUsers.createdAt)
    .limit(1);
  if (existing) return { created: false, userId: existing.id };

  const { password, generated } = checkedPassword(options.password, "ADMIN_PASSWORD");
  const generatedPassword = generated ? password : undefined;
  const passwordHash = await hashPassword(password);
  return auditedWrite(db, SYSTEM, async (tx, audit) => {
    const [user] = await tx
      .insert(adminUsers)
      // Whoever read a generated password off the terminal must replace it at first sign-in; so
      // must the holder of ADMIN_PASSWORD, which sits in deployment files and process environments
      // other people can read (decision 030, a departure from 023).
      .values({ name: "Administrator", email: options.email, passwordHash, mustChangePassword: true })
      .onConflictDoNothing()
      .returning({ id: adminUsers.id });
    // Another process created it between our check and insert: theirs stands.
    if (!user) {
      const [other] = await tx
        .select({ id: adminUsers.id })
        .from(adminUsers)
        .where(sql`lower(${adminUsers.email}) = ${options.email}`);
      return { created: false, userId: other?.id ?? null };
    }
    await audit({
      action: "create",
      entityType: "admin_user",
      entityId: user.id,
      changes: { email: options.email, reason: "first administrator created at start-up" },
    });
    return { created: true, userId: user.id, generatedPassword };
  });
}
