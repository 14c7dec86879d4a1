import type { Medication } from "@pharmacompare/contract";
import { type KeyboardEvent, useEffect, useId, useReducer, useRef } from "react";
import { Form, useNavigate } from "react-router";
import { browserApi } from "../../lib/browser-api.ts";
import { isSearchable, noMatchMessage, SEARCH_MAX_LENGTH } from "../../lib/medication-search.ts";
import { sitePaths } from "../../lib/site-paths.ts";
import { SearchIcon } from "../ui/icons.tsx";
import {
  comboboxReducer,
  comboboxView,
  initialComboboxState,
  type Suggestion,
  suggestionForEnter,
} from "./combobox-state.ts";

/** Wait this long after the last keystroke before asking the API. */
const SEARCH_DEBOUNCE_MS = 150;

interface MedicationSearchFormProps {
  /** The API origin the browser calls (the root loader's `env.apiUrl`). */
  apiUrl: string;
  /** Subcategory id → condition name, shown beside each suggestion. */
  conditionNames: Readonly<Record<string, string>>;
  label: string;
  /** Keep the label for screen readers only (the hero's heading already says what the box is for). */
  hideLabel?: boolean;
  defaultQuery?: string;
  size?: "large" | "default";
}

function toSuggestion(medication: Medication): Suggestion {
  return {
    id: medication.id,
    name: medication.name,
    genericName: medication.genericName,
    subcategoryId: medication.subcategory,
  };
}

type Searcher = (term: string, signal: AbortSignal) => Promise<Medication[]>;

async function loadSearcher(apiUrl: string): Promise<Searcher> {
  const [api, { searchMedications }] = await Promise.all([
    browserApi(apiUrl),
    import("../../lib/medication-search-request.ts"),
  ]);
  return (term, signal) => searchMedications(api, term, { signal });
}

/**
 * The medication search box. Without JavaScript it is a plain GET form that lands on /search;
 * with it, suggestions appear as a WAI-ARIA 1.2 combobox (input + listbox, focus stays in the
 * input and the highlighted row is named by aria-activedescendant).
 */
export function MedicationSearchForm({
  apiUrl,
  conditionNames,
  label,
  hideLabel = false,
  defaultQuery = "",
  size = "default",
}: MedicationSearchFormProps) {
  const [state, dispatch] = useReducer(comboboxReducer, defaultQuery, initialComboboxState);
  const view = comboboxView(state);
  // The client and the search call load when the first suggestions are asked for (decision 025).
  const searcher = useRef<Promise<Searcher> | null>(null);
  // Answers already received, so deleting back to an earlier term does not ask again.
  const answers = useRef(new Map<string, Suggestion[]>());
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  const baseId = useId();
  const inputId = `${baseId}input`;
  const listboxId = `${baseId}listbox`;
  const optionId = (index: number) => `${baseId}option-${index}`;

  const { term } = view;
  const awaitingAnswer = state.open && isSearchable(term) && state.resultsFor !== term && !state.failed;

  useEffect(() => {
    if (!awaitingAnswer) return;
    const key = term.toLowerCase();
    const known = answers.current.get(key);
    if (known) {
      dispatch({ type: "results", term, suggestions: known });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      if (!searcher.current) {
        const loading = loadSearcher(apiUrl);
        searcher.current = loading;
        // A failed load (the connection dropped) is asked for again with the next term.
        loading.catch(() => {
          if (searcher.current === loading) searcher.current = null;
        });
      }
      searcher.current
        .then((search) => search(term, controller.signal))
        .then(
          (medications) => {
            const suggestions = medications.map(toSuggestion);
            answers.current.set(key, suggestions);
            dispatch({ type: "results", term, suggestions });
          },
          () => {
            if (!controller.signal.aborted) dispatch({ type: "failed", term });
          },
        );
    }, SEARCH_DEBOUNCE_MS);
    // A newer keystroke cancels this one; the reducer also drops any answer for a stale term.
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [awaitingAnswer, term, apiUrl]);

  // This code may arrive after the visitor began typing into the server's plain box (search-box.tsx):
  // React keeps what was typed in the box, and the suggestions start from it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the code arrives
  useEffect(() => {
    const typed = inputRef.current?.value;
    if (typed !== undefined && typed !== state.query) dispatch({ type: "input", value: typed });
  }, []);

  // A press anywhere outside the box and its list closes the list.
  useEffect(() => {
    if (!state.open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) dispatch({ type: "close" });
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [state.open]);

  // Keep the highlighted row in sight when the list scrolls.
  useEffect(() => {
    if (view.activeIndex < 0) return;
    listRef.current?.children[view.activeIndex]?.scrollIntoView({ block: "nearest" });
  }, [view.activeIndex]);

  const pick = (suggestion: Suggestion) => {
    dispatch({ type: "clear" });
    navigate(sitePaths.conditionMedication(suggestion.subcategoryId, suggestion.name));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp":
        event.preventDefault();
        dispatch({ type: "move", direction: event.key === "ArrowDown" ? 1 : -1 });
        return;
      case "Enter": {
        const suggestion = suggestionForEnter(state);
        // With no list shown, Enter submits the form to the /search page instead.
        if (suggestion) {
          event.preventDefault();
          pick(suggestion);
        }
        return;
      }
      case "Escape":
        // First Escape closes the suggestions, the next clears the box.
        event.preventDefault();
        if (view.expanded || view.noMatch || view.unavailable) dispatch({ type: "close" });
        else if (state.query !== "") dispatch({ type: "clear" });
        return;
    }
  };

  const large = size === "large";
  const count = view.suggestions.length;
  let status = "";
  if (view.noMatch) status = noMatchMessage(term);
  else if (view.unavailable) status = "Suggestions are unavailable just now. Press Search to look it up.";
  else if (view.expanded) {
    status = `${count} ${count === 1 ? "suggestion" : "suggestions"}. Use the up and down arrow keys to choose one.`;
  }
  const statusVisible = view.noMatch || view.unavailable;

  return (
    <Form method="get" action={sitePaths.search()} role="search" className="w-full">
      <label
        htmlFor={inputId}
        className={hideLabel ? "sr-only" : "mb-2 block font-semibold text-slate-900 text-sm"}
      >
        {label}
      </label>
      <div ref={rootRef} className="relative">
        <div
          className={`flex items-center gap-2 rounded-2xl bg-white shadow-sm ring-1 ring-slate-300 focus-within:ring-2 focus-within:ring-brand-700 ${
            large ? "p-2 pl-4 shadow-lg shadow-slate-900/5" : "p-1.5 pl-3.5"
          }`}
        >
          <SearchIcon className={`hidden shrink-0 text-slate-500 sm:block ${large ? "size-6" : "size-5"}`} />
          <input
            ref={inputRef}
            id={inputId}
            name="q"
            // A text input: HTML allows role="combobox" on type=text, not on type=search (W3C Nu
            // checker); inputMode and enterKeyHint still give phones their search keyboard.
            type="text"
            inputMode="search"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={view.expanded}
            aria-controls={listboxId}
            aria-activedescendant={view.activeIndex >= 0 ? optionId(view.activeIndex) : undefined}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            enterKeyHint="search"
            maxLength={SEARCH_MAX_LENGTH}
            // Names no medicine: the box is on every page, the home page included (decision 040).
            placeholder="Search by medication name"
            value={state.query}
            onChange={(event) => dispatch({ type: "input", value: event.target.value })}
            onKeyDown={onKeyDown}
            onBlur={(event) => {
              if (!rootRef.current?.contains(event.relatedTarget as Node | null)) dispatch({ type: "close" });
            }}
            className={`min-w-0 flex-1 bg-transparent text-slate-900 placeholder:text-slate-500 focus:outline-none ${
              large ? "h-12 text-base sm:text-lg" : "h-10 text-base"
            }`}
          />
          <button
            type="submit"
            className={`shrink-0 rounded-xl bg-brand-700 font-semibold text-white hover:bg-brand-800 ${
              large ? "h-12 px-4 text-base sm:px-6" : "h-10 px-4 text-sm"
            }`}
          >
            Search
          </button>
        </div>

        <div
          ref={listRef}
          id={listboxId}
          role="listbox"
          aria-label="Medication suggestions"
          hidden={!view.expanded}
          className="absolute inset-x-0 top-full z-30 mt-2 max-h-[min(24rem,60dvh)] overflow-y-auto rounded-2xl border border-slate-200 bg-white p-1.5 text-left shadow-xl shadow-slate-900/10"
        >
          {view.suggestions.map((suggestion, index) => {
            const active = index === view.activeIndex;
            const condition = conditionNames[suggestion.subcategoryId];
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: keys go to the combobox input (aria-activedescendant)
              <div
                key={suggestion.id}
                id={optionId(index)}
                role="option"
                aria-selected={active}
                // Focusable by script only: focus itself stays in the input while the list is used.
                tabIndex={-1}
                // Keeps focus in the input, so the list does not close before the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(suggestion)}
                className={`flex cursor-pointer items-center justify-between gap-3 rounded-xl px-3 py-2.5 ${
                  active ? "bg-brand-50 ring-1 ring-brand-700 ring-inset" : "hover:bg-slate-50"
                }`}
              >
                <span className="min-w-0">
                  <span className="block truncate font-semibold text-slate-900">{suggestion.name}</span>
                  {suggestion.genericName && suggestion.genericName !== suggestion.name ? (
                    <span className="block truncate text-slate-600 text-sm">{suggestion.genericName}</span>
                  ) : null}
                </span>
                {condition ? (
                  <span className="shrink-0 rounded-full bg-slate-100 px-2.5 py-1 font-medium text-slate-700 text-xs">
                    {condition}
                  </span>
                ) : null}
              </div>
            );
          })}
        </div>

        <p
          role="status"
          aria-live="polite"
          className={
            statusVisible
              ? "absolute inset-x-0 top-full z-30 mt-2 rounded-2xl border border-slate-200 bg-white px-4 py-3 text-left text-slate-700 text-sm shadow-xl shadow-slate-900/10"
              : "sr-only"
          }
        >
          {status}
        </p>
      </div>
    </Form>
  );
}
