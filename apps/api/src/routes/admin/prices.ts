import { adminEndpoints, CATALOGUE_LIMITS } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { notFound } from "../../domain/refusal.ts";
import { registerEndpoint } from "../register-endpoint.ts";
import { actorContext } from "./context.ts";

/**
 * The back-office's prices (back-office §2 Price Management, §7): every change through the one
 * price-write path in an audited transaction (history, alerts, audit entry together).
 */
export const adminPriceRoutes: FastifyPluginAsync = async (app) => {
  const prices = app.services.adminPrices;

  // The bulk write is all or nothing and lists every bad row: rows the schema would refuse are
  // answered here, with the database's problems about the others, before validation names only some.
  app.addHook("preValidation", async (request) => {
    if (request.routeOptions.config.endpoint !== adminEndpoints.bulkWritePrices) return;
    const rows = (request.body as { prices?: unknown } | null | undefined)?.prices;
    if (!Array.isArray(rows) || rows.length === 0 || rows.length > CATALOGUE_LIMITS.bulkPricesMax) return;
    await prices.refuseMalformedRows(rows);
  });

  registerEndpoint(app, adminEndpoints.listAdminPricesForMedication, async (request) => {
    const list = await prices.listForMedication(request.params.id, request.query);
    if (!list) throw notFound(`Medication "${request.params.id}" not found`);
    return list;
  });

  registerEndpoint(app, adminEndpoints.createPrice, async (request) =>
    prices.create(actorContext(request), request.body),
  );

  registerEndpoint(app, adminEndpoints.updatePrice, async (request) =>
    prices.update(actorContext(request), request.params.id, request.body),
  );

  registerEndpoint(app, adminEndpoints.deletePrice, async (request) => {
    await prices.remove(actorContext(request), request.params.id);
    return { message: "Price deleted" };
  });

  registerEndpoint(app, adminEndpoints.bulkWritePrices, async (request) =>
    prices.bulk(actorContext(request), request.body.prices),
  );
};
