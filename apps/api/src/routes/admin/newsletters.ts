import { adminEndpoints, newsletterMessages } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../register-endpoint.ts";
import { actorContext } from "./context.ts";

/**
 * Staff newsletters (issue 28, decision 041): written, previewed, tested on oneself, scheduled or
 * sent now, cancelled while sending; every create, change, schedule, send and cancel audited.
 */
export const adminNewsletterRoutes: FastifyPluginAsync = async (app) => {
  const { newsletters } = app.services;

  registerEndpoint(app, adminEndpoints.listNewsletters, async (request) => newsletters.list(request.query));

  registerEndpoint(app, adminEndpoints.getNewsletter, async (request) => newsletters.get(request.params.id));

  registerEndpoint(app, adminEndpoints.createNewsletter, async (request) =>
    newsletters.create(actorContext(request), request.body),
  );

  registerEndpoint(app, adminEndpoints.updateNewsletter, async (request) =>
    newsletters.update(actorContext(request), request.params.id, request.body),
  );

  registerEndpoint(app, adminEndpoints.newsletterAudienceCount, async (request) => ({
    recipients: await newsletters.countAudience(request.query),
  }));

  registerEndpoint(app, adminEndpoints.previewNewsletter, async (request) =>
    newsletters.preview(request.body),
  );

  registerEndpoint(app, adminEndpoints.testNewsletter, async (request) => {
    await newsletters.sendTest(actorContext(request), request.params.id, request.body?.confirmCloseMatches);
    return { message: newsletterMessages.testSent };
  });

  registerEndpoint(app, adminEndpoints.scheduleNewsletter, async (request) => {
    const scheduled = await newsletters.schedule(
      actorContext(request),
      request.params.id,
      request.body.sendAt,
      request.body.confirmCloseMatches,
    );
    // Sent now: this process looks at once rather than at its next tick.
    app.services.jobs.wake();
    return scheduled;
  });

  registerEndpoint(app, adminEndpoints.cancelNewsletter, async (request) =>
    newsletters.cancel(actorContext(request), request.params.id),
  );
};
