import { formatIndexMonth, publicEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { notFound } from "../../domain/refusal.ts";
import { registerEndpoint } from "../register-endpoint.ts";

/** The monthly UK price index and its open data (issue 45, decision 061). */
export const priceIndexRoutes: FastifyPluginAsync = async (app) => {
  const noMonth = (month: string) =>
    notFound(`The price index for ${formatIndexMonth(month)} has not been computed`);
  registerEndpoint(app, publicEndpoints.priceIndexArchive, async () => app.services.priceIndex.archive());
  registerEndpoint(app, publicEndpoints.priceIndexMonth, async (request) => {
    const answer = await app.services.priceIndex.month(request.params.month);
    if (!answer) throw noMonth(request.params.month);
    return answer;
  });
  registerEndpoint(app, publicEndpoints.priceIndexCondition, async (request) => {
    const { month, subcategoryId } = request.params;
    const answer = await app.services.priceIndex.condition(month, subcategoryId);
    if (!answer)
      throw notFound(`The price index for ${formatIndexMonth(month)} has no figures for "${subcategoryId}"`);
    return answer;
  });
  registerEndpoint(app, publicEndpoints.priceIndexDailyLowest, async (request) => {
    const answer = await app.services.priceIndex.dailyLowest(request.params.month);
    if (!answer) throw noMonth(request.params.month);
    return answer;
  });
};
