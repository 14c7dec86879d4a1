import { adminEndpoints, passwordChangeMessages } from "@pharmacompare/contract";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { registerEndpoint } from "../register-endpoint.ts";
import { clientInfo, principalOf } from "./context.ts";

/**
 * A session just opened answers its token (the specification's contract, for API clients) and,
 * when the back-office page asked for it, the session cookie too (decision 028). Only then: a
 * cross-site form posting someone's credentials must not plant a session in the victim's browser.
 */
function setCookieForBackOffice(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
) {
  if (app.browserSession.fromBackOffice(request)) app.browserSession.open(reply, token);
}

/** The two admin routes outside the guard: they are how a session is had. */
export const adminLoginRoutes: FastifyPluginAsync = async (app) => {
  // Refuses 400 (missing fields), 401 (wrong email or password) or 429 (throttled, Retry-After).
  registerEndpoint(app, adminEndpoints.login, async (request, reply) => {
    const answer = await app.services.auth.login(request.body, clientInfo(request));
    if ("token" in answer) setCookieForBackOffice(app, request, reply, answer.token);
    return answer;
  });
  // The second half of a sign-in with a second factor: the challenge says who, the code proves it.
  registerEndpoint(app, adminEndpoints.loginSecondFactor, async (request, reply) => {
    const answer = await app.services.secondFactor.completeLogin(request.body, clientInfo(request));
    setCookieForBackOffice(app, request, reply, answer.token);
    return answer;
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
