import { FilterBar, FilterField, FilterSelect } from "../filter-bar.tsx";
import { hasFilters } from "../list-navigation.ts";

/**
 * The filter bar of a list searched on the server with one status filter (Contact Messages,
 * Price Alerts): both live in the address, under the API's own query keys.
 */
export function SearchAndStatusFilters({
  label,
  filters,
  placeholder,
  statuses,
  searchError,
}: {
  label: string;
  filters: { search: string; status: string };
  placeholder: string;
  statuses: readonly string[];
  /** The API's refusal of the search term. */
  searchError?: string;
}) {
  return (
    <FilterBar label={label} active={hasFilters(filters)} columnsClass="sm:grid-cols-[2fr_1fr]">
      <FilterField
        label="Search"
        name="search"
        type="search"
        defaultValue={filters.search}
        placeholder={placeholder}
        spellCheck={false}
        error={searchError ? `Search ${searchError}` : undefined}
      />
      <FilterSelect
        label="Status"
        name="status"
        defaultValue={filters.status}
        options={statuses.map((value) => ({ value, label: value }))}
      />
    </FilterBar>
  );
}
