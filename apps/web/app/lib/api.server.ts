import { webConfig } from "../config.server.ts";
import { type ApiClient, createApiClient } from "./api-client.ts";
import { noteApiFailure } from "./api-health.ts";

/** fetch, counting the calls the API did not answer properly (see api-health.ts). */
const countingFetch: typeof fetch = async (input, init) => {
  try {
    const response = await fetch(input, init);
    if (response.status >= 500) noteApiFailure();
    return response;
  } catch (error) {
    noteApiFailure();
    throw error;
  }
};

/**
 * The API client for loaders and actions: it calls the API over the internal address
 * (API_INTERNAL_URL), never the public one the browser uses. Writes are for actions (the contact
 * form without JavaScript).
 */
export function serverApi(options: { token?: string | null } = {}): ApiClient {
  return createApiClient({ baseUrl: webConfig().apiInternalUrl, token: options.token, fetch: countingFetch });
}
