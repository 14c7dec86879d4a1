import type { ApiClient } from "./api-client.ts";
import { readBrowserApiUrl } from "./browser-env.ts";

/**
 * The API client for code running in the browser, loaded with its first call. The client checks
 * every answer against the contract's zod schemas; loading it on demand keeps zod and the schemas
 * (about 45 KB gzip) out of the JavaScript a public page needs before it can be used (decision 025).
 */
export async function browserApi(baseUrl: string = readBrowserApiUrl()): Promise<ApiClient> {
  const { createApiClient } = await import("./api-client.ts");
  return createApiClient({ baseUrl });
}
