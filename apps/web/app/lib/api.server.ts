import { webConfig } from "../config.server.ts";
import { type ApiClient, createApiClient } from "./api-client.ts";
import { noteApiFailure } from "./api-health.ts";
import { noteAnswerTags } from "./render-tags.server.ts";

/**
 * The API client for loaders and actions: it calls the API over the internal address
 * (API_INTERNAL_URL), never the public one the browser uses. Writes are for actions (the contact
 * form without JavaScript).
 */
export function serverApi(options: { token?: string | null } = {}): ApiClient {
  // Failures are counted for the page cache (api-health.ts), which keeps no page built without the API.
  return createApiClient({
    baseUrl: webConfig().apiInternalUrl,
    token: options.token,
    onUnavailable: noteApiFailure,
    // Which data the page is built from, for the page cache's tags (decision 063).
    onAnswered: noteAnswerTags,
  });
}
