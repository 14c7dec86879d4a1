import { type ReactNode, type Ref, useEffect, useId, useRef } from "react";
import { inputClass } from "../admin-ui.tsx";
import { useToast } from "../toast/toast.tsx";

/**
 * Pieces shared by the inbox screens (Contact Messages, Price Alerts, Email Subscriptions): status
 * badges, the detail dialogs' term/value grid and status picker, and the "silent" failures of
 * back-office §8 (the list stays as it was; a short notice says the action did not happen).
 */

export { useFetcherAnswer } from "../form/fetcher-answer.ts";

/**
 * The list to show: this load's, or, when this load failed, the last one that loaded (back-office
 * §8: a failed list load leaves the list as it was), with a short notice that it was not refreshed.
 * `load` is the loader's answer (a new object for each load). Undefined only when nothing has
 * loaded yet: the screen then says why in a Notice instead.
 */
export function useKeptList<T>(
  load: { result: T | null; error: string | null },
  failedText: string,
): T | undefined {
  const kept = useRef<T | undefined>(undefined);
  const hadList = kept.current !== undefined;
  if (load.result !== null) kept.current = load.result;
  const toast = useToast();
  useEffect(() => {
    // Once per failed load (each load is a new object); the others only change with it.
    if (load.error && hadList) toast.show(`${failedText} ${load.error}`, { tone: "info" });
  }, [load, hadList, failedText, toast]);
  return load.result ?? kept.current;
}

export type BadgeTone = "blue" | "slate" | "amber" | "green" | "red" | "violet";

const badgeTone: Record<BadgeTone, string> = {
  blue: "bg-sky-50 text-sky-900 ring-sky-300",
  slate: "bg-slate-100 text-slate-800 ring-slate-300",
  amber: "bg-amber-50 text-amber-900 ring-amber-300",
  green: "bg-emerald-50 text-emerald-900 ring-emerald-300",
  red: "bg-red-50 text-red-900 ring-red-300",
  violet: "bg-violet-50 text-violet-900 ring-violet-300",
};

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 font-medium text-xs ring-1 ring-inset ${badgeTone[tone]}`}
    >
      {children}
    </span>
  );
}

/** A detail dialog's facts: a term above its value, two columns from 640 px. */
export function DetailGrid({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">{children}</dl>;
}

export function Detail({
  term,
  wide = false,
  children,
}: {
  term: string;
  /** Takes the whole row (long text such as a message). */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`min-w-0 ${wide ? "sm:col-span-2" : ""}`}>
      <dt className="text-slate-600 text-xs">{term}</dt>
      <dd className="mt-0.5 text-slate-900 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/**
 * The detail dialog's status picker (back-office §4): choosing a value saves it at once, so the
 * hint says so; it is disabled while the change is on its way.
 */
export function StatusPicker<S extends string>({
  value,
  statuses,
  busy,
  onChange,
  selectRef,
}: {
  value: S;
  statuses: readonly S[];
  busy: boolean;
  onChange: (status: S) => void;
  selectRef?: Ref<HTMLSelectElement>;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-slate-800 text-sm">
        Status
      </label>
      <select
        id={id}
        ref={selectRef}
        value={value}
        aria-describedby={`${id}-hint`}
        aria-disabled={busy}
        onChange={(event) => {
          if (!busy) onChange(event.currentTarget.value as S);
        }}
        className={`mt-1 h-9 sm:max-w-56 ${inputClass}`}
      >
        {statuses.map((status) => (
          <option key={status} value={status}>
            {status}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1 text-slate-600 text-xs">
        {busy ? "Saving..." : "Choosing a status saves it and closes this window."}
      </p>
    </div>
  );
}

/** The first `max` characters of a visitor's text, on one line, with "…" when cut. */
export function truncate(text: string, max: number): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line;
}
