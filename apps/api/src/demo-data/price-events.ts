import type { MedicationEventKind } from "@pharmacompare/contract";

/**
 * The demo's events on price histories (issue 45, decision 059). ILLUSTRATIVE ONLY: they show how
 * an event marks the history chart and feeds the context sentence, and state no fact about any
 * manufacturer's prices or any real shortage. Each is dated `daysAgo` days before the seed's day,
 * so it falls inside the 90-day window the demo's history covers; each source is the public site
 * root of the body that would say so, not a page claiming the event.
 */
export const DEMO_PRICE_EVENTS: {
  medicationId: string;
  dosage: string | null;
  kind: MedicationEventKind;
  daysAgo: number;
  summary: string;
  sourceUrl: string;
}[] = [
  {
    medicationId: "mounjaro",
    dosage: null,
    kind: "list-price-change",
    daysAgo: 60,
    summary: "Demo event (illustrative): the manufacturer's list price changed for every strength.",
    sourceUrl: "https://www.lilly.com/",
  },
  {
    medicationId: "wegovy",
    dosage: "1mg (1 pen, 4 doses)",
    kind: "supply-disruption",
    daysAgo: 35,
    summary: "Demo event (illustrative): limited supply of this strength reported to pharmacies.",
    sourceUrl: "https://www.gov.uk/",
  },
  {
    medicationId: "mounjaro",
    dosage: "15mg (1 pen, 4 doses)",
    kind: "new-strength",
    daysAgo: 20,
    summary: "Demo event (illustrative): a new pack of this strength became available.",
    sourceUrl: "https://www.lilly.com/",
  },
];
