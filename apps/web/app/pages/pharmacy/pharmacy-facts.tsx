import type { ReactNode } from "react";
import type { TermLine } from "../../components/pharmacy/pharmacy-terms.ts";
import { Icon } from "../../components/ui/icons.tsx";

/** A box on the pharmacy page with a heading of its own. */
function FactCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={id} className="font-bold text-lg text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function ExternalLinkIcon({ className = "size-4" }: { className?: string }) {
  return (
    <Icon className={className}>
      <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
    </Icon>
  );
}

/** Delivery and ordering terms as a description list. */
export function DeliveryTerms({ lines }: { lines: readonly TermLine[] }) {
  return (
    <FactCard id="delivery-heading" title="Delivery and ordering">
      <dl className="mt-4 divide-y divide-slate-100 text-sm">
        {lines.map((line) => (
          <div
            key={line.term}
            className="grid grid-cols-[7rem_1fr] gap-3 py-2.5 first:pt-0 last:pb-0 sm:grid-cols-[9rem_1fr] sm:gap-4"
          >
            <dt className="font-medium text-slate-600">{line.term}</dt>
            <dd className="text-slate-900">{line.value}</dd>
          </div>
        ))}
      </dl>
    </FactCard>
  );
}

export interface RegisterEntry {
  /** "GPhC premises number" */
  label: string;
  number: string;
  /** The register's page for this number. */
  url: string;
  /** "GPhC register" */
  register: string;
}

/**
 * Who regulates the pharmacy, with a link to check each registration on the regulator's own
 * register: we show the numbers, the registers vouch for them.
 */
export function Registrations({ entries }: { entries: readonly RegisterEntry[] }) {
  return (
    <FactCard id="registration-heading" title="Registration">
      <p className="mt-2 text-slate-600 text-sm leading-6">
        Every pharmacy in Great Britain must be registered with the General Pharmaceutical Council (GPhC).
        Check the number on the register before you order.
      </p>
      <dl className="mt-4 space-y-4 text-sm">
        {entries.map((entry) => (
          <div key={entry.label}>
            <dt className="font-medium text-slate-600">{entry.label}</dt>
            <dd className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-semibold text-base text-slate-900 tabular-nums">{entry.number}</span>
              <a
                href={entry.url}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                Check on the {entry.register}
                <span className="sr-only"> (opens in a new tab)</span>
                <ExternalLinkIcon className="size-3.5" />
              </a>
            </dd>
          </div>
        ))}
      </dl>
    </FactCard>
  );
}
