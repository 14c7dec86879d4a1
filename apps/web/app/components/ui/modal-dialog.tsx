import { type ReactNode, type RefObject, useEffect, useId, useRef } from "react";
import { CloseIcon } from "./icons.tsx";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalDialogProps {
  open: boolean;
  /** Called for Escape, the close button and a click on the backdrop. */
  onClose: () => void;
  title: string;
  /** Read with the title when the dialog opens (aria-describedby). */
  description?: ReactNode;
  /** "alertdialog" for a dialog that asks to confirm something, so it is announced as urgent. */
  role?: "dialog" | "alertdialog";
  /** Where focus goes back to on closing: the control that opened the dialog. */
  returnFocusRef?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * A modal dialog on the native <dialog> (top layer, inert page behind it), labelled by its heading.
 * Focus moves to the first control inside, Tab and Shift+Tab cycle within it, and on closing it
 * returns to the opener.
 */
export function ModalDialog({
  open,
  onClose,
  title,
  description,
  role,
  returnFocusRef,
  children,
}: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  const headingId = useId();
  const descriptionId = useId();

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // Straight to the first choice in the body; the close button when the body has none.
      const body = dialog.querySelector<HTMLElement>("[data-dialog-body]");
      const target = (body ? focusables(body)[0] : undefined) ?? focusables(dialog)[0];
      target?.focus();
      // The page behind must not scroll under the dialog.
      document.documentElement.style.overflow = "hidden";
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // "close" fires however the dialog closed (Escape included), so the owner's state always follows.
    const onNativeClose = () => {
      document.documentElement.style.overflow = "";
      returnFocusRef?.current?.focus();
      onCloseRef.current();
    };
    // A click whose target is the <dialog> itself landed on the backdrop: the content fills the box.
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) dialog.close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Tab") return;
      const items = focusables(dialog);
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    dialog.addEventListener("close", onNativeClose);
    dialog.addEventListener("click", onClick);
    dialog.addEventListener("keydown", onKeyDown);
    return () => {
      dialog.removeEventListener("close", onNativeClose);
      dialog.removeEventListener("click", onClick);
      dialog.removeEventListener("keydown", onKeyDown);
      document.documentElement.style.overflow = "";
    };
  }, [returnFocusRef]);

  return (
    <dialog
      ref={dialogRef}
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-modal="true"
      aria-labelledby={headingId}
      aria-describedby={open && description ? descriptionId : undefined}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/50 backdrop:backdrop-blur-[2px]"
    >
      {open ? (
        <div className="flex max-h-[calc(100dvh-4rem)] flex-col">
          <div className="flex items-start justify-between gap-4 border-slate-200 border-b px-5 py-4 sm:px-6">
            <div>
              <h2 id={headingId} className="font-bold text-slate-900 text-xl tracking-tight">
                {title}
              </h2>
              {description ? (
                <div id={descriptionId} className="mt-1 text-slate-600 text-sm">
                  {description}
                </div>
              ) : null}
            </div>
            <button
              type="button"
              onClick={() => dialogRef.current?.close()}
              className="-mr-2 shrink-0 rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            >
              <CloseIcon className="size-5" />
              <span className="sr-only">Close</span>
            </button>
          </div>
          <div data-dialog-body className="overflow-y-auto px-5 py-4 sm:px-6">
            {children}
          </div>
        </div>
      ) : null}
    </dialog>
  );
}

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.hidden);
}
