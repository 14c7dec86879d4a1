/**
 * Who is asking, as sign-in, sessions and the audit log record it. Its own file so the sign-in
 * challenge (login-challenges.ts) and the auth service that creates it need not import each other.
 */
export interface ClientInfo {
  ipAddress: string | null;
  userAgent: string | null;
}
