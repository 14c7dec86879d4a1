import { loadWhen, whenInteracted } from "../../lib/load-when.tsx";

/**
 * The medication search box as pages place it (issue 47): the server's HTML is a plain GET form
 * to /search that works at once; its suggestions' code comes when a visitor first points at,
 * touches or focuses it. What was typed meanwhile is picked up when the code arrives.
 */
export const MedicationSearchForm = loadWhen(whenInteracted('form[role="search"]'), () =>
  import("./medication-search-form.tsx").then((module) => module.MedicationSearchForm),
);
