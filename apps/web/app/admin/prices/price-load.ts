import { adminEndpoints, CATALOGUE_LIMITS, PRICE_PAGE_LIMITS } from "@pharmacompare/contract";
import { redirect } from "react-router";
import { adminSession } from "../../lib/admin-session.ts";
import { failureText } from "../kit/admin-route.ts";
import { listHref, readPage } from "../kit/list/list-navigation.ts";

/** Rows of a medication's prices a page: every pharmacy's dosages of a typical medication. */
const PRICE_PAGE_SIZE = Math.min(100, PRICE_PAGE_LIMITS.max);

/** A loader call's answer, or null when it failed. */
function settled<T>(outcome: PromiseSettledResult<T>): T | null {
  return outcome.status === "fulfilled" ? outcome.value : null;
}

/**
 * Price Management's data: the catalogue for the choosers, and a page of the chosen medication's
 * prices. One that fails leaves the others (the screen says which could not be loaded).
 */
export async function loadPriceManagement(request: Request) {
  // The chosen medication and the page of its prices live in the address (decision 037), so a
  // reload, a link and Back keep them.
  const url = new URL(request.url);
  const medicationId = url.searchParams.get("medication")?.trim() ?? "";
  const page = readPage(url.searchParams.get("page"));
  const api = adminSession().api(request);
  const outcomes = await Promise.allSettled([
    api.call(adminEndpoints.listAdminMedications, { query: { limit: CATALOGUE_LIMITS.medicationListMax } }),
    api.call(adminEndpoints.listAdminPharmacies),
    api.call(adminEndpoints.listAdminCategories),
    medicationId
      ? api.call(adminEndpoints.listAdminPricesForMedication, {
          params: { id: medicationId },
          query: { page, limit: PRICE_PAGE_SIZE },
        })
      : Promise.resolve(null),
  ]);
  const [medications, pharmacies, categories, prices] = [
    settled(outcomes[0]),
    settled(outcomes[1]),
    settled(outcomes[2]),
    settled(outcomes[3]),
  ];
  if (prices && page > prices.totalPages) {
    throw redirect(`${url.pathname}${listHref({ medication: medicationId }, prices.totalPages)}`);
  }
  const failed = outcomes.slice(0, 3).find((outcome) => outcome.status === "rejected");
  return {
    medicationId,
    medications: medications?.medications ?? null,
    pharmacies: pharmacies?.pharmacies ?? [],
    categories: categories?.categories ?? [],
    prices: prices?.prices ?? null,
    pricePage: prices,
    listError:
      failed?.status === "rejected" ? failureText(failed.reason, "Failed to load the catalogue") : null,
    pricesError:
      outcomes[3].status === "rejected" ? failureText(outcomes[3].reason, "Failed to load prices") : null,
  };
}
