import { stepGlyphs } from "./home-icons.tsx";

const steps = [
  {
    glyph: stepGlyphs.search,
    title: "Search or browse",
    text: "Type a medication's name, or pick a condition from the categories.",
  },
  {
    glyph: stepGlyphs.compare,
    title: "Compare prices",
    text: "Choose your dosage and see every pharmacy's price side by side, cheapest first.",
  },
  {
    glyph: stepGlyphs.choose,
    title: "Choose a pharmacy",
    text: "Check ratings, stock and delivery times, and pick the pharmacy that suits you.",
  },
  {
    glyph: stepGlyphs.buy,
    title: "Buy from the pharmacy",
    text: "Follow the link to the pharmacy's own website to complete its consultation and buy.",
  },
] as const;

export function HowItWorks() {
  return (
    <section aria-labelledby="how-heading" className="bg-white">
      <div className="page-container py-14 sm:py-20">
        <div className="max-w-2xl">
          <h2 id="how-heading" className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">
            How It Works
          </h2>
          <p className="mt-3 text-slate-600">Four steps from searching to saving — free, with no account.</p>
        </div>
        <ol className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li
              key={step.title}
              className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:block sm:p-6"
            >
              <div className="flex shrink-0 items-start gap-3 sm:items-center">
                <span className="flex size-11 items-center justify-center rounded-xl bg-brand-700 text-white">
                  {step.glyph}
                </span>
                <span className="hidden font-semibold text-brand-800 text-sm sm:inline">
                  Step {index + 1}
                </span>
              </div>
              <div>
                <h3 className="font-semibold text-lg text-slate-900 sm:mt-4">
                  <span className="sr-only sm:hidden">Step {index + 1}: </span>
                  {step.title}
                </h3>
                <p className="mt-1 text-slate-600 text-sm leading-6 sm:mt-2">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
