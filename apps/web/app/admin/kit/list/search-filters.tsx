import { FilterBar, FilterSelect } from "./filter-bar.tsx";
import { hasFilters } from "./list-navigation.ts";
import { SearchField } from "./search-field.tsx";

/**
 * The filter bar of a list searched on the server with one choice beside the search (a status, a
 * category): both live in the address, under the API's own query keys (decision 037).
 */
export function SearchFilters({
  label,
  filters,
  placeholder,
  select,
  searchError,
}: {
  label: string;
  filters: Readonly<Record<string, string>> & { search: string };
  placeholder: string;
  /** `allLabel` names the choice of no filter ("All" unless the list's default is narrower). */
  select: {
    label: string;
    name: string;
    options: readonly { value: string; label: string }[];
    allLabel?: string;
  };
  /** The API's refusal of the search term. */
  searchError?: string;
}) {
  return (
    <FilterBar label={label} active={hasFilters(filters)} columnsClass="sm:grid-cols-[2fr_1fr]">
      <SearchField
        value={filters.search}
        placeholder={placeholder}
        error={searchError ? `Search ${searchError}` : undefined}
      />
      <FilterSelect
        label={select.label}
        name={select.name}
        defaultValue={filters[select.name] ?? ""}
        options={select.options}
        allLabel={select.allLabel}
      />
    </FilterBar>
  );
}
