import {
  DosageQuery,
  ErrorBody,
  IdParams,
  OptionalDosageQuery,
  Price,
  PriceMatrix,
  publicApiRoutes,
  RecentPriceUpdate,
  RecentPriceUpdatesQuery,
} from "@pharmacompare/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../plugins/error-handler.ts";
import { requireDosage, requireMedication } from "./lookups.ts";

export const priceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    publicApiRoutes.pricesForMedication,
    {
      config: { cache: "public" },
      schema: {
        tags: ["prices"],
        summary: "A medication's prices with their pharmacies, cheapest first, optionally for one dosage",
        description: "An unknown dosage matches no price and answers an empty list.",
        params: IdParams,
        querystring: OptionalDosageQuery,
        response: { 200: z.array(Price), 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const medication = await requireMedication(app, request.params.id);
      return app.services.prices.forMedication(medication.id, request.query.dosage);
    },
  );

  app.get(
    publicApiRoutes.lowestPrice,
    {
      config: { cache: "public" },
      schema: {
        tags: ["prices"],
        summary: "The cheapest in-stock price for a medication and dosage",
        params: IdParams,
        querystring: DosageQuery,
        response: { 200: Price, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const medication = await requireMedication(app, request.params.id);
      const dosage = requireDosage(medication, request.query.dosage);
      const lowest = await app.services.prices.lowest(medication.id, dosage);
      if (!lowest) throw notFound(`No in-stock price for ${medication.name} ${dosage}`);
      return lowest;
    },
  );

  app.get(
    publicApiRoutes.priceMatrix,
    {
      config: { cache: "public" },
      schema: {
        tags: ["prices"],
        summary: "A medication's prices as a dosage × pharmacy grid",
        params: IdParams,
        response: { 200: PriceMatrix, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => app.services.prices.matrix(await requireMedication(app, request.params.id)),
  );

  app.get(
    publicApiRoutes.recentPriceUpdates,
    {
      config: { cache: "public" },
      schema: {
        tags: ["prices"],
        summary: "The most recently updated prices, newest first",
        querystring: RecentPriceUpdatesQuery,
        response: { 200: z.array(RecentPriceUpdate), 400: ErrorBody },
      },
    },
    async (request) => app.services.prices.recentUpdates(request.query.limit),
  );
};
