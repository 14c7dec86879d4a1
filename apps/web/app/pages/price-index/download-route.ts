import {
  dailyLowestCsv,
  isIndexMonth,
  isPriceIndexFile,
  type PriceIndexFile,
  priceIndexCsv,
  publicEndpoints,
} from "@pharmacompare/contract";
import { serverApi } from "../../lib/api.server.ts";
import { refusedAddress } from "../../lib/api-client.ts";
import type { Route } from "./+types/download-route";

/**
 * The price index's open data (issue 45, decision 061): `/price-index/{month}/download/{file}`,
 * the month's index and its daily lowest prices as CSV or JSON under CC BY 4.0. The JSON is the
 * API's answer as it is (its first fields the licence); the CSV is the contract's writer over the
 * same answer, so the files and the pages cannot disagree.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const { month, file } = params;
  if (!isIndexMonth(month) || !isPriceIndexFile(file)) return plain(404, "No such file.");
  try {
    return await serve(month, file);
  } catch (error) {
    if (refusedAddress(error)) return plain(404, "The price index has no figures for that month.");
    return new Response("The price index is unavailable just now.", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "300" },
    });
  }
}

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

async function serve(month: string, file: PriceIndexFile): Promise<Response> {
  const api = serverApi();
  const daily = file.startsWith("daily-lowest");
  const answer = daily
    ? await api.call(publicEndpoints.priceIndexDailyLowest, { params: { month } })
    : await api.call(publicEndpoints.priceIndexMonth, { params: { month } });
  const csv = file.endsWith(".csv");
  const body = csv
    ? daily
      ? dailyLowestCsv(answer as Parameters<typeof dailyLowestCsv>[0])
      : priceIndexCsv(answer as Parameters<typeof priceIndexCsv>[0])
    : `${JSON.stringify(answer, null, 2)}\n`;
  const name = `pharmacompare-price-index-${month}-${file}`;
  return new Response(body, {
    headers: {
      "Content-Type": csv ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "public, max-age=3600",
    },
  });
}
