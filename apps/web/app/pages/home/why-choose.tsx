import { featureGlyphs } from "./home-icons.tsx";

const reasons = [
  {
    glyph: featureGlyphs.independent,
    title: "Free and independent",
    text: "Comparing costs you nothing, and every price table is sorted by price alone, cheapest first.",
  },
  {
    glyph: featureGlyphs.registered,
    title: "UK pharmacies only",
    text: "Every price comes from a UK online pharmacy, and you always buy directly from the pharmacy itself.",
  },
  {
    glyph: featureGlyphs.fresh,
    title: "Prices updated daily",
    text: "Prices are refreshed every day, so you compare what pharmacies charge now, not last month.",
  },
  {
    glyph: featureGlyphs.private,
    title: "Private by design",
    text: "No account, and we never ask for medical, prescription or payment details.",
  },
] as const;

export function WhyChoose() {
  return (
    <section aria-labelledby="why-heading" className="bg-white">
      <div className="page-container grid gap-10 py-14 sm:py-20 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:gap-16">
        <div>
          <h2 id="why-heading" className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">
            Why Choose PharmaCompare
          </h2>
          <p className="mt-3 text-slate-600 leading-7">
            The same medicine can cost very different amounts from one online pharmacy to the next. We put the
            prices in one place so you can see the difference before you buy.
          </p>
          <p className="mt-4 text-slate-600 text-sm leading-6">
            PharmaCompare is not a pharmacy and gives no medical advice. Speak to a pharmacist, your GP or NHS
            111 about your health.
          </p>
        </div>
        <ul className="grid gap-5 sm:grid-cols-2">
          {reasons.map((reason) => (
            <li key={reason.title} className="flex gap-4 rounded-2xl bg-slate-50 p-5 ring-1 ring-slate-200">
              <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-white text-brand-800 ring-1 ring-brand-200">
                {reason.glyph}
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{reason.title}</h3>
                <p className="mt-1 text-slate-600 text-sm leading-6">{reason.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
