import type { ReactNode } from "react";
import { buttonClass } from "../admin-ui.tsx";

/**
 * A row's open button (View in the inboxes, Edit in Admin Messages) and its Delete; `named` is the
 * row's visually hidden name after each word, so every button's name says which row it acts on.
 */
export function OpenDeleteButtons({
  openLabel,
  named,
  onOpen,
  onDelete,
}: {
  openLabel: "View" | "Edit";
  named: ReactNode;
  onOpen: (button: HTMLElement) => void;
  onDelete: (button: HTMLElement) => void;
}) {
  return (
    <>
      <button
        type="button"
        className={buttonClass.secondary}
        onClick={(event) => onOpen(event.currentTarget)}
      >
        {openLabel}
        {named}
      </button>
      <button
        type="button"
        className={`${buttonClass.secondary} text-red-700`}
        onClick={(event) => onDelete(event.currentTarget)}
      >
        Delete{named}
      </button>
    </>
  );
}
