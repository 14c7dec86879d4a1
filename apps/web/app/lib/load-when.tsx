import { type ComponentType, lazy, memo, Suspense, useEffect, useState } from "react";

/**
 * "Load this code when X" (issue 47, docs/performance.md "JavaScript per public route"): the one
 * way a public page fetches the code of a part only some visitors use, so the part stays out of
 * the JavaScript every page downloads first.
 *
 * The server renders the part at once and in full (the document is sent when all of it is ready,
 * see entry.server.tsx). In the browser React keeps a boundary whose code has not arrived as the
 * server's HTML, untouched and unhydrated, and hydrates it when the code comes: nothing flashes
 * and nothing moves. Until then the part works as it does without JavaScript (a link, a plain
 * form). A part mounted in the browser (a client-side navigation) loads at once.
 */

/** Settles when its moment has come; asked for in the browser only. */
export type Trigger = () => Promise<void>;

/** When any element matching `selector` comes within `margin` of the screen (at once if there is none). */
export function whenVisible(selector: string, margin = "400px"): Trigger {
  return () =>
    new Promise((resolve) => {
      const elements = document.querySelectorAll(selector);
      if (elements.length === 0 || typeof IntersectionObserver === "undefined") return resolve();
      const observer = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          observer.disconnect();
          resolve();
        },
        { rootMargin: margin },
      );
      for (const element of elements) observer.observe(element);
    });
}

/** Events that come before a visitor uses a part: a pointer over it, a press, focus, a key. */
const INTERACTIONS = ["pointerover", "pointerdown", "touchstart", "focusin", "keydown", "input"] as const;

/** When the visitor first points at, touches or focuses an element matching `selector` (at once if there is none). */
export function whenInteracted(selector: string): Trigger {
  return () =>
    new Promise((resolve) => {
      const elements = [...document.querySelectorAll(selector)];
      if (elements.length === 0) return resolve();
      // Focus already inside (an autofocused box, a visitor quicker than the page) counts too.
      if (elements.some((element) => element.contains(document.activeElement))) return resolve();
      const done = () => {
        for (const element of elements) {
          for (const type of INTERACTIONS) element.removeEventListener(type, done, true);
        }
        resolve();
      };
      for (const element of elements) {
        for (const type of INTERACTIONS)
          element.addEventListener(type, done, { capture: true, passive: true });
      }
    });
}

/** When the browser has nothing more urgent to do (after hydration), at the latest after `timeoutMs`. */
export function whenIdle(timeoutMs = 2_000): Trigger {
  return () =>
    new Promise((resolve) => {
      if (typeof requestIdleCallback === "function")
        requestIdleCallback(() => resolve(), { timeout: timeoutMs });
      else setTimeout(resolve, 200);
    });
}

/** When the first of `triggers` fires. */
export function firstOf(...triggers: Trigger[]): Trigger {
  return () => Promise.race(triggers.map((trigger) => trigger()));
}

/** Parts whose trigger has not fired yet: calling an entry fires it and settles when that load has. */
const waiting = new Set<() => Promise<void>>();

/**
 * Loads every part still waiting for its trigger, and settles when each load has (failed or not).
 * The root's client middleware calls it on every navigation and fetcher call: an update from the
 * router reaching a part still shown as server HTML would make React drop that HTML for an empty
 * fallback until the code came.
 */
export function loadWaitingParts(): Promise<void> {
  return Promise.all([...waiting].map((fire) => fire())).then(() => undefined);
}

/**
 * Waits for `trigger` (or {@link loadWaitingParts}), then loads. A load that fails (offline, or a
 * deployment replaced the file) calls `failed` at once and is tried again when the browser is back
 * online and the trigger fires again.
 */
export async function loadAfter<T>(
  trigger: Trigger,
  load: () => Promise<T>,
  { online = backOnline, failed = () => {} }: { online?: Trigger; failed?: () => void } = {},
): Promise<T> {
  for (;;) {
    let attempt: Promise<T> | undefined;
    const start = () => {
      attempt ??= load().catch((error: unknown) => {
        failed();
        throw error;
      });
      return attempt;
    };
    let fired = () => {};
    const firing = new Promise<void>((resolve) => {
      fired = resolve;
    });
    const fire = () => {
      fired();
      return start().then(
        () => undefined,
        () => undefined,
      );
    };
    waiting.add(fire);
    void trigger().then(fired);
    await firing;
    waiting.delete(fire);
    try {
      return await start();
    } catch {
      await online();
    }
  }
}

const backOnline = () =>
  new Promise<void>((resolve) => window.addEventListener("online", () => resolve(), { once: true }));

/**
 * A component whose code the browser loads when `trigger` fires, and at the latest when the browser
 * is next idle after the page has loaded: a part still shown as server HTML makes React hold back
 * the router's next update until its code is there (a navigation's loading screen came only with
 * the new page), so no part is left waiting for long. On the server it renders at once. Memoised: a boundary still waiting for its code is not re-rendered by its parent (new
 * props would make React give up the server HTML and render the empty fallback instead).
 *
 * If the code cannot be fetched, the part is set aside (remounted empty) until it can: React
 * would otherwise hold back every update from the router, waiting for code that is not coming,
 * and a form sent offline would never say that it was not sent.
 */
export function loadWhen<P extends object>(
  trigger: Trigger,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  let failures = 0;
  const listeners = new Set<(count: number) => void>();
  const failed = () => {
    failures += 1;
    for (const listener of listeners) listener(failures);
  };
  const Part = lazy(async () => ({
    default: import.meta.env.SSR
      ? await load()
      : await loadAfter(firstOf(trigger, whenIdle()), load, { failed }),
  }));
  return memo(function LoadWhen(props: P) {
    const [setAside, setSetAside] = useState(0);
    useEffect(() => {
      listeners.add(setSetAside);
      setSetAside(failures);
      return () => {
        listeners.delete(setSetAside);
      };
    }, []);
    return (
      <Suspense key={setAside} fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  }) as unknown as ComponentType<P>;
}
