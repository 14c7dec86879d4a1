import { describe, expect, it } from "vitest";
import { intervalWorker } from "./interval-worker.ts";

const HOUR_MS = 60 * 60 * 1000;

/** A run the test lets finish when it chooses. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("an interval worker (the outbox's and the scheduler's lifecycle)", () => {
  it("runs nothing before start, even when woken", async () => {
    let runs = 0;
    const worker = intervalWorker(
      async () => {
        runs += 1;
      },
      () => {},
    );
    worker.wake();
    await settle();
    expect(runs).toBe(0);
  });

  it("runs at start, one run at a time: wakes during a run ask for one more run after it", async () => {
    let runs = 0;
    let atOnce = 0;
    let most = 0;
    let current = gate();
    const worker = intervalWorker(
      async () => {
        runs += 1;
        atOnce += 1;
        most = Math.max(most, atOnce);
        await current.opened;
        atOnce -= 1;
      },
      () => {},
    );
    worker.start(HOUR_MS);
    expect(runs).toBe(1);
    worker.wake();
    worker.wake();
    const first = current;
    current = gate();
    first.open();
    await settle();
    expect(runs).toBe(2);
    current.open();
    await settle();
    expect(runs).toBe(2);
    expect(most).toBe(1);
    await worker.stop();
  });

  it("stop waits for the run in hand, which sees it stopping, and nothing runs after", async () => {
    const run = gate();
    const seen: boolean[] = [];
    let runs = 0;
    const worker = intervalWorker(
      async () => {
        runs += 1;
        await run.opened;
        seen.push(worker.stopping);
      },
      () => {},
    );
    worker.start(HOUR_MS);
    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    await settle();
    expect(stopped).toBe(false);
    run.open();
    await stopping;
    expect(seen).toEqual([true]);
    worker.wake();
    await settle();
    expect(runs).toBe(1);
  });

  it("reports a failed run and runs again at the next tick", async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const worker = intervalWorker(
      async () => {
        runs += 1;
        if (runs === 1) throw new Error("the database went away");
      },
      (error) => errors.push(error),
    );
    worker.start(10);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await worker.stop();
    expect(errors.map(String)).toEqual(["Error: the database went away"]);
    expect(runs).toBeGreaterThan(1);
  });
});
