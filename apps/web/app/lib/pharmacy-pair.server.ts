import { type PharmacyPair, publicEndpoints } from "@pharmacompare/contract";
import { serverApi } from "./api.server.ts";
import { type ApiClient, ApiError } from "./api-client.ts";
import { logServerError } from "./server-log.server.ts";

export type PharmacyPairResult =
  | { status: "found"; pair: PharmacyPair }
  /** A parameter is missing, or names the same pharmacy twice: the page says what to choose. */
  | { status: "incomplete"; reason: string }
  /** The medication or a pharmacy is unknown or not listed; `which` names it. */
  | { status: "not-found"; which: "medication" | "a" | "b" | null }
  | { status: "unavailable" };

/**
 * The compare page's data (decision 042) in one API call. Bad or unknown parameters are answered
 * as pages that say what went wrong, never as a server error; there is no fallback, since the
 * saved price file knows no fees.
 */
export async function loadPharmacyPair(
  query: { medication: string | null; a: string | null; b: string | null },
  signal: AbortSignal,
  api: ApiClient = serverApi(),
): Promise<PharmacyPairResult> {
  const medication = query.medication?.trim() ?? "";
  const a = query.a?.trim() ?? "";
  const b = query.b?.trim() ?? "";
  if (!medication || !a || !b) {
    return { status: "incomplete", reason: "A comparison needs a medication and two pharmacies." };
  }
  if (a === b) return { status: "incomplete", reason: "Both sides name the same pharmacy." };
  try {
    return {
      status: "found",
      pair: await api.call(publicEndpoints.pharmacyPair, { query: { medication, a, b } }, { signal }),
    };
  } catch (error) {
    if (error instanceof ApiError && error.kind === "http" && [400, 414].includes(error.status)) {
      return {
        status: "incomplete",
        reason: "The address does not name a medication and two pharmacies we know.",
      };
    }
    if (error instanceof ApiError && error.kind === "http" && error.status === 404) {
      const which = (["medication", "a", "b"] as const).find((key) => key in error.fields) ?? null;
      return { status: "not-found", which };
    }
    if (!signal.aborted) logServerError("pharmacy comparison unavailable", error);
    return { status: "unavailable" };
  }
}
