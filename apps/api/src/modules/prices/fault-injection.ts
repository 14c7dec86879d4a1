/**
 * Fault injection for the SIGKILL scenarios (faults/scenarios.ts, issue 26), set by
 * FAULT_KILL_AFTER_PRICE_ROWS outside production only (config.ts). Killed by a timer, a process may
 * die before a write began or after it committed; this kills it at a known point inside the
 * transaction, after `rows` rows are written and not yet committed, so the scenario can prove by
 * counting that none of them survived. The line on standard error is the scenario's evidence that
 * the kill came from here.
 */
export function killAfterRows(rows: number): (count: number) => void {
  return (count) => {
    if (count !== rows) return;
    process.stderr.write(
      `fault injection: SIGKILL after ${count} price rows written, inside the transaction\n`,
    );
    process.kill(process.pid, "SIGKILL");
  };
}
