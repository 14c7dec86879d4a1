import {
  type ComponentPropsWithRef,
  createContext,
  type InputHTMLAttributes,
  type ReactNode,
  type TextareaHTMLAttributes,
  useContext,
  useId,
} from "react";
import { FieldNotes, inputClass } from "../admin-ui.tsx";

/**
 * The back-office's form fields (input, select, text area, check box, a group of check boxes, and
 * the frame of label, control and notes they share; the list filters and the Medication, Message,
 * Pharmacy and Price forms all use these), the active switch of a list row, a badge, and the hook
 * that hears each answer of a fetcher once.
 */

export { useFetcherAnswer } from "./fetcher-answer.ts";

function describedBy(id: string, hint?: ReactNode, error?: string): string | undefined {
  return [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

/** `id` is given where focus is sent to the field by id (the Blog editor's refusals); else one is made. */
type FieldProps = { label: string; id?: string; hint?: ReactNode; error?: string };

function useFieldId(given: string | undefined): string {
  const made = useId();
  return given ?? made;
}

/**
 * Whether a required field shows the asterisk. The Pharmacy and Price forms do (and say "Fields
 * marked * are required"); the Medication, Message, Blog and Newsletter forms never have, so they
 * wrap their fields in `UnmarkedFields`.
 */
const RequiredMarks = createContext(true);

export function UnmarkedFields({ children }: { children: ReactNode }) {
  return <RequiredMarks value={false}>{children}</RequiredMarks>;
}

/** A field's label (with the required mark where the form shows one), its control, and its notes. */
function FieldFrame({
  id,
  label,
  required,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  const marks = useContext(RequiredMarks);
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-slate-800 text-sm">
        {label}
        {required && marks ? <RequiredMark /> : null}
      </label>
      {children}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** The asterisk after a required field's label; the input's own `required` tells assistive technology. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-700">
      *
    </span>
  );
}

/** A text, number, address or other input; a required one has a mark after its label. */
export function InputField({
  label,
  id: givenId,
  hint,
  error,
  prefix,
  ...input
}: FieldProps & { prefix?: string } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    "id" | "className" | "prefix"
  >) {
  const id = useFieldId(givenId);
  const field = (
    <input
      id={id}
      className={`${prefix ? "pl-7" : ""} ${inputClass}`}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, hint, error)}
      {...input}
    />
  );
  return (
    <FieldFrame id={id} label={label} required={input.required} hint={hint} error={error}>
      {prefix ? (
        <div className="relative mt-1">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-slate-600 text-sm"
          >
            {prefix}
          </span>
          {field}
        </div>
      ) : (
        <div className="mt-1">{field}</div>
      )}
    </FieldFrame>
  );
}

/** A choice of a select: what it sends and what it shows. */
export interface SelectOption {
  value: string;
  label: string;
}

/** A select: its `children` first (a "Choose…" or "All" option), then `options`. */
export function SelectField({
  label,
  id: givenId,
  hint,
  error,
  options = [],
  children,
  ...select
}: FieldProps & { options?: readonly SelectOption[] } & Omit<
    ComponentPropsWithRef<"select">,
    "id" | "className"
  >) {
  const id = useFieldId(givenId);
  return (
    <FieldFrame id={id} label={label} required={select.required} hint={hint} error={error}>
      <select
        id={id}
        // A native select ignores line height: the fixed height matches the text fields.
        className={`mt-1 h-9 ${inputClass} disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...select}
      >
        {children}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function TextareaField({
  label,
  id: givenId,
  hint,
  error,
  monospace,
  ...textarea
}: FieldProps & { /** For markdown, written in a fixed-width font. */ monospace?: boolean } & Omit<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    "id" | "className"
  >) {
  const id = useFieldId(givenId);
  return (
    <FieldFrame id={id} label={label} required={textarea.required} hint={hint} error={error}>
      <textarea
        id={id}
        className={`mt-1 ${monospace ? "font-mono" : ""} ${inputClass}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        {...textarea}
      />
    </FieldFrame>
  );
}

/** A check box with its label after it; named and `defaultChecked` in a form, or `checked` with `onChange`. */
export function CheckboxField({
  label,
  id: givenId,
  hint,
  error,
  ...input
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className" | "type">) {
  const id = useFieldId(givenId);
  return (
    <div>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          className="size-4 rounded border-slate-400 accent-brand-700"
          {...input}
        />
        <label htmlFor={id} className="font-medium text-slate-800 text-sm">
          {label}
        </label>
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** Several check boxes under one name, as a labelled group (fieldset and legend). */
export function CheckboxGroup({
  legend,
  name,
  options,
  defaultValues,
  hint,
  error,
}: {
  legend: string;
  name: string;
  options: readonly { value: string; label: string }[];
  defaultValues: readonly string[];
  hint?: ReactNode;
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset aria-describedby={describedBy(id, hint, error)}>
      <legend className="font-medium text-slate-800 text-sm">{legend}</legend>
      <div className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 sm:flex sm:flex-wrap sm:gap-x-6">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 text-slate-800 text-sm">
            <input
              type="checkbox"
              name={name}
              value={option.value}
              defaultChecked={defaultValues.includes(option.value)}
              aria-invalid={error ? true : undefined}
              className="size-4 rounded border-slate-400 accent-brand-700"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </fieldset>
  );
}

/**
 * A list row's on/off switch (role="switch"). Its name says what it switches ("Active: Kestrel
 * Lane Pharmacy") and stays the same; the state is its checked state, and the word beside it
 * ("Active" / "Inactive") shows it to sighted users. While busy it is marked unavailable and
 * ignores presses, but keeps focus.
 */
export function ActiveSwitch({
  label,
  checked,
  busy,
  onToggle,
}: {
  label: string;
  checked: boolean;
  busy: boolean;
  onToggle: () => void;
}) {
  return (
    <span className="inline-flex items-center gap-2">
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={label}
        aria-disabled={busy || undefined}
        onClick={() => {
          if (!busy) onToggle();
        }}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full ring-1 ring-inset transition-colors aria-disabled:cursor-wait aria-disabled:opacity-60 ${
          checked ? "bg-brand-700 ring-brand-800" : "bg-slate-300 ring-slate-400"
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-4 rounded-full bg-white shadow transition-transform ${
            checked ? "translate-x-6" : "translate-x-1"
          }`}
        />
      </button>
      <span aria-hidden="true" className={`text-xs ${checked ? "text-slate-900" : "text-slate-600"}`}>
        {checked ? "Active" : "Inactive"}
      </span>
    </span>
  );
}

export type BadgeTone = "green" | "slate" | "amber" | "red";

const badgeTone: Record<BadgeTone, string> = {
  green: "bg-emerald-50 text-emerald-900 ring-emerald-300",
  slate: "bg-slate-100 text-slate-800 ring-slate-300",
  amber: "bg-amber-50 text-amber-900 ring-amber-300",
  red: "bg-red-50 text-red-800 ring-red-300",
};

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 font-medium text-xs ring-1 ring-inset ${badgeTone[tone]}`}
    >
      {children}
    </span>
  );
}
