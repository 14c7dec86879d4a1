import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
} from "react";
import { CloseIcon } from "../../../components/ui/icons.tsx";
import {
  startPausableTimer,
  TOAST_DURATION_MS,
  type ToastMessage,
  type ToastTone,
  toastReducer,
} from "./toast-queue.ts";

/**
 * Short confirmations after an admin action ("Contact deleted"): read out politely, gone after a
 * few seconds, kept while the pointer is over one or focus is inside it, and dismissible. Errors
 * are not toasts: they stay on the page as a Notice (role="alert") beside what failed.
 */

interface ToastApi {
  show(text: string, options?: { tone?: ToastTone }): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** Shows notices from `useToast()` anywhere inside it. Mount it once, around the admin pages. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, dispatch] = useReducer(toastReducer, []);
  const nextId = useRef(1);

  const show = useCallback((text: string, options?: { tone?: ToastTone }) => {
    const id = nextId.current++;
    dispatch({ type: "show", toast: { id, text, tone: options?.tone ?? "success" } });
  }, []);
  const dismiss = useCallback((id: number) => dispatch({ type: "dismiss", id }), []);
  const api = useMemo(() => ({ show }), [show]);

  return (
    <ToastContext value={api}>
      {children}
      <ToastRegion toasts={toasts} onDismiss={dismiss} />
    </ToastContext>
  );
}

/** `show(text)` puts up a notice; only inside ToastProvider. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast is only available inside ToastProvider");
  return api;
}

/**
 * The live region is always in the page, empty when there is nothing to say, so a screen reader
 * is already listening when a notice arrives.
 */
export function ToastRegion({
  toasts,
  onDismiss,
}: {
  toasts: readonly ToastMessage[];
  onDismiss: (id: number) => void;
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="false"
      className="pointer-events-none fixed inset-x-4 bottom-4 z-40 flex flex-col items-stretch gap-2 sm:inset-x-auto sm:right-6 sm:bottom-6 sm:w-96"
    >
      {toasts.map((toast) => (
        <Toast key={toast.id} toast={toast} onDismiss={onDismiss} />
      ))}
    </div>
  );
}

const toneClass: Record<ToastTone, string> = {
  success: "bg-emerald-50 text-emerald-950 ring-emerald-300",
  info: "bg-white text-slate-900 ring-slate-300",
};

function Toast({ toast, onDismiss }: { toast: ToastMessage; onDismiss: (id: number) => void }) {
  const box = useRef<HTMLDivElement>(null);
  // The latest callback, so a parent's re-render does not restart the countdown.
  const dismiss = useRef(onDismiss);
  useEffect(() => {
    dismiss.current = onDismiss;
  }, [onDismiss]);

  // The countdown waits while the pointer is over the notice or focus is inside it.
  useEffect(() => {
    const element = box.current;
    const timer = startPausableTimer(() => dismiss.current(toast.id), TOAST_DURATION_MS);
    if (!element) return () => timer.cancel();
    const holds: [string, () => void][] = [
      ["pointerenter", () => timer.pause()],
      ["pointerleave", () => timer.resume()],
      ["focusin", () => timer.pause()],
      ["focusout", () => timer.resume()],
    ];
    for (const [type, listener] of holds) element.addEventListener(type, listener);
    return () => {
      for (const [type, listener] of holds) element.removeEventListener(type, listener);
      timer.cancel();
    };
  }, [toast.id]);

  return (
    <div
      ref={box}
      className={`pointer-events-auto flex items-start justify-between gap-3 rounded-lg px-4 py-3 text-sm shadow-lg ring-1 ${toneClass[toast.tone]}`}
    >
      <p className="font-medium">{toast.text}</p>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        className="-my-1 -mr-2 shrink-0 rounded-md p-1 text-current hover:bg-black/5"
      >
        <CloseIcon className="size-4" />
        <span className="sr-only">Dismiss notice</span>
      </button>
    </div>
  );
}
