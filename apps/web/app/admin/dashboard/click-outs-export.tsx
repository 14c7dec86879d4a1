import { adminEndpoints, formatCount, londonDay } from "@pharmacompare/contract";
import { type FormEvent, useId, useState } from "react";
import { buttonClass, inputClass, Panel } from "../kit/admin-ui.tsx";
import { downloadCsv } from "../kit/subscriptions-csv.ts";
import { useToast } from "../kit/toast/toast.tsx";
import { useAdminCall } from "../kit/use-admin-call.ts";
import { clickOutsCsv, clickOutsCsvFileName } from "./click-outs-csv.ts";

/** The month `count` months after "YYYY-MM". */
function addMonths(month: string, count: number): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, number - 1 + count, 1)).toISOString().slice(0, 7);
}

/**
 * "Click-outs for invoicing" (issue 31, decision 044): click-outs by pharmacy and UK month as a CSV
 * file, built in the browser from the admin API's answer, as the subscriptions export is.
 */
export function ClickOutsExport() {
  const thisMonth = londonDay(new Date()).slice(0, 7);
  const [from, setFrom] = useState(addMonths(thisMonth, -11));
  const [to, setTo] = useState(thisMonth);
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const call = useAdminCall();
  const toast = useToast();
  const id = useId();

  async function download(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    const outcome = await call("The click-outs could not be exported. Please try again.", (api) =>
      api.call(adminEndpoints.clickOutMonths, { query: { from, to } }),
    );
    setBusy(false);
    if (!outcome.ok) {
      setFields(outcome.fields);
      toast.show(outcome.error, { tone: "info" });
      return;
    }
    setFields({});
    downloadCsv(clickOutsCsv(outcome.value), clickOutsCsvFileName(outcome.value));
    const total = outcome.value.rows.reduce((sum, row) => sum + row.count, 0);
    toast.show(`Exported ${formatCount(total)} ${total === 1 ? "click-out" : "click-outs"}`);
  }

  const field = (name: "from" | "to", label: string, value: string, set: (value: string) => void) => (
    <div className="min-w-0">
      <label htmlFor={`${id}-${name}`} className="block font-medium text-slate-700 text-sm">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type="month"
        required
        value={value}
        onChange={(event) => set(event.target.value)}
        aria-invalid={fields[name] ? true : undefined}
        aria-describedby={fields[name] ? `${id}-${name}-error` : undefined}
        className={`mt-1 ${inputClass}`}
      />
      {fields[name] ? (
        <p id={`${id}-${name}-error`} className="mt-1 text-rose-700 text-sm">
          {`${label} ${fields[name]}`}
        </p>
      ) : null}
    </div>
  );

  return (
    <Panel title="Click-outs for invoicing" titleId="click-outs-export-heading" className="mt-6">
      <form onSubmit={(event) => void download(event)} className="p-4 sm:p-5">
        <p className="text-slate-600 text-sm">
          Visits sent to each pharmacy, by month (UK time), as a CSV file. Bots and prefetches are never
          counted.
        </p>
        <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
          {field("from", "From month", from, setFrom)}
          {field("to", "To month", to, setTo)}
          <button type="submit" className={buttonClass.primary} aria-disabled={busy}>
            {busy ? "Exporting..." : "Download CSV"}
          </button>
        </div>
      </form>
    </Panel>
  );
}
