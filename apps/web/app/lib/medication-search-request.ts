import { type Medication, publicEndpoints } from "@pharmacompare/contract";
import type { ApiClient, ApiRequestInit } from "./api-client.ts";
import { SEARCH_MAX_RESULTS } from "./medication-search.ts";

/** Medications whose name or generic name contains the term, best first, at most 10. */
export async function searchMedications(
  api: ApiClient,
  term: string,
  init?: ApiRequestInit,
): Promise<Medication[]> {
  const found = await api.call(publicEndpoints.searchMedications, { params: { query: term } }, init);
  return found.slice(0, SEARCH_MAX_RESULTS);
}
