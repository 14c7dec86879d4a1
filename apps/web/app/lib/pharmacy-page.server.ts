import { type PharmacyPage, publicEndpoints } from "@pharmacompare/contract";
import { serverApi } from "./api.server.ts";
import { type ApiClient, refusedAddress } from "./api-client.ts";
import { logServerError } from "./server-log.server.ts";

export type PharmacyPageResult =
  | { status: "found"; page: PharmacyPage }
  | { status: "not-found" }
  | { status: "unavailable" };

/**
 * A pharmacy's page from the API in one call. Unknown and switched-off pharmacies (404, or an id
 * the API refuses outright, 400) are `not-found`; any other failure is `unavailable`. There is no
 * fallback: the saved price file knows nothing of delivery terms or registrations, and a page
 * vouching for a pharmacy must not be built from guesses.
 */
export async function loadPharmacyPage(
  id: string,
  signal: AbortSignal,
  api: ApiClient = serverApi(),
): Promise<PharmacyPageResult> {
  try {
    return {
      status: "found",
      page: await api.call(publicEndpoints.pharmacyPage, { params: { id } }, { signal }),
    };
  } catch (error) {
    if (refusedAddress(error)) return { status: "not-found" };
    if (!signal.aborted) logServerError(`pharmacy "${id}" unavailable`, error);
    return { status: "unavailable" };
  }
}
