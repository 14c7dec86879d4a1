import { priceAlertMessages, publicEndpoints, subscriptionMessages } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../register-endpoint.ts";

/**
 * A visitor's price alerts and subscriptions, and the confirm and unsubscribe links of our emails
 * (decision 013). Never cached: none is a read. Logs name ids, never email addresses.
 */
export const visitorWriteRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, publicEndpoints.createPriceAlert, async (request) => {
    const { id } = await app.services.priceAlerts.create(request.body, { ipAddress: request.ip || null });
    request.log.info({ priceAlertId: id }, "price alert set: confirmation queued");
    return { message: priceAlertMessages.success };
  });

  registerEndpoint(app, publicEndpoints.subscribe, async (request) => {
    const { id } = await app.services.subscriptions.subscribe(request.body, {
      ipAddress: request.ip || null,
    });
    request.log.info({ subscriptionId: id }, "subscription saved: confirmation queued");
    return { message: subscriptionMessages.success };
  });

  // The confirmation's client address goes into the consent history as a hash (decision 031).
  registerEndpoint(app, publicEndpoints.confirmEmail, async (request) =>
    app.services.emailLinks.confirm(request.query.token, { ipAddress: request.ip || null }),
  );

  // Mail clients post `List-Unsubscribe=One-Click` as a form (RFC 8058); the web page posts nothing.
  // Either way only the query counts: the token, and `everything` from the page's second button.
  registerEndpoint(app, publicEndpoints.unsubscribe, async (request) =>
    app.services.emailLinks.unsubscribe(request.query.token, {
      everything: request.query.everything === "true",
      ipAddress: request.ip || null,
    }),
  );

  // The manage-my-emails page (issue 28): the token of any price-news email's unsubscribe link.
  registerEndpoint(app, publicEndpoints.managedSubscription, async (request) =>
    app.services.subscriptions.managed(request.query.token),
  );

  registerEndpoint(app, publicEndpoints.manageEmails, async (request) =>
    app.services.subscriptions.manage(request.query.token, request.body, { ipAddress: request.ip || null }),
  );

  // Manage my alerts (decision 043): the token of an alert email's manage link, or of a price-news
  // email's link (the same page shows both).
  registerEndpoint(app, publicEndpoints.managedAlerts, async (request) =>
    app.services.alertManage.list(request.query.token),
  );

  registerEndpoint(app, publicEndpoints.manageAlert, async (request) => {
    const result = await app.services.alertManage.act(request.query.token, request.body, {
      ipAddress: request.ip || null,
    });
    request.log.info({ action: request.body.action }, "price alert managed from its email link");
    return result;
  });
};
