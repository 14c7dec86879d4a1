import { type AdminPrice, adminEndpoints, endpointUrl } from "@pharmacompare/contract";
import { type APIRequestContext, type APIResponse, expect } from "@playwright/test";
import { type Account, ADMIN } from "./admin-session.ts";
import { API_URL } from "./stack.ts";

/** Staff's calls to the admin API from a journey: state set up or put back without clicking through screens. */

/** An endpoint's address on this worker's API (the same arguments as the contract's endpointUrl). */
export function apiAddress(...args: Parameters<typeof endpointUrl>): string {
  return `${API_URL}${endpointUrl(...args)}`;
}

/** The API's answer to a sign-in: for a caller that reads a refusal or a second-factor challenge itself. */
export function postSignIn(request: APIRequestContext, account: Account = ADMIN): Promise<APIResponse> {
  return request.post(apiAddress(adminEndpoints.login), { data: account });
}

/** A bearer token for the account (the journeys' administrator unless named); a refused sign-in fails the journey. */
export async function adminToken(request: APIRequestContext, account: Account = ADMIN): Promise<string> {
  const login = await postSignIn(request, account);
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { token: string }).token;
}

/** A bearer token's header for the journeys' administrator. */
export async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await adminToken(request)}` };
}

/** Puts prices back as they were: the e2e database is shared by every spec of the worker. */
export async function restorePrices(
  request: APIRequestContext,
  headers: Record<string, string>,
  prices: readonly AdminPrice[],
): Promise<void> {
  for (const price of prices) {
    await request.put(apiAddress(adminEndpoints.updatePrice, { params: { id: price._id } }), {
      headers,
      data: { price: price.price },
    });
  }
}
