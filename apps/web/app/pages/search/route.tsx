import type { Medication } from "@pharmacompare/contract";
import { useMemo } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { MedicationSearchForm } from "../../components/search/search-box.tsx";
import { ArrowRightIcon } from "../../components/ui/icons.tsx";
import { serverApi } from "../../lib/api.server.ts";
import {
  conditionNames,
  isSearchable,
  noMatchMessage,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
  searchTerm,
} from "../../lib/medication-search.ts";
import { searchMedications } from "../../lib/medication-search-request.ts";
import { logServerError } from "../../lib/server-log.server.ts";
import { sitePaths } from "../../lib/site-paths.ts";
import type { loader as rootLoader } from "../../root.tsx";
import type { Route } from "./+types/route";

type SearchOutcome =
  | { status: "empty" }
  | { status: "too-short" }
  | { status: "found"; medications: Medication[] }
  | { status: "unavailable" };

/**
 * Where the search form lands without JavaScript (and where the WebSite SearchAction points):
 * the same 2-character rule, the same matches and the same "No medications found for" text as
 * the suggestions.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams.get("q") ?? "";
  const term = searchTerm(query).slice(0, SEARCH_MAX_LENGTH);
  const outcome = await search(term, request.signal);
  return { query, term, outcome };
}

async function search(term: string, signal: AbortSignal): Promise<SearchOutcome> {
  if (term === "") return { status: "empty" };
  if (!isSearchable(term)) return { status: "too-short" };
  try {
    return { status: "found", medications: await searchMedications(serverApi(), term, { signal }) };
  } catch (error) {
    // The term stays out of the log: the error names the endpoint's path template (decision 032).
    if (!signal.aborted) logServerError("search unavailable", error);
    return { status: "unavailable" };
  }
}

export function meta({ loaderData }: Route.MetaArgs): Route.MetaDescriptors {
  const term = loaderData?.term;
  return [
    { title: term ? `Search results for "${term}" | PharmaCompare` : "Search medications | PharmaCompare" },
    { name: "description", content: "Search the medications whose UK online pharmacy prices we compare." },
    // Result pages are endless variations of one page: keep them out of search indexes.
    { name: "robots", content: "noindex, follow" },
  ];
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, term, outcome } = loaderData;
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const categories = root?.categories ?? [];
  const names = useMemo(() => conditionNames(categories), [categories]);

  return (
    <div className="page-container max-w-3xl py-10 sm:py-14">
      <nav aria-label="Breadcrumb" className="text-slate-600 text-sm">
        <ol className="flex gap-2">
          <li>
            <Link to={sitePaths.home} className="hover:text-brand-800 hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="font-medium text-slate-900">
            Search
          </li>
        </ol>
      </nav>
      <h1 className="mt-4 font-bold text-3xl text-slate-900 tracking-tight">Search medications</h1>

      <div className="mt-6">
        {root ? (
          <MedicationSearchForm
            // A new search remounts the box so it shows the submitted text.
            key={query}
            apiUrl={root.env.apiUrl}
            conditionNames={names}
            label="Medication name"
            defaultQuery={query}
          />
        ) : null}
      </div>

      <section aria-labelledby="results-heading" className="mt-10">
        <h2 id="results-heading" className="sr-only">
          Results
        </h2>
        <SearchResults term={term} outcome={outcome} names={names} />
      </section>
    </div>
  );
}

function SearchResults({
  term,
  outcome,
  names,
}: {
  term: string;
  outcome: SearchOutcome;
  names: Readonly<Record<string, string>>;
}) {
  switch (outcome.status) {
    case "empty":
      return (
        <p className="text-slate-600">Type the name of a medication, for example Sildenafil or Wegovy.</p>
      );
    case "too-short":
      return <p className="text-slate-600">Please type at least {SEARCH_MIN_LENGTH} characters to search.</p>;
    case "unavailable":
      return (
        <p
          role="status"
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900 text-sm"
        >
          Search is unavailable just now. Please try again in a moment.
        </p>
      );
    case "found":
      if (outcome.medications.length === 0) {
        return (
          <div className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
            <p className="font-semibold text-slate-900">{noMatchMessage(term)}</p>
            <p className="mt-2 text-slate-600 text-sm">
              Check the spelling, try the generic name, or{" "}
              <Link
                to={`${sitePaths.home}#categories`}
                className="font-semibold text-brand-800 underline hover:no-underline"
              >
                browse by category
              </Link>
              .
            </p>
          </div>
        );
      }
      return (
        <>
          <p className="text-slate-600">
            {outcome.medications.length}{" "}
            {outcome.medications.length === 1 ? "medication matches" : "medications match"} “{term}”
          </p>
          <ul className="mt-4 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
            {outcome.medications.map((medication) => {
              const condition = names[medication.subcategory];
              return (
                <li key={medication.id}>
                  <Link
                    to={sitePaths.conditionMedication(medication.subcategory, medication.name)}
                    className="group flex items-center justify-between gap-4 px-5 py-4 hover:bg-brand-50"
                  >
                    <span className="min-w-0">
                      <span className="block font-semibold text-slate-900 group-hover:text-brand-800">
                        {medication.name}
                      </span>
                      <span className="mt-0.5 block text-slate-600 text-sm">
                        {[
                          medication.genericName && medication.genericName !== medication.name
                            ? medication.genericName
                            : null,
                          condition,
                        ]
                          .filter(Boolean)
                          .join(" · ")}
                      </span>
                    </span>
                    <ArrowRightIcon className="size-5 shrink-0 text-brand-700" />
                  </Link>
                </li>
              );
            })}
          </ul>
        </>
      );
  }
}
