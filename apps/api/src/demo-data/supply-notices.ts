/**
 * The demo's supply notices (issue 45, decision 060): one active, on the strength whose stock ran
 * short in 2025, and one ended. ILLUSTRATIVE ONLY: the messages are written for the demo and the
 * sources are the public index pages where such notices are published, not a notice about these
 * products. Seeded once with the catalogue (decision 053); times are offsets from the seed's day.
 */
export interface DemoSupplyNotice {
  medicationId: string;
  /** Null: every dosage of the medication. */
  dosage: string | null;
  message: string;
  sourceUrl: string;
  /** Days before the seed that the source said so. */
  sourceDaysAgo: number;
  startDaysAgo: number;
  /** Days before the seed it ended; null while active. */
  endDaysAgo: number | null;
}

export const demoSupplyNotices: DemoSupplyNotice[] = [
  {
    medicationId: "wegovy",
    dosage: "2.4mg (1 pen, 4 doses)",
    message:
      "Limited supply: the manufacturer expects 2.4mg pens to be in short supply for several weeks. Some pharmacies may be out of stock; the stock shown beside each price is the pharmacy's own.",
    sourceUrl: "https://www.gov.uk/drug-device-alerts",
    sourceDaysAgo: 6,
    startDaysAgo: 5,
    endDaysAgo: null,
  },
  {
    medicationId: "mounjaro",
    dosage: null,
    message: "Some strengths were in short supply at wholesalers; supply has since returned to normal.",
    sourceUrl:
      "https://www.gov.uk/government/organisations/medicines-and-healthcare-products-regulatory-agency",
    sourceDaysAgo: 62,
    startDaysAgo: 60,
    endDaysAgo: 20,
  },
];
