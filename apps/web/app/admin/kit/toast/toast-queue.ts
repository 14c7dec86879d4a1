/**
 * The state behind toast.tsx, kept apart from React so it can be tested: which notices are up,
 * and a timer that dismisses one but waits while the reader points at it or focuses it.
 */

export type ToastTone = "success" | "info";

export interface ToastMessage {
  id: number;
  text: string;
  tone: ToastTone;
}

/** At most this many notices are up at once; a newer one pushes out the oldest. */
export const TOAST_LIMIT = 3;
/** How long a notice stays up while nobody is pointing at it or focused in it. */
export const TOAST_DURATION_MS = 6000;

export type ToastAction = { type: "show"; toast: ToastMessage } | { type: "dismiss"; id: number };

export function toastReducer(toasts: readonly ToastMessage[], action: ToastAction): readonly ToastMessage[] {
  switch (action.type) {
    case "show": {
      // The same words again replace the notice still up (a fresh one, so it is read and timed anew).
      const others = toasts.filter((toast) => toast.text !== action.toast.text);
      return [...others, action.toast].slice(-TOAST_LIMIT);
    }
    case "dismiss":
      return toasts.some((toast) => toast.id === action.id)
        ? toasts.filter((toast) => toast.id !== action.id)
        : toasts;
  }
}

export interface PausableTimer {
  /** Stops the countdown, keeping the time left (pointer over the notice, or focus inside it). */
  pause(): void;
  /** Carries on with the time left. */
  resume(): void;
  /** Stops for good (the notice went away some other way). */
  cancel(): void;
}

interface TimerClock {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

const systemClock: TimerClock = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

/** Calls `onExpire` once `ms` of unpaused time has passed; starts at once. */
export function startPausableTimer(onExpire: () => void, ms: number, clock = systemClock): PausableTimer {
  let remaining = ms;
  let startedAt = 0;
  let handle: unknown = null;
  let finished = false;
  // Pointer and focus can both pause: only when neither holds it does the countdown go on.
  let holds = 0;

  function run() {
    startedAt = clock.now();
    handle = clock.setTimeout(() => {
      handle = null;
      finished = true;
      onExpire();
    }, remaining);
  }

  function stop() {
    if (handle === null) return;
    clock.clearTimeout(handle);
    handle = null;
    remaining = Math.max(0, remaining - (clock.now() - startedAt));
  }

  run();
  return {
    pause() {
      if (finished) return;
      holds += 1;
      stop();
    },
    resume() {
      if (finished || holds === 0) return;
      holds -= 1;
      if (holds === 0) run();
    },
    cancel() {
      finished = true;
      stop();
    },
  };
}
