import { type PriceHistory, publicEndpoints } from "@pharmacompare/contract";
import type { ApiClient } from "../../lib/api-client.ts";

/** A medication's price history at one dosage (public site §7: GET /api/prices/history/{id}). */
export function requestPriceHistory(
  api: ApiClient,
  medicationId: string,
  dosage: string,
  signal: AbortSignal,
): Promise<PriceHistory> {
  return api.call(publicEndpoints.priceHistory, { params: { medicationId }, query: { dosage } }, { signal });
}
