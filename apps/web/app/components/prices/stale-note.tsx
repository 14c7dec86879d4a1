import { formatLongDate, STALE_PRICE_TEXT } from "@pharmacompare/contract";

/**
 * A price not confirmed for the API's stale limit (decision 048): said in words, with the day it
 * was last confirmed, never by colour alone; the API sends the flag, so it needs no script. Every
 * surface that shows such a price carries it: the comparison, the compare page and the pharmacy's
 * own page.
 */
export function StaleNote({ lastConfirmed, className = "" }: { lastConfirmed: string; className?: string }) {
  return (
    <span className={`cmp-stale ${className}`.trim()}>
      <strong className="font-semibold">{`Price ${STALE_PRICE_TEXT}`}</strong>
      <span>
        {"last confirmed "}
        <time dateTime={lastConfirmed}>{formatLongDate(lastConfirmed)}</time>
      </span>
    </span>
  );
}
