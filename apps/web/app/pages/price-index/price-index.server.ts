import {
  isIndexMonth,
  type PriceIndexArchive,
  type PriceIndexConditionAnswer,
  type PriceIndexMonthAnswer,
  publicEndpoints,
} from "@pharmacompare/contract";
import { serverApi } from "../../lib/api.server.ts";
import { refusedAddress } from "../../lib/api-client.ts";
import { logServerError } from "../../lib/server-log.server.ts";

/*
 * The price index pages' reads (issue 45, decision 061), each one or two API calls. No fallback:
 * an index is a published figure, never a guess from the saved price file.
 */

export type Loaded<T> = { status: "found"; data: T } | { status: "not-found" } | { status: "unavailable" };

async function load<T>(what: string, signal: AbortSignal, read: () => Promise<T>): Promise<Loaded<T>> {
  try {
    return { status: "found", data: await read() };
  } catch (error) {
    if (refusedAddress(error)) return { status: "not-found" };
    if (!signal.aborted) logServerError(`price index ${what} unavailable`, error);
    return { status: "unavailable" };
  }
}

export interface IndexMonthPage {
  archive: PriceIndexArchive;
  /** Null when no month has been computed yet (a new site's first month). */
  month: PriceIndexMonthAnswer | null;
}

/** A month of the index with the archive; `month` absent: the latest computed month. */
export function loadIndexMonth(
  month: string | undefined,
  signal: AbortSignal,
): Promise<Loaded<IndexMonthPage>> {
  if (month !== undefined && !isIndexMonth(month)) return Promise.resolve({ status: "not-found" });
  return load(month ?? "latest", signal, async () => {
    const api = serverApi();
    const archive = await api.call(publicEndpoints.priceIndexArchive, {}, { signal });
    const wanted = month ?? archive.months[0]?.month;
    if (!wanted) return { archive, month: null };
    return {
      archive,
      month: await api.call(publicEndpoints.priceIndexMonth, { params: { month: wanted } }, { signal }),
    };
  });
}

export function loadIndexCondition(
  month: string,
  subcategoryId: string,
  signal: AbortSignal,
): Promise<Loaded<PriceIndexConditionAnswer>> {
  if (!isIndexMonth(month)) return Promise.resolve({ status: "not-found" });
  return load(`${month}/${subcategoryId}`, signal, () =>
    serverApi().call(publicEndpoints.priceIndexCondition, { params: { month, subcategoryId } }, { signal }),
  );
}
