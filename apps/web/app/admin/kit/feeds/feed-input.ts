import type { FEED_FORMATS, FeedInput } from "@pharmacompare/contract";

/**
 * The pharmacy form's feed settings as the API's `PUT …/feed` body (decision 045). The credential
 * header is write-only: "keep" omits it (the stored one stays), "remove" sends null, and new
 * name and value replace it. With none stored and both fields empty, there is none to send.
 */

export type HeaderChoice = "keep" | "replace" | "remove";

export const FEED_FORMAT_LABELS: Record<(typeof FEED_FORMATS)[number], string> = {
  "price-sheet": "Price sheet (the workbook or CSV staff upload)",
  "flat-csv": "Flat CSV (medication, dosage, price, link, stock)",
};

/** "Once a day", "Every 6 hours", "Every hour" (never "Every 1 hours"): how often a feed with `runsPerDay` runs. */
export function runsPerDayLabel(runsPerDay: number): string {
  if (runsPerDay === 1) return "Once a day";
  const hours = 24 / runsPerDay;
  return hours === 1 ? "Every hour" : `Every ${hours} hours`;
}

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

export function feedBody(form: FormData): FeedInput {
  const choice = (form.get("headerChoice") ?? "replace") as HeaderChoice;
  const name = text(form, "headerName");
  const value = String(form.get("headerValue") ?? "");
  const body: FeedInput = {
    url: text(form, "url"),
    format: text(form, "format") as FeedInput["format"],
    runsPerDay: Number(text(form, "runsPerDay")),
    active: form.get("active") === "on",
  };
  if (choice === "remove") body.header = null;
  else if (choice === "replace" && (name || value)) body.header = { name, value };
  return body;
}
