import { type AdminSessionSummary, endedOthersMessage, sessionMessages } from "@pharmacompare/contract";
import { and, desc, eq, gt, isNull, ne } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { adminSessions } from "../../db/schema.ts";
import { badRequest, notFound } from "../../domain/refusal.ts";
import type { AuditService } from "../audit/index.ts";
import { type AdminPrincipal, actingAs } from "./auth-service.ts";
import type { ClientInfo } from "./client-info.ts";
import { describeDevice } from "./device-description.ts";

/**
 * An administrator's own sessions (ASVS 3.3.4): where they are signed in, and ending any of them.
 * Every query is scoped to the presenting account, so another account's session id is simply not
 * found. Ending one is audited in the same transaction.
 */
export function createAdminSessionsService(db: Database, options: { now: () => Date; audit: AuditService }) {
  const { now, audit } = options;

  /** A session that can still be used: not ended, and neither expiry reached. */
  const live = (userId: string, at: Date) =>
    and(
      eq(adminSessions.userId, userId),
      isNull(adminSessions.revokedAt),
      gt(adminSessions.idleExpiresAt, at),
      gt(adminSessions.absoluteExpiresAt, at),
    );

  return {
    /** Newest sign-in first; the presenting session is marked current. */
    async list(principal: AdminPrincipal): Promise<{ sessions: AdminSessionSummary[] }> {
      const rows = await db
        .select()
        .from(adminSessions)
        .where(live(principal.user.id, now()))
        .orderBy(desc(adminSessions.createdAt), desc(adminSessions.id));
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          signedInAt: row.createdAt.toISOString(),
          lastUsedAt: row.lastUsedAt.toISOString(),
          ipAddress: row.ipAddress,
          device: describeDevice(row.userAgent),
          current: row.id === principal.session.id,
        })),
      };
    },

    /** Ends one other live session of this account; the presenting one is ended by signing out. */
    async end(principal: AdminPrincipal, id: string, client: ClientInfo) {
      if (id === principal.session.id) throw badRequest(sessionMessages.currentSession, "id");
      return audit.write(actingAs(principal, client), async (tx, record, at) => {
        const [ended] = await tx
          .update(adminSessions)
          .set({ revokedAt: at })
          .where(and(eq(adminSessions.id, id), live(principal.user.id, at)))
          .returning({ id: adminSessions.id });
        if (!ended) throw notFound(sessionMessages.notFound);
        await record({ action: "session_ended", entityType: "admin_session", entityId: ended.id });
        return { message: sessionMessages.ended, ended: 1 };
      });
    },

    /** "Sign out everywhere else": ends every live session of this account but the presenting one. */
    async endOthers(principal: AdminPrincipal, client: ClientInfo) {
      return audit.write(actingAs(principal, client), async (tx, record, at) => {
        const ended = await tx
          .update(adminSessions)
          .set({ revokedAt: at })
          .where(and(live(principal.user.id, at), ne(adminSessions.id, principal.session.id)))
          .returning({ id: adminSessions.id });
        if (ended.length > 0) {
          await record({
            action: "session_ended",
            entityType: "admin_session",
            changes: { otherSessionsEnded: ended.length },
          });
        }
        return { message: endedOthersMessage(ended.length), ended: ended.length };
      });
    },
  };
}
