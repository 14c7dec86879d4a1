import {
  CONSENT_WORDING,
  formatAmount,
  formatPounds,
  PRICE_ALERT_KIND_WORDS,
  PRICE_ALERT_KINDS,
  PRICE_ALERT_RULES,
  type PriceAlertKind,
  priceAlertMessages,
  suggestedTarget,
} from "@pharmacompare/contract";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useFetcher } from "react-router";
import {
  maxTarget,
  PRICE_ALERT_INTENT,
  type PriceAlertField,
  type PriceAlertOutcome,
} from "../../components/condition/price-alert-fields.ts";
import { useHydrated } from "../../components/condition/use-hydrated.ts";
import { FormOutcome } from "../../components/ui/form-outcome.tsx";
import { sitePaths } from "../../lib/site-paths.ts";
import { loadPriceAlertSending } from "./price-alert-sending.ts";

const fieldClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm " +
  "placeholder:text-slate-500 focus:border-brand-700 focus:outline-2 focus:outline-offset-0 focus:outline-brand-700 " +
  "aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700";
const labelClass = "block font-medium text-slate-900 text-sm";
const errorClass = "mt-1.5 text-red-800 text-sm";

/** The fields in the order they appear: focus goes to the first one at fault. */
const FIELD_ORDER: readonly PriceAlertField[] = ["email", "kind", "targetPrice", "consent"];

export interface PriceAlertFormProps {
  medicationId: string;
  medicationName: string;
  dosage: string | undefined;
  /** The cheapest in-stock offer, or null when nothing is in stock. */
  lowest: { price: number; pharmacyName: string } | null;
  /** The outcome of a post without JavaScript (the route's server action). */
  serverOutcome: PriceAlertOutcome | undefined;
}

/**
 * The price alert form (public site §2, §4, §5): email, what to watch (the specification's target
 * price, or any fall, a 90-day low or a pharmacy back in stock: decision 043), target price and
 * consent; idle, then
 * "Setting Alert...", then success (shown five seconds, the form cleared) or an error. The
 * specification's own messages come first, so the browser's validation is off (`noValidate`).
 * With JavaScript the route's client action sends it from the browser and keeps it on the device
 * when the API cannot be reached; without, the same form posts to the route's server action.
 */
export function PriceAlertForm(props: PriceAlertFormProps) {
  const { dosage, lowest } = props;
  if (dosage === undefined || lowest === null) {
    return (
      <PriceAlertPanel>
        <p className="mt-2 text-slate-600 text-sm leading-6">{priceAlertMessages.noPrice}</p>
      </PriceAlertPanel>
    );
  }
  // A new medication or dosage starts a fresh form (and a fresh suggestion).
  return (
    <PriceAlertPanel>
      <PriceAlertFields key={`${props.medicationId}\n${dosage}`} {...props} dosage={dosage} lowest={lowest} />
    </PriceAlertPanel>
  );
}

function PriceAlertPanel({ children }: { children: ReactNode }) {
  return (
    <section
      id="price-alert"
      aria-labelledby="price-alert-heading"
      // Fetch the sending code while the visitor fills the form in (decision 025).
      onFocus={() => void loadPriceAlertSending().catch(() => {})}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id="price-alert-heading" className="font-bold text-lg text-slate-900">
        Set a price alert
      </h2>
      {children}
    </section>
  );
}

function PriceAlertFields({
  medicationId,
  medicationName,
  dosage,
  lowest,
  serverOutcome,
}: PriceAlertFormProps & { dosage: string; lowest: { price: number; pharmacyName: string } }) {
  const fetcher = useFetcher<PriceAlertOutcome>();
  const submitting = fetcher.state !== "idle";
  const latest = fetcher.data ?? serverOutcome;
  // A success is shown for five seconds (public site §9); each answer is a new object.
  const [expired, setExpired] = useState<PriceAlertOutcome | undefined>(undefined);
  const outcome = submitting || latest === expired ? undefined : latest;
  const form = useRef<HTMLFormElement>(null);
  const notice = useRef<HTMLParagraphElement>(null);
  const hydrated = useHydrated();
  // Without JavaScript every field shows and the target is ignored for the other kinds; with it,
  // the target field shows only for the kind that has one.
  const [kind, setKind] = useState<PriceAlertKind>(
    serverOutcome?.status === "error" ? serverOutcome.values.kind : "target",
  );

  const failure = outcome?.status === "error" ? outcome : undefined;
  const refill = failure?.values;
  const faultyField = failure ? FIELD_ORDER.find((field) => failure.fields[field]) : undefined;
  const errorFor = (field: PriceAlertField) => failure?.fields[field];

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.status !== "error") {
      form.current?.reset();
      setKind("target");
    }
  }, [fetcher.state, fetcher.data]);

  useEffect(() => {
    if (latest?.status !== "success") return;
    const timer = setTimeout(() => setExpired(latest), PRICE_ALERT_RULES.successMs);
    return () => clearTimeout(timer);
  }, [latest]);

  // A refusal takes focus to the first field at fault, else to its notice, so it is read out.
  useEffect(() => {
    if (!failure) return;
    if (faultyField && faultyField !== "consent" && failure.message === undefined) {
      const input = form.current?.elements.namedItem(faultyField);
      if (input instanceof HTMLElement) input.focus();
    } else {
      notice.current?.focus();
    }
  }, [failure, faultyField]);

  const suggested = suggestedTarget(lowest.price);
  const highest = maxTarget(lowest.price);
  const describedBy = (field: PriceAlertField, hint?: string) =>
    [hint, errorFor(field) ? `price-alert-${field}-error` : undefined].filter(Boolean).join(" ") || undefined;

  return (
    <fetcher.Form
      ref={form}
      method="post"
      noValidate
      // Nothing else on the page changes when an alert is set: no need to load it again.
      defaultShouldRevalidate={false}
      aria-labelledby="price-alert-heading"
      onSubmit={(event) => {
        if (submitting) event.preventDefault();
      }}
      className="mt-2 space-y-4"
    >
      <p className="text-slate-600 text-sm leading-6">
        We'll email you when {medicationName} {dosage} drops to your target price, or when what you choose
        below happens. The cheapest in stock now is{" "}
        <strong className="font-semibold text-slate-900">{formatPounds(lowest.price)}</strong> at{" "}
        {lowest.pharmacyName}.
      </p>

      <input type="hidden" name="intent" value={PRICE_ALERT_INTENT} />
      <input type="hidden" name="medicationId" value={medicationId} />
      <input type="hidden" name="medicationName" value={medicationName} />
      <input type="hidden" name="dosage" value={dosage} />
      <input type="hidden" name="currentPrice" value={formatAmount(lowest.price)} />
      <input type="hidden" name="lowestPharmacy" value={lowest.pharmacyName} />

      <div>
        <div>
          <label htmlFor="price-alert-email" className={labelClass}>
            Email
          </label>
          <input
            id="price-alert-email"
            name="email"
            type="email"
            autoComplete="email"
            spellCheck={false}
            maxLength={254}
            defaultValue={refill?.email}
            aria-invalid={errorFor("email") ? true : undefined}
            aria-describedby={describedBy("email")}
            className={`mt-1.5 ${fieldClass}`}
          />
          {errorFor("email") ? (
            <p id="price-alert-email-error" className={errorClass}>
              {errorFor("email")}
            </p>
          ) : null}
        </div>
      </div>

      <fieldset aria-describedby={errorFor("kind") ? "price-alert-kind-error" : undefined}>
        <legend className={labelClass}>What should we email you about?</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {PRICE_ALERT_KINDS.map((choice) => (
            <label
              key={choice}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-300 px-3 py-2.5 has-checked:border-brand-700 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                name="kind"
                value={choice}
                defaultChecked={(refill?.kind ?? "target") === choice}
                onChange={() => setKind(choice)}
                aria-describedby={`price-alert-kind-${choice}-hint`}
                className="mt-0.5 size-5 shrink-0 accent-brand-700"
              />
              <span className="text-sm leading-5">
                <span className="block font-medium text-slate-900">
                  {PRICE_ALERT_KIND_WORDS[choice].choice}
                </span>
                <span id={`price-alert-kind-${choice}-hint`} className="block text-slate-600">
                  {PRICE_ALERT_KIND_WORDS[choice].hint}
                </span>
              </span>
            </label>
          ))}
        </div>
        {errorFor("kind") ? (
          <p id="price-alert-kind-error" className={errorClass}>
            {errorFor("kind")}
          </p>
        ) : null}
      </fieldset>

      <div hidden={hydrated && kind !== "target"}>
        <div className="sm:max-w-[11rem]">
          <label htmlFor="price-alert-target" className={labelClass}>
            Target price (£)
          </label>
          <div className="relative mt-1.5">
            <span
              aria-hidden="true"
              className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3.5 text-base text-slate-600"
            >
              £
            </span>
            <input
              id="price-alert-target"
              name="targetPrice"
              type="number"
              inputMode="decimal"
              min={PRICE_ALERT_RULES.min}
              step={PRICE_ALERT_RULES.step}
              max={highest}
              defaultValue={refill ? refill.targetPrice : formatAmount(suggested)}
              aria-invalid={errorFor("targetPrice") ? true : undefined}
              aria-describedby={describedBy("targetPrice", "price-alert-target-hint")}
              className={`${fieldClass} pl-8`}
            />
          </div>
        </div>
        <p id="price-alert-target-hint" className="mt-1.5 text-slate-600 text-sm">
          Below {formatPounds(lowest.price)}. We suggest {formatPounds(suggested)}, 10% less. Only a target
          price alert uses it.
        </p>
        {errorFor("targetPrice") ? (
          <p id="price-alert-targetPrice-error" className={errorClass}>
            {errorFor("targetPrice")}
          </p>
        ) : null}
      </div>

      <div>
        <div className="flex items-start gap-3">
          <input
            id="price-alert-consent"
            name="consent"
            type="checkbox"
            value="yes"
            defaultChecked={refill?.consent ?? false}
            aria-invalid={errorFor("consent") ? true : undefined}
            aria-describedby={describedBy("consent")}
            className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-700"
          />
          <label htmlFor="price-alert-consent" className="text-slate-800 text-sm leading-6">
            {CONSENT_WORDING.priceAlert.text}
          </label>
        </div>
        {errorFor("consent") ? (
          <p id="price-alert-consent-error" className={errorClass}>
            {errorFor("consent")}
          </p>
        ) : null}
      </div>

      <FormOutcome
        success={outcome && outcome.status !== "error" ? outcome.message : null}
        failure={failure?.message}
        noticeRef={notice}
      />

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {/* aria-disabled, not disabled: the pressed button keeps focus while the alert is set. */}
        <button
          type="submit"
          aria-disabled={submitting}
          className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-sm text-white shadow-sm hover:bg-brand-800 aria-disabled:cursor-wait aria-disabled:opacity-70"
        >
          {submitting ? priceAlertMessages.submitting : "Set Price Alert"}
        </button>
        <p className="text-slate-600 text-xs leading-5">
          We'll ask you to confirm your address first.{" "}
          <Link
            to={sitePaths.privacy}
            className="rounded-sm font-medium text-brand-800 underline underline-offset-2 hover:text-brand-950"
          >
            How we use it
          </Link>
        </p>
      </div>
    </fetcher.Form>
  );
}
