import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from "react";
import { isRouteErrorResponse, Link } from "react-router";
import { ApiError } from "../../lib/api-client.ts";
import { apiUnreachable, UNREACHABLE_MESSAGE } from "./admin-route.ts";

/** The small building blocks of the back-office screens: calm, dense, white and slate with teal. */

export const buttonClass = {
  primary:
    "inline-flex items-center justify-center gap-2 rounded-md bg-brand-700 px-4 py-2 font-semibold text-sm text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-500 aria-disabled:cursor-wait aria-disabled:bg-slate-500",
  secondary:
    "inline-flex items-center justify-center gap-2 rounded-md bg-white px-4 py-2 font-semibold text-slate-800 text-sm shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-500",
  /** For an action that removes something (a confirmation's Delete). */
  danger:
    "inline-flex items-center justify-center gap-2 rounded-md bg-red-700 px-4 py-2 font-semibold text-sm text-white shadow-sm hover:bg-red-800 disabled:cursor-not-allowed disabled:bg-slate-500 aria-disabled:cursor-wait aria-disabled:bg-slate-500",
} as const;

export const inputClass =
  "block w-full rounded-md border-0 bg-white px-3 py-2 text-slate-900 text-sm shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-brand-700 aria-invalid:ring-2 aria-invalid:ring-red-600";

/** What a client loader shows while it runs on the first load (its HydrateFallback). */
export function AdminLoading() {
  return (
    <div className="flex min-h-dvh flex-1 items-center justify-center bg-slate-50 p-6">
      <p role="status" className="flex items-center gap-3 font-medium text-slate-700 text-sm">
        <span
          aria-hidden="true"
          className="size-4 rounded-full border-2 border-brand-200 border-t-brand-700 motion-safe:animate-spin"
        />
        Loading…
      </p>
    </div>
  );
}

/** A screen's title and what it is for; `action` (a list's Add button) stands beside it, or below on a phone. */
export function PageHeader({
  title,
  description,
  action,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
}) {
  const header = (
    <header className="mb-6">
      <h1 className="font-semibold text-2xl text-slate-900 tracking-tight">{title}</h1>
      {description ? <p className="mt-1 text-slate-600 text-sm">{description}</p> : null}
    </header>
  );
  if (!action) return header;
  return (
    <div className="flex flex-wrap items-start justify-between gap-4">
      {header}
      <div className="mb-6">{action}</div>
    </div>
  );
}

export function Panel({
  title,
  titleId,
  action,
  children,
  className = "",
}: {
  title?: string;
  titleId?: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={title ? titleId : undefined}
      className={`rounded-lg bg-white shadow-sm ring-1 ring-slate-200 ${className}`}
    >
      {title ? (
        <div className="flex flex-wrap items-center justify-between gap-2 border-slate-200 border-b px-4 py-3 sm:px-5">
          <h2 id={titleId} className="font-semibold text-base text-slate-900">
            {title}
          </h2>
          {action}
        </div>
      ) : null}
      {children}
    </section>
  );
}

/** An error (role="alert", read out at once) or a confirmation (role="status", read politely). */
export function Notice({
  tone,
  children,
  noticeRef,
}: {
  tone: "error" | "success";
  children: ReactNode;
  /** Given when the form moves focus here once it has an answer (so the notice can take focus). */
  noticeRef?: Ref<HTMLParagraphElement>;
}) {
  const focusProps = noticeRef ? { ref: noticeRef, tabIndex: -1 } : {};
  return tone === "error" ? (
    <p
      {...focusProps}
      role="alert"
      className="rounded-md bg-red-50 px-3 py-2 text-red-800 text-sm ring-1 ring-red-200"
    >
      {children}
    </p>
  ) : (
    <p
      {...focusProps}
      role="status"
      className="rounded-md bg-emerald-50 px-3 py-2 text-emerald-900 text-sm ring-1 ring-emerald-200"
    >
      {children}
    </p>
  );
}

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className"> & {
  label: string;
  name: string;
  /** Shown under the field (as an alert) and tied to it with aria-describedby; marks the field invalid. */
  error?: string;
  hint?: string;
};

export function TextField({ label, error, hint, ...input }: FieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-slate-800 text-sm">
        {label}
      </label>
      <input
        id={id}
        className={`mt-1 ${inputClass}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** The "Current password" field that confirms it is you (Profile's password change, two-step's changes). */
export function CurrentPasswordField(props: Omit<FieldProps, "label" | "name" | "type" | "autoComplete">) {
  return (
    <TextField
      label="Current password"
      name="currentPassword"
      type="password"
      autoComplete="current-password"
      required
      {...props}
    />
  );
}

/**
 * A form's last row: its way out (a link back to the list, or a button that closes the dialog) and
 * its submit button, which stays focusable while saving (aria-disabled); the form refuses a second
 * submission itself.
 */
export function FormActions({
  cancel,
  saving,
  blocked = saving,
  saveLabel,
}: {
  cancel: { to: string } | { onClick: () => void };
  saving: boolean;
  /** Whether a press does nothing (while saving, and after a save where the form is locked). */
  blocked?: boolean;
  /** "Save Changes", "Create Post", …; "Saving..." while it saves. */
  saveLabel: string;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2 border-slate-200 border-t pt-4">
      {"to" in cancel ? (
        <Link to={cancel.to} className={buttonClass.secondary}>
          Cancel
        </Link>
      ) : (
        <button type="button" className={buttonClass.secondary} onClick={cancel.onClick}>
          Cancel
        </button>
      )}
      <button type="submit" className={buttonClass.primary} aria-disabled={blocked}>
        {saving ? "Saving..." : saveLabel}
      </button>
    </div>
  );
}

/** An admin route's error boundary: what went wrong in words, and a way on. */
export function AdminPageError({ error }: { error: unknown }) {
  let message = "Sorry, this page could not be shown just now. Please try again in a moment.";
  if (error instanceof ApiError) {
    if (apiUnreachable(error)) message = UNREACHABLE_MESSAGE;
    else if (error.serverMessage) message = error.serverMessage;
  } else if (isRouteErrorResponse(error) && error.status === 404) {
    message = "This admin page does not exist.";
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-12 text-center">
      <h1 className="font-semibold text-slate-900 text-xl">Something went wrong</h1>
      <p role="alert" className="mt-3 text-slate-700 text-sm">
        {message}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <button type="button" className={buttonClass.primary} onClick={() => window.location.reload()}>
          Try again
        </button>
        <Link to="/admin/dashboard" className={buttonClass.secondary}>
          Go to the dashboard
        </Link>
      </div>
    </div>
  );
}

/**
 * A field's hint and its error under it, with the ids its input names in `aria-describedby`
 * (`{id}-hint`, `{id}-error`). Every back-office form field uses this.
 */
export function FieldNotes({
  id,
  hint,
  error,
}: {
  id: string;
  hint?: ReactNode;
  error?: string | undefined;
}) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-slate-600 text-xs">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 font-medium text-red-700 text-xs">
          {error}
        </p>
      ) : null}
    </>
  );
}
