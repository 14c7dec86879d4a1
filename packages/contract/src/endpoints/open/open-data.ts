import { defineEndpoint, refusals } from "../../endpoint.ts";
import {
  OpenDailyLowest,
  OpenDailyLowestQuery,
  OpenPriceIndex,
  OpenPriceIndexParams,
} from "../../open-data.ts";

/**
 * The read-only open API (issue 45, decision 062): called with a key staff issued, as
 * `Authorization: Bearer <key>`; every answer carries `RateLimit-Policy` and `RateLimit`, and one
 * past a quota is 429 with Retry-After. The API's key check adds the 401 and 429 answers.
 */

const QUOTA_WORDS =
  "Needs `Authorization: Bearer <key>` (a key staff issued): no key, an unknown or a revoked one is " +
  "401. Each key has a quota per minute and per UK day; every answer says where it stands in " +
  '`RateLimit-Policy` ("per-minute";q=…;w=60, "per-day";q=…;w=86400) and `RateLimit` (r: requests ' +
  "left, t: seconds until the window ends), and one past either quota is 429 with Retry-After. " +
  "Licensed CC BY 4.0, as each answer's `licence` says.";

export const openPriceIndex = defineEndpoint({
  method: "GET",
  path: "/api/open/price-index/:month",
  access: "api-key",
  tag: "open data",
  summary: "The monthly UK price index: the median lowest price of each medication and dosage",
  description: `\`month\` is YYYY-MM; a month not computed yet is 404. ${QUOTA_WORDS}`,
  cache: "no-store",
  params: OpenPriceIndexParams,
  responses: { 200: OpenPriceIndex, ...refusals(400, 404) },
});

export const openDailyLowest = defineEndpoint({
  method: "GET",
  path: "/api/open/daily-lowest",
  access: "api-key",
  tag: "open data",
  summary: "A medication and dosage's lowest in-stock price on each UK day of the last 90",
  description:
    "`medication` is its id, `dosage` one of its dosages; `from` and `to` (YYYY-MM-DD, UK days) " +
    "default to the last 90 days and must lie within them, `from` not after `to`. An unknown or " +
    `hidden medication is 404. ${QUOTA_WORDS}`,
  cache: "no-store",
  query: OpenDailyLowestQuery,
  responses: { 200: OpenDailyLowest, ...refusals(400, 404) },
});
