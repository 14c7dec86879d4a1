import { type FeedListRow, type FeedRun, formatCount, formatDateTime } from "@pharmacompare/contract";
import { Badge, type BadgeTone } from "../form/catalogue-controls.tsx";
import type { DataColumn } from "../list/data-table.tsx";
import { runsPerDayLabel } from "./feed-input.ts";

/** The Feeds screen's columns (issue 29, decision 047): the feed, its schedule and its last run. */

const OUTCOME: Record<FeedRun["outcome"], { tone: BadgeTone; label: string }> = {
  running: { tone: "amber", label: "Running" },
  succeeded: { tone: "green", label: "Succeeded" },
  failed: { tone: "red", label: "Failed" },
};

/**
 * "Read 120 · changed 3 · confirmed 114 · held 1 · refused 2", or "Not modified" for a 304. The
 * confirmed rows (same price, confirmed again: decision 048) are named too, or a run that only
 * re-confirmed prices would read as one that did nothing (issue 41).
 */
export function runCountsText(run: FeedRun): string {
  if (!run.counts) return run.error ?? "";
  const { read, changed, confirmed, held, refused, notModified } = run.counts;
  const prices = `${formatCount(confirmed)} ${confirmed === 1 ? "price" : "prices"}`;
  if (notModified) return `Not modified since the last run; ${prices} re-confirmed`;
  return `Read ${formatCount(read)} · changed ${formatCount(changed)} · confirmed ${formatCount(confirmed)} · held ${formatCount(held)} · refused ${formatCount(refused)}`;
}

/** One run: when (en-GB), how it ended, its counts, and the refused rows' reasons on demand. */
export function FeedRunSummary({ run }: { run: FeedRun }) {
  const { tone, label } = OUTCOME[run.outcome];
  const refusals = run.counts?.refusals ?? [];
  return (
    <div className="space-y-1">
      <p className="flex flex-wrap items-center gap-2">
        <span className="whitespace-nowrap">{formatDateTime(run.startedAt)}</span>
        <Badge tone={tone}>{label}</Badge>
        {run.manual ? <span className="text-slate-600 text-xs">run by hand</span> : null}
      </p>
      <p className="text-slate-700 text-xs [overflow-wrap:anywhere]">{runCountsText(run)}</p>
      {refusals.length > 0 ? (
        <details className="text-xs">
          <summary className="cursor-pointer font-medium text-brand-800">Why rows were refused</summary>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-slate-700">
            {refusals.map((refusal) => (
              <li key={`${refusal.row}: ${refusal.reason}`}>
                {refusal.row === null ? "" : `Row ${refusal.row}: `}
                {refusal.reason}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

/** A name over a smaller line (the feed's address, the held row's pharmacy). */
export function TwoLines({ main, sub }: { main: string; sub: string }) {
  return (
    <>
      <span className="block font-medium text-slate-900">{main}</span>
      <span className="block text-slate-600 text-xs [overflow-wrap:anywhere]">{sub}</span>
    </>
  );
}

/** The Feeds table's fixed parts: its names, row key and width. */
export const FEED_TABLE = {
  label: "Feeds",
  caption: "Price feeds, by pharmacy name",
  rowKey: (feed: FeedListRow) => feed.pharmacyId,
  cardTitle: (feed: FeedListRow) => feed.pharmacyName,
  minWidthClass: "min-w-[56rem]",
};

export function feedColumns(): readonly DataColumn<FeedListRow>[] {
  return [
    {
      header: "Pharmacy",
      rowHeader: true,
      className: "min-w-[12rem]",
      cell: (feed) => <TwoLines main={feed.pharmacyName} sub={feed.url} />,
      // On a phone the card's title is the pharmacy; the address follows.
      card: {
        label: "Address",
        cell: (feed) => <span className="[overflow-wrap:anywhere]">{feed.url}</span>,
      },
    },
    {
      header: "Schedule",
      className: "text-slate-700",
      cell: (feed) => (
        <>
          <span className="block">{feed.active ? runsPerDayLabel(feed.runsPerDay) : "Off"}</span>
          <span className="block text-xs">
            {feed.nextRunAt ? `Next run ${formatDateTime(feed.nextRunAt)}` : "No run planned"}
          </span>
        </>
      ),
    },
    {
      header: "Last run",
      className: "min-w-[16rem] text-slate-700",
      cell: (feed) => (feed.lastRun ? <FeedRunSummary run={feed.lastRun} /> : "Not run yet"),
    },
  ];
}
