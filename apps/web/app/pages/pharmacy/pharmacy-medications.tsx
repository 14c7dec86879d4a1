import {
  type PharmacyPageMedication,
  PRESCRIPTION_ONLY_NOTICE,
  unitPriceText,
} from "@pharmacompare/contract";
import { Link } from "react-router";
import { cheapestText } from "../../components/pharmacy/pharmacy-terms.ts";
import { StaleNote } from "../../components/prices/stale-note.tsx";
import { ArrowRightIcon } from "../../components/ui/icons.tsx";

interface PharmacyMedicationsProps {
  pharmacyName: string;
  medications: readonly PharmacyPageMedication[];
  /** The condition page comparing one medication, opened at the dosage shown here. */
  comparePath: (medication: PharmacyPageMedication) => string;
}

/**
 * What the pharmacy sells that we compare: each medication with its cheapest price here, linked
 * to the comparison of every pharmacy's price for it.
 */
export function PharmacyMedications({ pharmacyName, medications, comparePath }: PharmacyMedicationsProps) {
  const count = medications.length;
  return (
    <section aria-labelledby="medications-heading">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-1">
        <h2 id="medications-heading" className="font-bold text-slate-900 text-xl tracking-tight sm:text-2xl">
          Medications at {pharmacyName}
        </h2>
        {count > 0 ? (
          <p className="text-slate-600 text-sm">
            {count} {count === 1 ? "medication" : "medications"} we compare, by name
          </p>
        ) : null}
      </div>

      {count === 0 ? (
        <div className="mt-4 rounded-2xl border border-slate-300 border-dashed bg-slate-50 px-6 py-10 text-center">
          <p className="font-semibold text-lg text-slate-900">No medications listed</p>
          <p className="mx-auto mt-2 max-w-xl text-slate-600 text-sm leading-6">
            {pharmacyName} has no price for any medication we compare at the moment. Check back soon.
          </p>
        </div>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          {medications.map((medication) => (
            <MedicationLine
              key={medication.medicationId}
              medication={medication}
              to={comparePath(medication)}
            />
          ))}
        </ul>
      )}
      {medications.some((medication) => medication.legalCategory === "POM") ? (
        // As on the condition page (decision 035): once for the eye, in each such line for a screen reader.
        <p className="mt-3 text-slate-700 text-sm leading-6">{`${PRESCRIPTION_ONLY_NOTICE}.`}</p>
      ) : null}
      <p className="mt-3 text-slate-600 text-xs leading-5">
        Prices are the pharmacy's own for one pack, before any delivery or consultation fee (both are listed
        under Delivery and ordering, and every total on a comparison includes them). Compare every pharmacy's
        price for a medication on its page.
      </p>
    </section>
  );
}

function MedicationLine({ medication, to }: { medication: PharmacyPageMedication; to: string }) {
  const { cheapest } = medication;
  const perUnit = unitPriceText(cheapest.price, cheapest.dosage);
  return (
    <li className="relative flex flex-col gap-3 p-4 hover:bg-slate-50 sm:flex-row sm:items-center sm:justify-between sm:px-6">
      <div className="min-w-0">
        <h3 className="font-semibold text-slate-900">
          {/* The whole line is the link's target; the name is its text. */}
          <Link
            to={to}
            className="rounded-sm after:absolute after:inset-0 hover:text-brand-800 hover:underline"
          >
            {medication.name}
          </Link>
        </h3>
        <p className="mt-0.5 text-slate-600 text-sm">
          {medication.form} · {medication.subcategoryName}
          {medication.legalCategory === "POM" ? (
            <>
              {" · "}
              <span aria-hidden="true">Prescription-only</span>
              <span className="sr-only">{`${PRESCRIPTION_ONLY_NOTICE}.`}</span>
            </>
          ) : null}
        </p>
      </div>
      <div className="flex items-center justify-between gap-4 sm:justify-end">
        <div className="text-left sm:text-right">
          <p className="font-bold text-lg text-slate-900 tabular-nums">
            {cheapestText(cheapest.price, medication.dosageCount)}
          </p>
          <p className="text-slate-600 text-xs">
            <span>{cheapest.dosage}</span>
            {perUnit ? <span className="tabular-nums"> · {perUnit}</span> : null}
          </p>
          <p className="text-xs">
            {cheapest.inStock ? (
              <span className="text-saving-700">In stock</span>
            ) : (
              <span className="text-rose-700">Out of stock</span>
            )}
            {medication.dosageCount > 1 ? (
              <span className="text-slate-600"> · {medication.dosageCount} dosages here</span>
            ) : null}
          </p>
          {cheapest.mayBeOutOfDate && cheapest.lastConfirmed ? (
            <StaleNote lastConfirmed={cheapest.lastConfirmed} className="mt-1" />
          ) : null}
        </div>
        <ArrowRightIcon className="size-5 shrink-0 text-slate-400" />
      </div>
    </li>
  );
}
