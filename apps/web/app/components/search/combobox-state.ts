import { isSearchable, searchTerm } from "../../lib/medication-search.ts";

/** One row of the suggestions list. */
export interface Suggestion {
  id: string;
  name: string;
  genericName?: string;
  subcategoryId: string;
}

/**
 * The search combobox's state (WAI-ARIA 1.2 combobox with a listbox popup, public site §4).
 * Suggestions are only ever shown for the term they were fetched for, so a late answer to an
 * earlier keystroke can never replace the list for what is typed now.
 */
export interface ComboboxState {
  /** The input's value, untrimmed. */
  query: string;
  /** The term the current suggestions answer, or null before any answer for the current term. */
  resultsFor: string | null;
  suggestions: Suggestion[];
  /** The API could not be asked for the current term. */
  failed: boolean;
  /** False after Escape, a click outside or leaving the field; typing opens it again. */
  open: boolean;
  /** Index of the highlighted suggestion; -1 when none is (the initial state). */
  activeIndex: number;
}

export type ComboboxAction =
  | { type: "input"; value: string }
  | { type: "results"; term: string; suggestions: Suggestion[] }
  | { type: "failed"; term: string }
  | { type: "move"; direction: 1 | -1 }
  | { type: "close" }
  | { type: "clear" };

export function initialComboboxState(query = ""): ComboboxState {
  return { query, resultsFor: null, suggestions: [], failed: false, open: false, activeIndex: -1 };
}

export function comboboxReducer(state: ComboboxState, action: ComboboxAction): ComboboxState {
  switch (action.type) {
    case "input": {
      const sameTerm = searchTerm(action.value) === searchTerm(state.query);
      return {
        ...state,
        query: action.value,
        // Spaces around the term change nothing: keep the answer already received for it.
        ...(sameTerm ? {} : { resultsFor: null, suggestions: [], failed: false }),
        open: true,
        activeIndex: -1,
      };
    }
    case "results":
      if (action.term !== searchTerm(state.query)) return state;
      return {
        ...state,
        resultsFor: action.term,
        suggestions: action.suggestions,
        failed: false,
        activeIndex: -1,
      };
    case "failed":
      if (action.term !== searchTerm(state.query)) return state;
      return { ...state, resultsFor: null, suggestions: [], failed: true, activeIndex: -1 };
    case "move": {
      const count = currentSuggestions(state).length;
      if (count === 0) return state;
      // Arrows reopen a list closed with Escape, starting from the end they point to.
      if (!state.open) return { ...state, open: true, activeIndex: action.direction === 1 ? 0 : count - 1 };
      // Wraps both ways: from "none", Down goes to the first row and Up to the last.
      const from = state.activeIndex === -1 ? (action.direction === 1 ? -1 : count) : state.activeIndex;
      return { ...state, activeIndex: (from + action.direction + count) % count };
    }
    case "close":
      return state.open ? { ...state, open: false, activeIndex: -1 } : state;
    case "clear":
      return initialComboboxState();
  }
}

/** Suggestions that answer what is typed now (empty while an answer is pending). */
function currentSuggestions(state: ComboboxState): Suggestion[] {
  const term = searchTerm(state.query);
  return isSearchable(term) && state.resultsFor === term ? state.suggestions : [];
}

export interface ComboboxView {
  /** The listbox is shown (aria-expanded). */
  expanded: boolean;
  suggestions: Suggestion[];
  activeIndex: number;
  /** The term has 2+ characters, its answer arrived and nothing matched. */
  noMatch: boolean;
  /** The term has 2+ characters but the API could not be asked. */
  unavailable: boolean;
  term: string;
}

/** What to render for a state. */
export function comboboxView(state: ComboboxState): ComboboxView {
  const term = searchTerm(state.query);
  const searchable = isSearchable(term);
  const suggestions = currentSuggestions(state);
  const answered = searchable && state.resultsFor === term;
  return {
    expanded: state.open && suggestions.length > 0,
    suggestions,
    activeIndex: state.open ? state.activeIndex : -1,
    noMatch: state.open && answered && suggestions.length === 0,
    unavailable: state.open && searchable && state.failed,
    term,
  };
}

/** Enter picks the highlighted row, or the first when none is; null when no list is shown. */
export function suggestionForEnter(state: ComboboxState): Suggestion | null {
  const view = comboboxView(state);
  if (!view.expanded) return null;
  return view.suggestions[view.activeIndex === -1 ? 0 : view.activeIndex] ?? null;
}
