import { type FailingFeed, formatDateTime } from "@pharmacompare/contract";
import { Link } from "react-router";
import { adminScreens } from "../kit/admin-screens.ts";

/**
 * Price feeds failing now (issue 29, decision 047): three failed runs in a row, or no answer for
 * two days. Shown at the top of the dashboard's health area only while there is one.
 */
export function FailingFeeds({ feeds }: { feeds: readonly FailingFeed[] }) {
  if (feeds.length === 0) return null;
  return (
    <section
      aria-labelledby="failing-feeds-heading"
      className="mt-3 rounded-lg bg-red-50 px-4 py-3 text-red-900 text-sm ring-1 ring-red-200"
    >
      <h3 id="failing-feeds-heading" className="font-semibold">
        {feeds.length === 1 ? "A price feed is failing" : `${feeds.length} price feeds are failing`}
      </h3>
      <ul className="mt-1 space-y-1">
        {feeds.map((feed) => (
          <li key={feed.pharmacyId} className="[overflow-wrap:anywhere]">
            <Link
              to={`${adminScreens.feeds.path}?${new URLSearchParams({ search: feed.name })}`}
              className="font-medium underline"
            >
              {feed.name}
            </Link>
            {`: ${feed.reason}. Failing since ${formatDateTime(feed.since)}.`}
          </li>
        ))}
      </ul>
    </section>
  );
}
