import type { PharmacyPair } from "@pharmacompare/contract";
import { Form } from "react-router";

const selectClass =
  "mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm hover:border-slate-400";

/**
 * The compare page's pickers (issue 41): the medication and each side's pharmacy, in a GET form
 * to the page's own address, so it works without JavaScript (the browser loads the new pair) and,
 * with it, React Router loads the new pair in place. The pharmacies offered are those with a
 * public price for the medication; the medications, those of its condition (decision 042's page
 * stays a comparison: the same two choices for both sides, no pharmacy put first).
 */
export function PairPickers({ pair }: { pair: PharmacyPair }) {
  const { medication, a, b, choices } = pair;
  return (
    <Form
      method="get"
      action="/compare"
      // A new pair draws the pickers afresh from what the page now shows.
      key={`${medication.id}|${a.id}|${b.id}`}
      aria-label="Choose what to compare"
      className="mt-6 grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto]"
    >
      <div>
        <label htmlFor="compare-medication" className="block font-semibold text-slate-900 text-sm">
          Medication
        </label>
        <select
          id="compare-medication"
          name="medication"
          defaultValue={medication.id}
          className={selectClass}
        >
          {choices.medications.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </select>
      </div>
      <PharmacySelect side="a" label="Pharmacy A" chosen={a.id} pair={pair} />
      <PharmacySelect side="b" label="Pharmacy B" chosen={b.id} pair={pair} />
      <div className="flex items-end">
        <button
          type="submit"
          className="min-h-11 w-full rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-sm text-white shadow-sm hover:bg-brand-800"
        >
          Compare
        </button>
      </div>
    </Form>
  );
}

function PharmacySelect({
  side,
  label,
  chosen,
  pair,
}: {
  side: "a" | "b";
  label: string;
  chosen: string;
  pair: PharmacyPair;
}) {
  const id = `compare-pharmacy-${side}`;
  return (
    <div>
      <label htmlFor={id} className="block font-semibold text-slate-900 text-sm">
        {label}
      </label>
      <select id={id} name={side} defaultValue={chosen} className={selectClass}>
        {pair.choices.pharmacies.map((choice) => (
          <option key={choice.id} value={choice.id}>
            {choice.name}
          </option>
        ))}
      </select>
    </div>
  );
}
