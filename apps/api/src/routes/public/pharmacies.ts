import {
  ErrorBody,
  IdParams,
  Pharmacy,
  publicApiRoutes,
  TopRatedPharmaciesQuery,
} from "@pharmacompare/contract";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../../plugins/error-handler.ts";

export const pharmacyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    publicApiRoutes.pharmacies,
    {
      config: { cache: "public" },
      schema: {
        tags: ["pharmacies"],
        summary: "Active pharmacies by name",
        response: { 200: z.array(Pharmacy) },
      },
    },
    async () => app.services.pharmacies.listPublic(),
  );

  app.get(
    publicApiRoutes.topRatedPharmacies,
    {
      config: { cache: "public" },
      schema: {
        tags: ["pharmacies"],
        summary: "Best-rated active pharmacies, ties by name",
        querystring: TopRatedPharmaciesQuery,
        response: { 200: z.array(Pharmacy), 400: ErrorBody },
      },
    },
    async (request) => app.services.pharmacies.topRated(request.query.limit),
  );

  app.get(
    publicApiRoutes.pharmacy,
    {
      config: { cache: "public" },
      schema: {
        tags: ["pharmacies"],
        summary: "One active pharmacy",
        params: IdParams,
        response: { 200: Pharmacy, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => {
      const pharmacy = await app.services.pharmacies.getPublic(request.params.id);
      if (!pharmacy) throw notFound(`Pharmacy "${request.params.id}" not found`);
      return pharmacy;
    },
  );
};
