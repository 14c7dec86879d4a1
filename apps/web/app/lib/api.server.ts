import { webConfig } from "../config.server.ts";
import { type ApiClient, createApiClient } from "./api-client.ts";

/**
 * The API client for loaders and actions: it calls the API over the internal address
 * (API_INTERNAL_URL), never the public one the browser uses. Writes are for actions (the contact
 * form without JavaScript).
 */
export function serverApi(options: { token?: string | null } = {}): ApiClient {
  return createApiClient({ baseUrl: webConfig().apiInternalUrl, token: options.token });
}
