import {
  formatDay,
  NHS_FACTS,
  type NhsCost,
  nhsCheckedLine,
  nhsPeriodSentences,
  nhsSentences,
} from "@pharmacompare/contract";

/**
 * "On the NHS" (issue 44, decision 056): beside the private comparison, what the same supply costs
 * on the NHS route, in neutral words with the NHS pages that say so. Nothing here advises which
 * route or certificate to choose; the sentences are the contract's `nhsSentences`.
 */

const linkClass = "font-medium text-brand-700 underline hover:text-brand-800";

function NhsLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} className={linkClass} rel="noopener noreferrer">
      {children}
    </a>
  );
}

export function NhsRoutePanel({
  nhs,
  medicationName,
  conditionName,
}: {
  nhs: NhsCost | null;
  medicationName: string;
  conditionName: string;
}) {
  if (!nhs) return null;
  const [first, ...rest] = nhsSentences(nhs, { medication: medicationName, condition: conditionName });
  const { route } = nhs;
  return (
    <section
      id="nhs-route"
      aria-labelledby="nhs-heading"
      className="rounded-2xl border border-sky-200 bg-sky-50/60 p-5 sm:p-6"
    >
      <h2 id="nhs-heading" className="font-bold text-lg text-slate-900">
        On the NHS
      </h2>
      <p className="mt-2 text-slate-800 text-sm leading-6">{first}</p>
      {rest.map((sentence) => (
        <p key={sentence} className="mt-1 text-slate-700 text-sm leading-6">
          {sentence}
        </p>
      ))}
      <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm">
        {route.url ? (
          <li>
            <NhsLink href={route.url}>What the NHS says</NhsLink>
          </li>
        ) : null}
        {nhs.status === "charged" ? (
          <li>
            <NhsLink href={NHS_FACTS.exemptUrl}>Who can get free prescriptions</NhsLink>
          </li>
        ) : null}
        {nhs.status === "free" && !route.url ? (
          <li>
            <NhsLink href={NHS_FACTS.contraceptionUrl}>Contraception on the NHS</NhsLink>
          </li>
        ) : null}
      </ul>
      <p className="mt-3 text-slate-600 text-xs leading-5">
        {nhs.status === "charged" && nhs.sources.length > 0
          ? nhs.sources.map((source) => (
              <span key={source.url}>
                {`England's charges in force from ${formatDay(source.effectiveFrom)} (`}
                <NhsLink href={source.url}>{`source: ${new URL(source.url).hostname}`}</NhsLink>).{" "}
              </span>
            ))
          : null}
        {route.checkedOn ? nhsCheckedLine(route.checkedOn) : null}
      </p>
    </section>
  );
}

/**
 * The NHS figure for the course's period (decision 056), a line added under the course cost: the
 * items at the item charge and the certificates covering the same months, as arithmetic only.
 */
export function NhsCourseLines({ nhs }: { nhs: NhsCost | null }) {
  if (nhs?.status !== "charged" || !nhs.period) return null;
  const lines = nhsPeriodSentences(nhs.period, nhs.england);
  if (lines.length === 0) return null;
  return (
    <div className="mt-4 rounded-lg border border-sky-200 bg-sky-50/60 px-4 py-3 text-slate-800 text-sm leading-6">
      <h3 className="font-semibold text-slate-900">The same period on an NHS prescription in England</h3>
      <ul className="mt-1 space-y-0.5">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="mt-1 text-slate-600 text-xs">
        Each order counted as one prescription item. Free in Scotland, Wales and Northern Ireland, and for
        people who do not pay for prescriptions.
      </p>
    </div>
  );
}
