import { type ReactNode, type TextareaHTMLAttributes, useEffect, useRef, useState } from "react";
import { FieldNotes, inputClass } from "../kit/admin-ui.tsx";
import { additionProblem, addListEntries, characterCount } from "./blog-post-form.ts";

/**
 * The blog editor's own fields (back-office §2 Blog editor): a text area with a character counter,
 * and a list of tags or keywords added one at a time. Each control's id is given by the editor, so
 * it can put focus on the first field a refusal is about.
 */

export function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(" ") || undefined;
}

export function FieldLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="block font-medium text-slate-800 text-sm">
      {children}
    </label>
  );
}

/**
 * How long to wait after the last keystroke before the remaining characters are read out: a
 * screen reader hears the count once a pause in typing, not after every letter.
 */
const ANNOUNCE_DELAY_MS = 1000;

/**
 * A text area with its length against the limit under it ("120/300"), red past the limit. The
 * field is described by the count, so it is read on focus; while typing, the count is announced
 * politely after a pause. The limit is not enforced by the field itself, so pasted text is never
 * cut silently: the count says how much to remove and the save names the field.
 */
export function CountedTextarea({
  id,
  label,
  max,
  value,
  onValueChange,
  hint,
  error,
  ...textarea
}: {
  id: string;
  label: string;
  max: number;
  value: string;
  onValueChange: (value: string) => void;
  hint?: string;
  error?: string;
} & Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  "id" | "className" | "value" | "onChange" | "maxLength"
>) {
  const count = characterCount(value, max);
  const [spoken, setSpoken] = useState("");
  const typed = useRef(false);

  useEffect(() => {
    if (!typed.current) return;
    const timer = setTimeout(() => setSpoken(count.spoken), ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [count.spoken]);

  return (
    <div>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <textarea
        id={id}
        value={value}
        onChange={(event) => {
          typed.current = true;
          onValueChange(event.target.value);
        }}
        className={`mt-1 ${inputClass} ${count.over ? "ring-2 ring-red-600" : ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, `${id}-count`, error && `${id}-error`)}
        {...textarea}
      />
      <div className="mt-1 flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <FieldNotes id={id} hint={hint} error={error} />
        </div>
        <p
          id={`${id}-count`}
          className={`mt-1 shrink-0 text-xs tabular-nums ${count.over ? "font-semibold text-red-700" : "text-slate-600"}`}
        >
          <span aria-hidden="true">{count.visible}</span>
          <span className="sr-only">{count.spoken}</span>
        </p>
      </div>
      {/* In the page from the start, so screen readers are listening before the first count arrives. */}
      <p className="sr-only" aria-live="polite">
        {spoken}
      </p>
    </div>
  );
}

/**
 * Tags or meta keywords: typed into one box and added with Enter or the Add button (several at
 * once when separated by commas), shown as a list of chips each with its own Remove button. A
 * blank or a repeat (ignoring case) is not added, and the field says why. The list goes with the
 * form as one hidden input per item; text typed but not yet added goes too (as `{name}Entry`), so
 * a forgotten Enter loses nothing.
 */
export function WordListField({
  id,
  name,
  label,
  noun,
  items,
  onItemsChange,
  hint,
  error,
  maxLength,
}: {
  id: string;
  /** The form field the items are sent as. */
  name: string;
  label: string;
  noun: "tag" | "keyword";
  items: readonly string[];
  onItemsChange: (items: string[]) => void;
  hint: string;
  /** The API's (or the save's) message about the list. */
  error?: string;
  maxLength: number;
}) {
  const [entry, setEntry] = useState("");
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [spoken, setSpoken] = useState("");
  const entryRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const shownError = problem ?? error;

  function add() {
    const addition = addListEntries(items, entry);
    setProblem(additionProblem(noun, entry, addition));
    const added = addition.items.slice(items.length);
    if (added.length > 0) {
      onItemsChange(addition.items);
      setSpoken(`Added ${added.map((item) => `“${item}”`).join(", ")}`);
    }
    // What was added, and a repeat, leave the box; only text that was not a problem stays out of the way.
    if (added.length > 0 || addition.repeated.length > 0) setEntry("");
    entryRef.current?.focus();
  }

  function remove(index: number) {
    const removed = items[index];
    const next = items.filter((_item, position) => position !== index);
    onItemsChange(next);
    setProblem(undefined);
    setSpoken(`Removed “${removed}”`);
    // Focus stays in the list: on the chip that took this one's place, else the entry box.
    requestAnimationFrame(() => {
      const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>("button");
      const target = buttons?.[Math.min(index, (buttons?.length ?? 1) - 1)];
      (target ?? entryRef.current)?.focus();
    });
  }

  const listLabel = `${label} added`;
  return (
    <div>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <div className="mt-1 flex gap-2">
        <input
          ref={entryRef}
          id={id}
          name={`${name}Entry`}
          type="text"
          value={entry}
          maxLength={maxLength * 4}
          autoComplete="off"
          onChange={(event) => {
            setEntry(event.target.value);
            setProblem(undefined);
          }}
          onKeyDown={(event) => {
            // Enter adds the entry instead of saving the whole post.
            if (event.key === "Enter") {
              event.preventDefault();
              add();
            }
          }}
          className={inputClass}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={describedBy(`${id}-hint`, `${id}-items`, shownError && `${id}-error`)}
        />
        <button
          type="button"
          onClick={add}
          className="inline-flex shrink-0 items-center justify-center rounded-md bg-white px-3 py-2 font-semibold text-slate-800 text-sm shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50"
        >
          Add<span className="sr-only"> {noun}</span>
        </button>
      </div>
      <FieldNotes id={id} hint={hint} error={shownError} />
      {items.length > 0 ? (
        <ul ref={listRef} aria-label={listLabel} className="mt-2 flex flex-wrap gap-2">
          {items.map((item, index) => (
            <li
              key={item}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-3 text-brand-900 text-sm ring-1 ring-brand-200 ring-inset"
            >
              <span className="min-w-0 break-words [overflow-wrap:anywhere]">{item}</span>
              <button
                type="button"
                onClick={() => remove(index)}
                className="inline-flex size-6 shrink-0 items-center justify-center rounded-full text-brand-900 hover:bg-brand-100"
              >
                <span aria-hidden="true">×</span>
                <span className="sr-only">
                  Remove {noun} “{item}”
                </span>
              </button>
              <input type="hidden" name={name} value={item} />
            </li>
          ))}
        </ul>
      ) : null}
      <p id={`${id}-items`} className="sr-only">
        {items.length === 0
          ? `No ${noun}s yet.`
          : `${items.length} ${items.length === 1 ? noun : `${noun}s`}: ${items.join(", ")}.`}
      </p>
      <p className="sr-only" aria-live="polite">
        {spoken}
      </p>
    </div>
  );
}
