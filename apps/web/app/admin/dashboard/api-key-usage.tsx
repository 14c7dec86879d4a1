import { type AdminApiKey, formatCount, formatDateTime } from "@pharmacompare/contract";
import { Link } from "react-router";
import { adminScreens } from "../kit/admin-screens.ts";
import { Panel } from "../kit/admin-ui.tsx";

/** How many live keys the dashboard lists; the API Keys screen has them all. */
export const DASHBOARD_API_KEYS = 5;

/**
 * The open API's use today, per live key (issue 45, decision 062): requests answered and refused
 * (429) on today's UK day against the key's daily quota.
 */
export function ApiKeyUsage({ keys, total }: { keys: readonly AdminApiKey[]; total: number }) {
  return (
    <Panel
      title="Open API use today"
      titleId="api-key-usage-heading"
      className="mt-6"
      action={
        <Link
          to={adminScreens.apiKeys.path}
          className="rounded-sm font-medium text-brand-700 text-sm underline-offset-2 hover:underline"
        >
          Manage API keys
        </Link>
      }
    >
      {keys.length === 0 ? (
        <p className="px-4 py-6 text-slate-600 text-sm sm:px-5">No API keys are active.</p>
      ) : (
        <section
          aria-label="API key use today"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard.
          tabIndex={0}
          className="overflow-x-auto"
        >
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              {total > keys.length
                ? `The ${keys.length} newest of ${total} active API keys, with today's requests`
                : "Active API keys, with today's requests"}
            </caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-2 font-semibold sm:px-5">
                  Key
                </th>
                <th scope="col" className="px-4 py-2 text-right font-semibold">
                  Answered
                </th>
                <th scope="col" className="px-4 py-2 text-right font-semibold">
                  Refused
                </th>
                <th scope="col" className="hidden px-4 py-2 font-semibold sm:table-cell sm:px-5">
                  Last used
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {keys.map((key) => (
                <tr key={key.id}>
                  <th scope="row" className="px-4 py-2 font-medium text-slate-900 sm:px-5">
                    <span className="block [overflow-wrap:anywhere]">{key.name}</span>
                    <code className="text-slate-600 text-xs">{key.prefix}…</code>
                  </th>
                  <td className="px-4 py-2 text-right tabular-nums">
                    {formatCount(key.today.answered)}
                    <span className="block text-slate-600 text-xs sm:inline sm:text-sm">
                      {" "}
                      of {formatCount(key.perDay)}
                    </span>
                  </td>
                  <td className="px-4 py-2 text-right tabular-nums">{formatCount(key.today.refused)}</td>
                  <td className="hidden px-4 py-2 text-slate-700 sm:table-cell sm:px-5">
                    {key.lastUsedAt ? formatDateTime(key.lastUsedAt) : "Never"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </Panel>
  );
}
