import { FilterField } from "./filter-bar.tsx";

/**
 * A filter bar's free-text search: the API's `search` query key, its value kept in the address
 * (decision 037), never spell-checked (names, ids and addresses are not words).
 */
export function SearchField({
  value,
  placeholder,
  label = "Search",
  error,
}: {
  /** The search in the address now ("" for none). */
  value: string;
  placeholder: string;
  label?: string;
  /** What the API said is wrong with the search, shown under it. */
  error?: string | undefined;
}) {
  return (
    <FilterField
      label={label}
      name="search"
      type="search"
      defaultValue={value}
      placeholder={placeholder}
      spellCheck={false}
      error={error}
    />
  );
}
