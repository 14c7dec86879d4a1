import {
  CONSENT_WORDING,
  DEFAULT_SUBSCRIPTION_PREFERENCES,
  type SUBSCRIPTION_SOURCES,
  subscriptionMessages,
} from "@pharmacompare/contract";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { sitePaths } from "../../lib/site-paths.ts";
import { FormOutcome } from "../ui/form-outcome.tsx";
import {
  CONDITIONS_SHOWN_FIELD,
  INTERESTS,
  INTERESTS_SHOWN_FIELD,
  type SubscribeOutcome,
} from "./subscribe-fields.ts";
import { loadSubscriptionSending } from "./subscription-sending.ts";

const fieldClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm " +
  "placeholder:text-slate-500 focus:border-brand-700 focus:outline-2 focus:outline-offset-0 focus:outline-brand-700 " +
  "aria-invalid:border-red-700 aria-invalid:ring-1 aria-invalid:ring-red-700";

const primaryButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-sm text-white shadow-sm hover:bg-brand-800 aria-disabled:cursor-wait aria-disabled:opacity-70";
export const secondaryButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-white px-5 py-2.5 font-semibold text-slate-800 text-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50";

interface SubscribeFormProps {
  source: (typeof SUBSCRIPTION_SOURCES)[number];
  /** The interest checkboxes (the pop-up and the subscribe page); without them the defaults apply. */
  showInterests: boolean;
  /** The outcome of a post without JavaScript (the subscribe page's server action). */
  serverOutcome?: SubscribeOutcome | undefined;
  /** Called once per successful answer (the pop-up closes itself three seconds later). */
  onSuccess?: () => void;
  /** Shown beside the Subscribe button (the pop-up's No Thanks). */
  secondaryAction?: ReactNode;
  /** "row" puts the email and the button side by side on wider screens (the footer). */
  layout?: "stacked" | "row";
  /** Labels the form when it has no heading of its own inside. */
  labelledBy?: string;
  /** Conditions to choose from, by category (the subscribe page); none ticked: every condition. */
  conditionGroups?: readonly {
    id: string;
    name: string;
    subcategories: readonly { id: string; name: string }[];
  }[];
}

/**
 * The one subscription form (public site §2, §4, §7): an email with the browser's format check
 * (public site §5), optional interest checkboxes defaulting to price drops, new medications and promotions,
 * idle, "Subscribing...", then the server's message or the error. It posts to the subscribe
 * page's action: with JavaScript its client action calls the API from the browser; without, the
 * subscribe page comes back with the outcome.
 */
export function SubscribeForm({
  source,
  showInterests,
  serverOutcome,
  onSuccess,
  secondaryAction,
  layout = "stacked",
  labelledBy,
  conditionGroups,
}: SubscribeFormProps) {
  const fetcher = useFetcher<SubscribeOutcome>();
  const submitting = fetcher.state !== "idle";
  const latest = fetcher.data ?? serverOutcome;
  const outcome = submitting ? undefined : latest;
  const failure = outcome?.status === "error" ? outcome : undefined;
  const refill = failure?.values;
  const form = useRef<HTMLFormElement>(null);
  const email = useRef<HTMLInputElement>(null);
  const notice = useRef<HTMLParagraphElement>(null);
  const id = useId();
  const onSuccessRef = useRef(onSuccess);

  useEffect(() => {
    onSuccessRef.current = onSuccess;
  }, [onSuccess]);

  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data?.status !== "success") return;
    form.current?.reset();
    onSuccessRef.current?.();
  }, [fetcher.state, fetcher.data]);

  // A refusal of the address takes focus to the field, any other to the notice, so it is read out.
  useEffect(() => {
    if (!failure) return;
    if (failure.fields.email) email.current?.focus();
    else notice.current?.focus();
  }, [failure]);

  const emailError = failure?.fields.email;
  const preferences = refill?.preferences ?? DEFAULT_SUBSCRIPTION_PREFERENCES;
  const chosen = new Set(refill?.conditions);

  return (
    <fetcher.Form
      ref={form}
      method="post"
      action={sitePaths.subscribe}
      // Subscribing changes nothing else on the page: no need to load it again.
      defaultShouldRevalidate={false}
      aria-labelledby={labelledBy}
      // Fetch the sending code while the visitor fills the form in (decision 025).
      onFocus={() => void loadSubscriptionSending().catch(() => {})}
      onSubmit={(event) => {
        if (submitting) event.preventDefault();
      }}
      className="space-y-4"
    >
      <input type="hidden" name="source" value={source} />
      <div className={layout === "row" ? "flex flex-col gap-3 sm:flex-row sm:items-end" : undefined}>
        <div className={layout === "row" ? "min-w-0 flex-1" : undefined}>
          <label htmlFor={`${id}-email`} className="block font-medium text-slate-900 text-sm">
            Email address
          </label>
          <input
            ref={email}
            id={`${id}-email`}
            name="email"
            type="email"
            required
            maxLength={254}
            autoComplete="email"
            spellCheck={false}
            // type="email" accepts `a@b`, which the API refuses: ask for a dot in the domain too.
            pattern="[^@\s]+@[^@\s]+\.[^@\s]+"
            title="A full email address, such as name@example.co.uk"
            defaultValue={refill?.email}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${id}-email-error` : undefined}
            className={`mt-1.5 ${fieldClass}`}
          />
        </div>
        {layout === "row" ? <SubmitButton submitting={submitting} /> : null}
      </div>
      {emailError ? (
        <p id={`${id}-email-error`} className="-mt-2 text-red-800 text-sm">
          {emailError}
        </p>
      ) : null}

      {showInterests ? (
        <fieldset>
          {/* The legend must be the fieldset's first child (HTML; the W3C Nu checker). */}
          <legend className="font-medium text-slate-900 text-sm">Email me about</legend>
          <input type="hidden" name={INTERESTS_SHOWN_FIELD} value="shown" />
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {INTERESTS.map((interest) => (
              <div key={interest.name} className="flex items-center gap-2.5">
                <input
                  id={`${id}-${interest.name}`}
                  name={interest.name}
                  type="checkbox"
                  value="yes"
                  defaultChecked={preferences[interest.name]}
                  className="size-5 shrink-0 rounded border-slate-400 accent-brand-700"
                />
                <label htmlFor={`${id}-${interest.name}`} className="text-slate-800 text-sm">
                  {interest.label}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
      ) : null}

      {conditionGroups ? (
        <fieldset>
          <legend className="font-medium text-slate-900 text-sm">
            Only these conditions (tick none for every condition)
          </legend>
          <input type="hidden" name={CONDITIONS_SHOWN_FIELD} value="shown" />
          {conditionGroups.map((group) => (
            <fieldset key={group.id} className="mt-3">
              <legend className="text-slate-700 text-sm">{group.name}</legend>
              <div className="mt-1 grid gap-2 sm:grid-cols-2">
                {group.subcategories.map((condition) => (
                  <div key={condition.id} className="flex items-center gap-2.5">
                    <input
                      id={`${id}-${condition.id}`}
                      name="condition"
                      type="checkbox"
                      value={condition.id}
                      defaultChecked={chosen.has(condition.id)}
                      className="size-5 shrink-0 rounded border-slate-400 accent-brand-700"
                    />
                    <label htmlFor={`${id}-${condition.id}`} className="text-slate-800 text-sm">
                      {condition.name}
                    </label>
                  </div>
                ))}
              </div>
            </fieldset>
          ))}
        </fieldset>
      ) : null}

      <p className="text-slate-600 text-xs leading-5">
        {CONSENT_WORDING.subscription.text}{" "}
        {conditionGroups ? `${CONSENT_WORDING.subscriptionConditions.text} ` : null}We'll ask you to confirm
        your address first.{" "}
        <Link
          to={sitePaths.privacy}
          className="rounded-sm font-medium text-brand-800 underline underline-offset-2 hover:text-brand-950"
        >
          Privacy Policy
        </Link>
      </p>

      <FormOutcome
        success={outcome?.status === "success" ? outcome.message : null}
        failure={failure?.message}
        noticeRef={notice}
      />

      {layout === "stacked" ? (
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {secondaryAction}
          <SubmitButton submitting={submitting} />
        </div>
      ) : null}
    </fetcher.Form>
  );
}

function SubmitButton({ submitting }: { submitting: boolean }) {
  // aria-disabled, not disabled: the pressed button keeps focus while the request runs.
  return (
    <button type="submit" aria-disabled={submitting} className={`${primaryButtonClass} shrink-0`}>
      {submitting ? subscriptionMessages.submitting : "Subscribe"}
    </button>
  );
}
