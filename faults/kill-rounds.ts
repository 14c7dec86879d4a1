import { check } from "./harness.ts";

/**
 * The rounds of the two scenarios that kill a price write (faults/scenarios/kill-during-bulk-write.ts,
 * kill-during-sheet-apply.ts). One round of such a scenario: left to finish (neither set), killed by the harness `delay` ms
 * after the request was sent, or killed by the API itself once the price-write path has written
 * `afterRows` rows inside its transaction (FAULT_KILL_AFTER_PRICE_ROWS, modules/prices/fault-injection.ts).
 * A timer cannot tell a kill inside the transaction from one before it began or after it committed;
 * the hook can, so those rounds must leave none of the write behind (issue 26).
 */
export type KillRound = { delay?: number; afterRows?: number };

export const uninterrupted = (round: KillRound) => round.delay === undefined && round.afterRows === undefined;

export const killEnv = (round: KillRound): Record<string, string> =>
  round.afterRows === undefined ? {} : { FAULT_KILL_AFTER_PRICE_ROWS: String(round.afterRows) };

/** After the first row, half-way, and after the last row (before the alerts and the commit). */
export const insideTransaction = (rows: number): KillRound[] =>
  [...new Set([1, Math.ceil(rows / 2), rows])].map((afterRows) => ({ afterRows }));

export function roundLabel(round: KillRound, fullMs: number): string {
  if (round.afterRows !== undefined)
    return `killed inside the transaction after ${round.afterRows} ${round.afterRows === 1 ? "row" : "rows"}`;
  return round.delay === undefined
    ? `not killed, ${Math.round(fullMs)} ms`
    : `killed after ${round.delay} ms`;
}

/** A round killed from inside: the API died by SIGKILL at the hook, answered nothing, and left nothing. */
export function checkKilledInside(
  round: KillRound,
  seen: {
    exit: { signal: NodeJS.Signals | null };
    output: string;
    written: number;
    queued: number;
    answer: number;
  },
  failures: string[],
): void {
  if (round.afterRows === undefined) return;
  const label = roundLabel(round, 0);
  check(
    seen.output.includes(`SIGKILL after ${round.afterRows} price rows written, inside the transaction`),
    `${label}: the API never reached the hook (it wrote fewer rows)`,
    failures,
  );
  check(
    seen.exit.signal === "SIGKILL",
    `${label}: the API ended with ${seen.exit.signal}, not SIGKILL`,
    failures,
  );
  check(seen.answer === 0, `${label}: the request was answered ${seen.answer}`, failures);
  check(seen.written === 0, `${label}: ${seen.written} rows survived an uncommitted write`, failures);
  check(seen.queued === 0, `${label}: ${seen.queued} alert emails survived an uncommitted write`, failures);
}

// ------------------------------------------------------------------ 4. SIGKILL during a bulk price write
