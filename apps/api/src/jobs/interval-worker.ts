/**
 * The lifecycle the email outbox's worker and the job scheduler share (issue 43): `work` runs every
 * `intervalMs` and whenever woken, one run at a time in this process. A wake during a run asks for
 * one more run after it, so work committed meanwhile is not left for the next tick. The timer does
 * not keep the process alive. `stop()` takes no new run and waits for the one in hand; the work
 * reads `stopping` to leave a long run early (the outbox between messages, the scheduler between
 * jobs). Nothing runs before `start()`: tests drive the work directly.
 */
export interface IntervalWorker {
  /** Runs now and every `intervalMs` until stop(); a second start() is ignored. */
  start(intervalMs: number): void;
  /** Runs now in a started worker (or once more after the run in hand); nothing when not started. */
  wake(): void;
  /** Stops the timer and waits for the run in hand. */
  stop(): Promise<void>;
  /** True from stop() to the next start(). */
  readonly stopping: boolean;
}

export function intervalWorker(
  work: () => Promise<unknown>,
  /** A failed run is reported here; the next tick tries again. */
  onError: (error: unknown) => void,
): IntervalWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopping = false;

  function kick(): void {
    if (!timer || stopping) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await work();
        } catch (error) {
          onError(error);
        }
      } while (again && !stopping);
    })().finally(() => {
      running = undefined;
    });
  }

  return {
    get stopping() {
      return stopping;
    },
    start(intervalMs: number): void {
      if (timer) return;
      stopping = false;
      timer = setInterval(kick, intervalMs);
      timer.unref();
      kick();
    },
    wake: kick,
    async stop(): Promise<void> {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
