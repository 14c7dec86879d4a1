import { z } from "zod";
import { defineEndpoint, refusals } from "../../endpoint.ts";
import { MessageResponse } from "./auth.ts";

/**
 * The signed-in administrator's own sessions (issue 12): where they are signed in, and ending any
 * of them. Only the account's own live sessions are ever listed or ended.
 */

export const AdminSessionSummary = z.object({
  id: z.uuid(),
  signedInAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }),
  /** The client address as the API stored it at sign-in, when it knew one. */
  ipAddress: z.string().nullable(),
  /** A short readable description of the browser and system, e.g. "Firefox on Windows". */
  device: z.string(),
  /** The session presenting this request. */
  current: z.boolean(),
});
export type AdminSessionSummary = z.infer<typeof AdminSessionSummary>;

/** Newest sign-in first. */
export const AdminSessionList = z.object({ sessions: z.array(AdminSessionSummary) });
export type AdminSessionList = z.infer<typeof AdminSessionList>;

export const AdminSessionIdParams = z.object({ id: z.uuid({ error: "must be a session id" }) });

export const EndSessionsResponse = MessageResponse.extend({ ended: z.number().int() });
export type EndSessionsResponse = z.infer<typeof EndSessionsResponse>;

export const sessionMessages = {
  notFound: "Session not found",
  ended: "Session ended",
  currentSession: "This is the session you are using. Sign out instead.",
} as const;

/** "Signed out 2 other sessions", for the one that ends all the others. */
export function endedOthersMessage(ended: number): string {
  if (ended === 0) return "No other sessions were signed in";
  return `Signed out ${ended} other session${ended === 1 ? "" : "s"}`;
}

export const listAdminSessions = defineEndpoint({
  method: "GET",
  path: "/api/admin/auth/sessions",
  access: "admin",
  tag: "admin auth",
  summary: "The signed-in administrator's live sessions, newest sign-in first",
  responses: { 200: AdminSessionList },
});

export const endAdminSession = defineEndpoint({
  method: "DELETE",
  path: "/api/admin/auth/sessions/:id",
  access: "admin",
  tag: "admin auth",
  summary: "End one of the signed-in administrator's other sessions; another account's is not found",
  params: AdminSessionIdParams,
  responses: { 200: EndSessionsResponse, ...refusals(400, 404) },
});

export const endOtherAdminSessions = defineEndpoint({
  method: "DELETE",
  path: "/api/admin/auth/sessions",
  access: "admin",
  tag: "admin auth",
  summary: "Sign out everywhere else: end every session of this administrator but the presenting one",
  responses: { 200: EndSessionsResponse },
});
