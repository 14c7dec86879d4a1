import type { FastifyInstance } from "fastify";
import { TEST_ADMIN } from "./fixtures.ts";

/**
 * A clock tests can move forward; starts at the real time so database defaults stay comparable.
 * A frozen clock moves only when told, for assertions on exact seconds.
 */
export function testClock(options: { frozen?: boolean } = {}) {
  const start = Date.now();
  let offsetMs = 0;
  return {
    now: () => new Date((options.frozen ? start : Date.now()) + offsetMs),
    advance(ms: number) {
      offsetMs += ms;
    },
  };
}

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;

export function login(
  app: FastifyInstance,
  body: Record<string, unknown> = TEST_ADMIN,
  remoteAddress = "127.0.0.1",
  userAgent = "vitest",
) {
  return app.inject({
    method: "POST",
    url: "/api/admin/auth/login",
    payload: body,
    remoteAddress,
    headers: { "user-agent": userAgent },
  });
}

/** Signs the test admin in and answers the bearer token. */
export async function signIn(app: FastifyInstance, password: string = TEST_ADMIN.password): Promise<string> {
  const res = await login(app, { email: TEST_ADMIN.email, password });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { token: string }).token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
