import { adminEndpoints, type BackOfficeSignIn, passwordChangeMessages } from "@pharmacompare/contract";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { registerEndpoint } from "../register-endpoint.ts";
import { clientInfo, principalOf } from "./context.ts";

/**
 * A session just opened: for the back-office page, the session cookie and an answer without the
 * token (decision 028 and its addendum, issue 42): the cookie is its session, and a token in the
 * answer is one more copy a script in the page could read. For an API client (a request without
 * the back-office's proof), the token, as the specification's answer has it, and no cookie: a
 * cross-site form posting someone's credentials must not plant a session in the victim's browser.
 */
function answerSession<A extends { token: string; user: BackOfficeSignIn["user"] }>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  answer: A,
): A | BackOfficeSignIn {
  if (!app.browserSession.fromBackOffice(request)) return answer;
  app.browserSession.open(reply, answer.token);
  return { user: answer.user };
}

/** The two admin routes outside the guard: they are how a session is had. */
export const adminLoginRoutes: FastifyPluginAsync = async (app) => {
  // Refuses 400 (missing fields), 401 (wrong email or password) or 429 (throttled, Retry-After).
  registerEndpoint(app, adminEndpoints.login, async (request, reply) => {
    const answer = await app.services.auth.login(request.body, clientInfo(request));
    return "token" in answer ? answerSession(app, request, reply, answer) : answer;
  });
  // The second half of a sign-in with a second factor: the challenge says who, the code proves it.
  registerEndpoint(app, adminEndpoints.loginSecondFactor, async (request, reply) => {
    const answer = await app.services.secondFactor.completeLogin(request.body, clientInfo(request));
    return answerSession(app, request, reply, answer);
  });
};

/** Two-step verification of the signed-in admin (behind the guard; decision 022). */
export const adminSecondFactorRoutes: FastifyPluginAsync = async (app) => {
  const factor = () => app.services.secondFactor;
  registerEndpoint(app, adminEndpoints.secondFactorStatus, async (request) =>
    factor().status(principalOf(request)),
  );
  registerEndpoint(app, adminEndpoints.startSecondFactorSetup, async (request) =>
    factor().startSetup(principalOf(request), clientInfo(request)),
  );
  registerEndpoint(app, adminEndpoints.confirmSecondFactorSetup, async (request) =>
    factor().confirmSetup(principalOf(request), request.body, clientInfo(request)),
  );
  registerEndpoint(app, adminEndpoints.disableSecondFactor, async (request) =>
    factor().disable(principalOf(request), request.body, clientInfo(request)),
  );
  registerEndpoint(app, adminEndpoints.regenerateRecoveryCodes, async (request) =>
    factor().regenerateRecoveryCodes(principalOf(request), request.body, clientInfo(request)),
  );
};

/** Session calls for the signed-in admin (behind the guard). */
export const adminSessionRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, adminEndpoints.currentAdmin, async (request) => {
    const { user } = principalOf(request);
    const { name, email, role, mustChangePassword, mustEnrolSecondFactor } = user;
    return {
      user: {
        name,
        email,
        role,
        mustChangePassword: mustChangePassword ?? false,
        mustEnrolSecondFactor: mustEnrolSecondFactor ?? false,
      },
    };
  });

  registerEndpoint(app, adminEndpoints.logout, async (request, reply) => {
    await app.services.auth.logout(principalOf(request), clientInfo(request));
    app.browserSession.close(reply);
    return { message: "Signed out" };
  });

  // Refuses 400 naming the field, or 429 (Retry-After) once the account's attempts run out.
  registerEndpoint(app, adminEndpoints.changePassword, async (request) => {
    await app.services.auth.changePassword(principalOf(request), request.body, clientInfo(request));
    return { message: passwordChangeMessages.changed };
  });

  // The account's own live sessions; ending one is refused 400 for the presenting session and 404
  // for any id that is not one of this account's live sessions.
  registerEndpoint(app, adminEndpoints.listAdminSessions, async (request) =>
    app.services.adminSessions.list(principalOf(request)),
  );
  registerEndpoint(app, adminEndpoints.endAdminSession, async (request) =>
    app.services.adminSessions.end(principalOf(request), request.params.id, clientInfo(request)),
  );
  registerEndpoint(app, adminEndpoints.endOtherAdminSessions, async (request) =>
    app.services.adminSessions.endOthers(principalOf(request), clientInfo(request)),
  );
};
