import { adminEndpoints, passwordChangeMessages } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../register-endpoint.ts";
import { clientInfo, principalOf } from "./context.ts";

/** The one admin route outside the guard: it is how a token is had. */
export const adminLoginRoutes: FastifyPluginAsync = async (app) => {
  // Refuses 400 (missing fields), 401 (wrong email or password) or 429 (throttled, Retry-After).
  registerEndpoint(app, adminEndpoints.login, async (request) =>
    app.services.auth.login(request.body, clientInfo(request)),
  );
  // The second half of a sign-in with a second factor: the challenge says who, the code proves it.
  registerEndpoint(app, adminEndpoints.loginSecondFactor, async (request) =>
    app.services.secondFactor.completeLogin(request.body, clientInfo(request)),
  );
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

  registerEndpoint(app, adminEndpoints.logout, async (request) => {
    await app.services.auth.logout(principalOf(request), clientInfo(request));
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
