/**
 * The Admin Messages dialog's dates: a `datetime-local` field holds a wall-clock time with no zone,
 * read as the browser's own (UK time for our staff). The API takes ISO date-times with an offset,
 * so the field's value goes out as that moment with the browser's offset for that date
 * ("2025-08-18T10:05:00+01:00"), and an ISO moment comes back into the field as local wall-clock time.
 */

const pad = (value: number) => String(Math.trunc(Math.abs(value))).padStart(2, "0");

/** A moment as a `datetime-local` value in the browser's zone: "2025-08-18T10:05". */
export function toLocalInput(value: string | Date): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A `datetime-local` value as an ISO date-time with the browser's offset for that moment, or null
 * when the field is blank. A value the browser cannot read is passed on as typed, so the API's
 * refusal names the field.
 */
export function localInputToIso(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  // Without a zone, ECMAScript reads a date-time form as local time.
  const date = new Date(trimmed);
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(trimmed) || Number.isNaN(date.getTime())) {
    return trimmed;
  }
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? "+" : "-";
  return `${toLocalInput(date)}:${pad(date.getSeconds())}${sign}${pad(offset / 60)}:${pad(offset % 60)}`;
}
