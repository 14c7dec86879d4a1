import { Link } from "react-router";
import { sitePaths } from "../../lib/site-paths.ts";

/** The medical disclaimer every comparison carries (public site §1, §2). */
export function MedicalDisclaimer() {
  return (
    <section
      aria-labelledby="medical-disclaimer-heading"
      className="rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950 sm:p-6"
    >
      <h2 id="medical-disclaimer-heading" className="font-bold text-lg">
        Medical disclaimer
      </h2>
      <div className="mt-2 space-y-2 text-sm leading-6">
        <p>
          PharmaCompare is a price comparison service, not a pharmacy. We sell nothing and give no medical
          advice. Prices are set by each pharmacy and can change: check the final price, including delivery,
          before you pay.
        </p>
        <p>
          Prescription medicines are supplied only after a pharmacy's own consultation. Speak to a doctor or
          pharmacist before starting a treatment. In an emergency call 999; for urgent advice call 111.
        </p>
      </div>
      <p className="mt-3 text-sm">
        <Link to={sitePaths.disclaimer} className="font-semibold underline underline-offset-4">
          Read the full medical disclaimer
        </Link>
      </p>
    </section>
  );
}
