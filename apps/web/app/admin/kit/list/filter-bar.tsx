import type { FormEvent, InputHTMLAttributes, ReactNode } from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import { buttonClass } from "../admin-ui.tsx";
import { InputField, SelectField, type SelectOption } from "../form/catalogue-controls.tsx";
import { useListLoading } from "./list-navigation.ts";

/**
 * The filters of an admin list: a GET form whose fields are named after the API's query
 * parameters, so the filters live in the address (list-navigation.ts). Applying drops blank
 * fields and starts again at page 1; "Clear filters" returns to the unfiltered list.
 */
export function FilterBar({
  label,
  active,
  note,
  columnsClass = "sm:grid-cols-2 lg:grid-cols-4",
  children,
}: {
  /** The form's accessible name, e.g. "Filter the audit log". */
  label: string;
  /** Whether any filter is set now (then "Clear filters" is offered). */
  active: boolean;
  /** A short line beside the buttons, e.g. how dates are read. */
  note?: ReactNode;
  /** Grid columns of the fields at wider sizes (one column on phones). */
  columnsClass?: string;
  /** FilterField and FilterSelect elements. */
  children: ReactNode;
}) {
  const location = useLocation();
  const submit = useSubmit();
  const loading = useListLoading();

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) {
      if (typeof value === "string" && value.trim()) query.set(key, value.trim());
    }
    void submit(query, { method: "get" });
  }

  return (
    // Keyed by the address so Back and Forward refill the fields from it.
    <Form
      key={location.search}
      method="get"
      onSubmit={apply}
      aria-label={label}
      className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5"
    >
      <div className={`grid gap-4 ${columnsClass}`}>{children}</div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="submit" className={buttonClass.primary} disabled={loading}>
          Apply filters
        </button>
        {active ? (
          <Link to="." className={buttonClass.secondary}>
            Clear filters
          </Link>
        ) : null}
        {note ? <p className="text-slate-600 text-xs">{note}</p> : null}
      </div>
    </Form>
  );
}

interface FilterProps {
  label: string;
  /** The query parameter, as the API names it. */
  name: string;
  /** The value in the address now ("" for none). */
  defaultValue: string;
  /** What is wrong with this filter (the API's `fields` entry), shown under it. */
  error?: string;
}

/** A typed filter: free text, an email or a date. */
export function FilterField({
  label,
  name,
  defaultValue,
  error,
  type = "text",
  ...input
}: FilterProps &
  Pick<InputHTMLAttributes<HTMLInputElement>, "inputMode" | "spellCheck" | "placeholder"> & {
    type?: "text" | "search" | "email" | "date";
  }) {
  return (
    <InputField
      label={label}
      name={name}
      type={type}
      defaultValue={defaultValue}
      autoComplete="off"
      error={error}
      {...input}
    />
  );
}

/** A choice among known values; the first option, "All", means no filter. */
export function FilterSelect({
  label,
  name,
  defaultValue,
  error,
  options,
  allLabel = "All",
}: FilterProps & { options: readonly SelectOption[]; allLabel?: string }) {
  return (
    <SelectField label={label} name={name} defaultValue={defaultValue} error={error} options={options}>
      <option value="">{allLabel}</option>
    </SelectField>
  );
}
