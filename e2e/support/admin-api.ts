import { type AdminPrice, adminEndpoints, endpointUrl } from "@pharmacompare/contract";
import { type APIRequestContext, expect } from "@playwright/test";
import { ADMIN } from "./admin-session.ts";
import { API_URL } from "./stack.ts";

/** Staff's calls to the admin API from a journey: state set up or put back without clicking through screens. */

/** A bearer token's header for the journeys' administrator. */
export async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const login = await request.post(`${API_URL}${endpointUrl(adminEndpoints.login)}`, { data: ADMIN });
  expect(login.ok()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** Puts prices back as they were: the e2e database is shared by every spec of the worker. */
export async function restorePrices(
  request: APIRequestContext,
  headers: Record<string, string>,
  prices: readonly AdminPrice[],
): Promise<void> {
  for (const price of prices) {
    await request.put(`${API_URL}${endpointUrl(adminEndpoints.updatePrice, { params: { id: price._id } })}`, {
      headers,
      data: { price: price.price },
    });
  }
}
