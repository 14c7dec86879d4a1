/** The marketing claims the specification fixes (public site §1); shown in this one place. */
const claims = [
  { value: "30+", label: "UK pharmacies compared" },
  { value: "500+", label: "medications listed" },
  { value: "Up to 70%", label: "savings on the same treatment" },
  { value: "Daily", label: "price updates" },
] as const;

export function StatsStrip() {
  return (
    <section aria-label="PharmaCompare in numbers" className="bg-brand-900 text-white">
      <dl className="page-container grid grid-cols-2 gap-x-6 gap-y-8 py-10 sm:py-12 lg:grid-cols-4">
        {claims.map((claim) => (
          <div key={claim.value} className="flex flex-col-reverse text-center">
            <dt className="mt-1 text-brand-100 text-sm">{claim.label}</dt>
            <dd className="font-bold text-2xl tracking-tight sm:text-4xl">{claim.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
