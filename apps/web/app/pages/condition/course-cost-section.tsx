import {
  COURSE_HORIZONS,
  type ComparisonSort,
  type CourseCost,
  formatPounds,
  type PharmacyCourseCost,
} from "@pharmacompare/contract";
import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import {
  courseParts,
  horizonWords,
  mixSentence,
  noTotalReason,
  orderLines,
} from "../../components/condition/course-words.ts";
import { sitePaths } from "../../lib/site-paths.ts";

interface CourseCostSectionProps {
  plans: readonly { id: string; name: string }[];
  course: CourseCost | null;
  medication: { id: string; name: string };
  dosage: string | undefined;
  sort: ComparisonSort;
  /** The NHS figure for the same period (decision 056), shown after the totals when given. */
  nhs?: ReactNode;
  /** The comparison's view (decision 057), kept when the course form is sent. */
  view?: string;
}

/**
 * The cost of a course (issue 30, decision 042): for the chosen plan and horizon, each pharmacy's
 * total with every pack, delivery and consultation fee, the cheapest marked, honest gaps, and the
 * cheapest mix as a second line. A GET form, so it works without JavaScript; the API computes it with
 * the contract's `courseCost`.
 */
export function CourseCostSection({
  plans,
  course,
  medication,
  dosage,
  sort,
  nhs,
  view = "three-months",
}: CourseCostSectionProps) {
  if (plans.length === 0 || !course) return null;
  const cheapest = course.pharmacies.find((row) => row.isCheapest)?.total ?? null;
  const withTotal = course.pharmacies.filter((row) => row.total !== null).length;
  return (
    <section
      id="course-cost"
      aria-labelledby="course-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="course-heading" className="font-bold text-lg text-slate-900">
        Cost of a course
      </h2>
      <p className="mt-1 text-slate-600 text-sm leading-6">
        {`What a course of ${medication.name} costs at each pharmacy: every pack, delivery on each order and consultation fees.`}
      </p>
      <Form
        method="get"
        preventScrollReset
        className="mt-4 grid gap-4 sm:grid-cols-[1fr_10rem_auto] sm:items-end"
      >
        <input type="hidden" name="medication" value={medication.name} />
        {dosage !== undefined ? <input type="hidden" name="dosage" value={dosage} /> : null}
        {sort !== "price" ? <input type="hidden" name="sort" value={sort} /> : null}
        {view !== "three-months" ? <input type="hidden" name="view" value={view} /> : null}
        <div>
          <label htmlFor="course-plan" className="block font-semibold text-slate-900 text-sm">
            Course plan
          </label>
          <select id="course-plan" name="plan" defaultValue={course.plan.id} className={selectClass}>
            {plans.map((plan) => (
              <option key={plan.id} value={plan.id}>
                {plan.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="course-horizon" className="block font-semibold text-slate-900 text-sm">
            Over
          </label>
          <select
            id="course-horizon"
            name="horizon"
            defaultValue={String(course.horizonMonths)}
            className={selectClass}
          >
            {COURSE_HORIZONS.map((months) => (
              <option key={months} value={months}>
                {horizonWords(months)}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-sm text-white shadow-sm hover:bg-brand-800"
        >
          Show course cost
        </button>
      </Form>

      <h3 className="mt-6 font-semibold text-slate-900">
        {`${course.plan.name} over ${horizonWords(course.horizonMonths)} (${course.weeks} weeks)`}
      </h3>
      <details className="mt-2 text-slate-700 text-sm">
        <summary className="cursor-pointer font-medium text-brand-800">{`The ${course.orders.length} orders it takes`}</summary>
        <ol className="mt-2 list-decimal space-y-0.5 pl-5">
          {orderLines(course.orders).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
      </details>

      {course.pharmacies.length === 0 ? (
        <p className="mt-4 text-slate-700 text-sm">
          No pharmacy we compare sells the doses of this plan yet.
        </p>
      ) : (
        <ol
          aria-label={`Course totals at ${course.pharmacies.length} pharmacies, lowest first`}
          className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200"
        >
          {course.pharmacies.map((row) => (
            <CourseRow key={row.pharmacyId} row={row} orders={course.orders.length} />
          ))}
        </ol>
      )}

      {course.mix && withTotal > 0 ? (
        <p className="mt-4 rounded-lg bg-slate-50 px-4 py-3 text-slate-800 text-sm leading-6">
          {mixSentence(course.mix, cheapest)}
        </p>
      ) : null}
      {course.mix && course.mix.switches > 0 && (cheapest === null || course.mix.total < cheapest) ? (
        <details className="mt-2 text-slate-700 text-sm">
          <summary className="cursor-pointer font-medium text-brand-800">
            Where the mix buys each order
          </summary>
          <ol aria-label="Where the mix buys each order" className="mt-2 list-decimal space-y-0.5 pl-9">
            {orderLines(course.mix.orders).map((line, index) => {
              const order = course.mix?.orders[index];
              if (!order) return null;
              return (
                <li key={line}>
                  {`${line} from ${order.pharmacyName}: ${formatPounds(order.cost)}`}
                  {order.consultation > 0 ? ` (incl. ${formatPounds(order.consultation)} consultation)` : ""}
                </li>
              );
            })}
          </ol>
        </details>
      ) : null}
      {nhs}
      <p className="mt-3 text-slate-600 text-xs leading-5">
        Each step and each repeat of the last dose is one order. Totals use today's prices and standard
        delivery; a pharmacy's prescriber decides the dose, and prices can change during a course.{" "}
        <Link to={sitePaths.howWeRank} className="font-medium text-brand-700 underline hover:text-brand-800">
          How we rank prices
        </Link>
      </p>
    </section>
  );
}

function CourseRow({ row, orders }: { row: PharmacyCourseCost; orders: number }) {
  const parts = courseParts(row, orders);
  return (
    <li className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
      <div className="min-w-0">
        <p className="font-semibold text-slate-900">
          {row.pharmacy.name}
          {row.isCheapest ? (
            <span className="ml-2 rounded-full bg-saving-50 px-2 py-0.5 font-semibold text-saving-700 text-xs ring-1 ring-saving-700/20">
              Cheapest
            </span>
          ) : null}
        </p>
        {parts ? <p className="text-slate-600 text-xs leading-5">{`incl. ${parts}`}</p> : null}
      </div>
      <p className="shrink-0 text-left sm:text-right">
        {row.total !== null ? (
          <span className="font-bold text-lg text-slate-900 tabular-nums">{formatPounds(row.total)}</span>
        ) : (
          <span className="font-medium text-rose-700 text-sm">{noTotalReason(row)}</span>
        )}
      </p>
    </li>
  );
}

const selectClass =
  "mt-1.5 w-full rounded-lg border border-slate-300 bg-white px-3.5 py-3 text-base text-slate-900 shadow-sm hover:border-slate-400";
