import { useEffect, useRef } from "react";

/**
 * Calls `handle` once for each answer a fetcher brings back, when it is idle again (after React
 * Router has revalidated the loaders that follow an action). Each answer is a new object, so a
 * repeated answer is handled again.
 */
export function useFetcherAnswer<T>(
  fetcher: { state: string; data: T | undefined },
  handle: (data: T) => void,
): void {
  const handled = useRef<T | undefined>(undefined);
  const latest = useRef(handle);
  useEffect(() => {
    latest.current = handle;
  });
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || fetcher.data === handled.current) return;
    handled.current = fetcher.data;
    latest.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}
