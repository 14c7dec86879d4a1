import { type CatalogueFigures, SAVING_NOTE } from "@pharmacompare/contract";
import { type ClaimLabels, shownClaims } from "../../lib/claims.ts";

/** The specification's claims (public site §1), each shown only where the live catalogue bears it out. */
const labels: ClaimLabels = {
  pharmacies: "UK pharmacies compared",
  medications: "medications listed",
  saving: "savings on the same treatment",
  updates: "price updates",
  // The honest figure while "Daily" cannot be claimed (decision 048).
  confirmedShare: "of prices confirmed in the last 24 hours",
};

export function StatsStrip({ figures }: { figures: CatalogueFigures | null }) {
  const claims = shownClaims(figures, labels);
  if (claims.length === 0) return null;
  // A saving claim says how it is worked out (issue 41, CAP Code 3.7).
  const saving = claims.some((claim) => claim.label === labels.saving);
  return (
    <section aria-label="PharmaCompare in numbers" className="bg-brand-900 text-white">
      <dl className="page-container grid grid-cols-2 gap-x-6 gap-y-8 py-10 sm:py-12 lg:grid-cols-4">
        {claims.map((claim) => (
          <div key={claim.label} className="flex flex-col-reverse text-center">
            <dt className="mt-1 text-brand-100 text-sm">{claim.label}</dt>
            <dd className="font-bold text-2xl tracking-tight sm:text-4xl">{claim.value}</dd>
          </div>
        ))}
      </dl>
      {saving ? (
        <p className="page-container pb-8 text-center text-brand-100 text-xs sm:pb-10">{SAVING_NOTE}</p>
      ) : null}
    </section>
  );
}
