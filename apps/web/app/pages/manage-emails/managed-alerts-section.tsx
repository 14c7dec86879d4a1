import {
  alertWatches,
  formatAmount,
  formatLongDate,
  formatPounds,
  type ManagedAlert,
  type ManagedAlerts,
  PRICE_ALERT_RULES,
  suggestedTarget,
} from "@pharmacompare/contract";
import { Form } from "react-router";

/** The manage page's form intent for an alert (the subscription's are "save" and "unsubscribe"). */
export const ALERT_INTENT = "alert";

/** What happened to the last alert change: its answer, beside the alert (or the list) it was about. */
export type AlertActed =
  | { status: "alert-done"; message: string; alertId: string | undefined }
  | { status: "alert-refused"; message: string; alertId: string | undefined };

const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 " +
  "font-semibold text-slate-900 text-sm hover:bg-slate-50";
const primaryClass =
  "inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 font-semibold " +
  "text-sm text-white hover:bg-brand-800";

/** Where the alert stands, in words a visitor reads (decision 043: pausing is not a status). */
function standing(alert: ManagedAlert): string {
  if (alert.status === "cancelled") return "Stopped";
  if (alert.status === "expired") return "Ended";
  if (!alert.confirmed) return "Waiting for you to confirm it from its email";
  // A finished alert is finished, paused or not (issue 41): it is set again, not resumed.
  if (alert.status === "triggered") return "Done: your target was reached";
  if (alert.paused) return "Paused";
  return "On";
}

function Hidden({ token, action, alertId }: { token: string; action: string; alertId?: string }) {
  return (
    <>
      <input type="hidden" name="token" value={token} />
      <input type="hidden" name="intent" value={ALERT_INTENT} />
      <input type="hidden" name="action" value={action} />
      {alertId ? <input type="hidden" name="alertId" value={alertId} /> : null}
    </>
  );
}

/**
 * The target a target form starts with (issue 41): the alert's own while it is below today's lowest
 * price, as the hint under the field asks; otherwise (a fired alert's target was reached, so it is
 * at or over the lowest) the specification's suggestion, 90 % of the lowest price.
 */
export function prefilledTarget(alert: ManagedAlert, lowest: number): number {
  const own = alert.targetPrice;
  const suggested = suggestedTarget(lowest);
  return own !== null && Math.round(own * 100) < Math.round(lowest * 100) ? own : suggested;
}

/** An alert that finished by itself (it fired, or ran out): set it again, not pause it (issue 41). */
const isFinished = (alert: ManagedAlert) => alert.status === "triggered" || alert.status === "expired";

/** A target field and its hint, "Below £X, the lowest price now.", whose value agrees with the hint. */
function TargetField({
  id,
  alert,
  lowest,
  label,
}: {
  id: string;
  alert: ManagedAlert;
  lowest: number;
  label: string;
}) {
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-slate-900 text-sm">
        {label}
      </label>
      <input
        id={id}
        name="targetPrice"
        type="number"
        inputMode="decimal"
        min={PRICE_ALERT_RULES.min}
        step={PRICE_ALERT_RULES.step}
        defaultValue={formatAmount(prefilledTarget(alert, lowest))}
        aria-describedby={`${id}-hint`}
        className="mt-1.5 block w-36 rounded-lg border border-slate-300 px-3 py-2 text-base text-slate-900"
      />
    </div>
  );
}

function TargetHint({ id, lowest }: { id: string; lowest: number }) {
  return (
    <p id={`${id}-hint`} className="w-full text-slate-600 text-sm">
      Below {formatPounds(lowest)}, the lowest price now.
    </p>
  );
}

function AlertCard({
  alert,
  token,
  acted,
}: {
  alert: ManagedAlert;
  token: string;
  acted: AlertActed | undefined;
}) {
  const on = alert.status === "active";
  const finished = isFinished(alert);
  const heading = `alert-${alert.id}-heading`;
  const answer = acted?.alertId === alert.id ? acted : undefined;
  const targetId = `alert-${alert.id}-target`;
  const lowest = alert.lowestPrice;
  const canRetarget = on && alert.kind === "target" && alert.confirmed && lowest !== null;
  const canSetAgain = finished && alert.confirmed;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <h3 id={heading} className="font-semibold text-base text-slate-900">
        {alert.medicationName} {alert.dosage}
      </h3>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-slate-700 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium text-slate-900">Watches</dt>
        <dd>{alertWatches(alert.kind, alert.targetPrice)}</dd>
        <dt className="font-medium text-slate-900">Status</dt>
        <dd>{standing(alert)}</dd>
        <dt className="font-medium text-slate-900">Lowest price now</dt>
        <dd>{lowest === null ? "None in stock" : formatPounds(lowest)}</dd>
        <dt className="font-medium text-slate-900">{on ? "Ends" : "Was to end"}</dt>
        <dd>
          <time dateTime={alert.expiresAt}>{formatLongDate(alert.expiresAt)}</time>
        </dd>
      </dl>
      {answer ? (
        <p
          role={answer.status === "alert-refused" ? "alert" : "status"}
          className={
            answer.status === "alert-refused"
              ? "mt-3 rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-red-900 text-sm"
              : "mt-3 rounded-lg border border-brand-200 bg-brand-50 px-3 py-2 text-sm"
          }
        >
          {answer.message}
        </p>
      ) : null}
      {canRetarget && lowest !== null ? (
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
          <Hidden token={token} action="target" alertId={alert.id} />
          <TargetField id={targetId} alert={alert} lowest={lowest} label="New target price (£)" />
          <button type="submit" className={primaryClass}>
            Change target
            <span className="sr-only"> for {alert.medicationName}</span>
          </button>
          <TargetHint id={targetId} lowest={lowest} />
        </Form>
      ) : null}
      {canSetAgain && lowest !== null ? (
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
          <Hidden token={token} action="set-again" alertId={alert.id} />
          {alert.kind === "target" ? (
            <TargetField id={targetId} alert={alert} lowest={lowest} label="Target price (£)" />
          ) : null}
          <button type="submit" className={primaryClass}>
            Set again
            <span className="sr-only"> the alert for {alert.medicationName}</span>
          </button>
          {alert.kind === "target" ? <TargetHint id={targetId} lowest={lowest} /> : null}
        </Form>
      ) : null}
      {canSetAgain && lowest === null ? (
        <p className="mt-4 text-slate-700 text-sm">
          It can be set again once a pharmacy has this dosage in stock.
        </p>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        {on ? (
          <Form method="post">
            <Hidden token={token} action={alert.paused ? "resume" : "pause"} alertId={alert.id} />
            <button type="submit" className={buttonClass}>
              {alert.paused ? "Resume" : "Pause"}
              <span className="sr-only"> the alert for {alert.medicationName}</span>
            </button>
          </Form>
        ) : null}
        <Form method="post">
          <Hidden token={token} action="delete" alertId={alert.id} />
          <button type="submit" className={buttonClass}>
            Delete
            <span className="sr-only"> the alert for {alert.medicationName}</span>
          </button>
        </Form>
      </div>
    </li>
  );
}

/**
 * "My price alerts" on the manage-my-emails page (issue 30, decision 043): every alert of the
 * address, each with pause or resume, a new target (target alerts), set again once finished
 * (issue 41), delete, and one "stop all".
 * Plain POST forms: it works without JavaScript, and the server does the work.
 */
export function ManagedAlertsSection({
  managed,
  token,
  acted,
  afterSubscription,
}: {
  managed: ManagedAlerts;
  token: string;
  acted: AlertActed | undefined;
  /** Whether the subscription's choices come first on the page (then a rule separates the two). */
  afterSubscription: boolean;
}) {
  const live = managed.alerts.filter((alert) => alert.status === "active" || alert.status === "triggered");
  const listAnswer = acted && acted.alertId === undefined ? acted : undefined;
  // An answer about an alert that is gone (deleted) shows above the list.
  const goneAnswer =
    acted?.alertId !== undefined && !managed.alerts.some((alert) => alert.id === acted.alertId)
      ? acted
      : undefined;
  const shown = listAnswer ?? goneAnswer;
  return (
    <section
      aria-labelledby="my-alerts-heading"
      className={afterSubscription ? "mt-10 border-slate-200 border-t pt-8" : "mt-6"}
    >
      <h2 id="my-alerts-heading" className="font-semibold text-slate-900 text-xl">
        My price alerts
      </h2>
      {shown ? (
        <p
          role={shown.status === "alert-refused" ? "alert" : "status"}
          className="mt-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-slate-800"
        >
          {shown.message}
        </p>
      ) : null}
      {managed.alerts.length === 0 ? (
        <p className="mt-3 text-slate-700">This address has no price alerts.</p>
      ) : (
        <>
          <p className="mt-3 text-slate-700">
            Every price alert of {managed.email ? <strong>{managed.email}</strong> : "this address"}, newest
            first.
          </p>
          <ul className="mt-4 space-y-4">
            {managed.alerts.map((alert) => (
              <AlertCard key={alert.id} alert={alert} token={token} acted={acted} />
            ))}
          </ul>
        </>
      )}
      {live.length > 0 ? (
        <Form method="post" className="mt-6">
          <Hidden token={token} action="stop-all" />
          <p className="text-slate-700">
            Stop every alert of this address: we won't email you about any of them.
          </p>
          <button type="submit" className={`mt-3 ${buttonClass}`}>
            Stop all my alerts
          </button>
        </Form>
      ) : null}
    </section>
  );
}
