import {
  type AdminCategory,
  type AdminSubcategory,
  CATALOGUE_LIMITS,
  catalogueMessages,
} from "@pharmacompare/contract";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { buttonClass, FieldNotes, inputClass } from "../kit/admin-ui.tsx";
import { useFetcherAnswer } from "../kit/form/fetcher-answer.ts";
import type { ActionResult, FormRequest } from "./form-request.ts";

/**
 * "+ New subcategory": a small panel inside the form (not a form of its own: forms do not nest)
 * that adds a subcategory to the chosen category by name, then selects it.
 */
export function NewSubcategory({
  category,
  onCreated,
}: {
  category: AdminCategory;
  onCreated: (category: AdminCategory, subcategory: AdminSubcategory) => void;
}) {
  const id = useId();
  const fetcher = useFetcher<ActionResult>();
  const busy = fetcher.state !== "idle";
  const [open, setOpen] = useState(false);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | undefined>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const opened = useRef(false);

  // Focus goes into the panel when it opens and back to its button when it closes.
  useEffect(() => {
    if (open) inputRef.current?.focus();
    else if (opened.current) openerRef.current?.focus();
    opened.current = open;
  }, [open]);

  useFetcherAnswer(fetcher, (answer) => {
    if (answer.intent !== "subcategory") return;
    if (answer.ok) {
      opened.current = false; // focus goes to the subcategory select, not back to the button
      setOpen(false);
      setName("");
      setError(undefined);
      onCreated(answer.category, answer.subcategory);
    } else {
      setError(answer.error);
      inputRef.current?.focus();
    }
  });

  function add() {
    if (busy) return;
    if (!name.trim()) {
      setError(catalogueMessages.subcategoryNameRequired);
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    const request: FormRequest = { intent: "subcategory", categoryId: category.id, name };
    void fetcher.submit(request, { method: "post", encType: "application/json" });
  }

  if (!open) {
    return (
      <button
        ref={openerRef}
        type="button"
        className="font-medium text-brand-800 text-sm underline-offset-2 hover:underline"
        onClick={() => setOpen(true)}
      >
        <span aria-hidden="true">+ </span>New subcategory
      </button>
    );
  }
  return (
    <div className="rounded-md bg-slate-50 p-3 ring-1 ring-slate-200">
      <label htmlFor={id} className="block font-medium text-slate-800 text-sm">
        New subcategory in {category.name}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="text"
        value={name}
        maxLength={CATALOGUE_LIMITS.nameMax}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ")}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          // Enter adds the subcategory; it must not save the whole medication.
          if (event.key === "Enter") {
            event.preventDefault();
            add();
          } else if (event.key === "Escape") {
            event.preventDefault();
            setOpen(false);
          }
        }}
        className={`mt-1 ${inputClass}`}
      />
      <FieldNotes id={id} hint="Its id is made from the name." error={error} />
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className={buttonClass.primary} aria-disabled={busy} onClick={add}>
          {busy ? "Adding..." : "Add subcategory"}
        </button>
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => {
            setError(undefined);
            setOpen(false);
          }}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}
