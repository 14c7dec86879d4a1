import {
  CONSENT_WORDING,
  emailLinkMessages,
  type ManageAlertRequest,
  type ManagedAlerts,
  type ManagedSubscription,
  publicEndpoints,
  SUPPORT_EMAIL,
} from "@pharmacompare/contract";
import { useEffect, useRef } from "react";
import { Form, useNavigation, useRouteLoaderData } from "react-router";
import { parsePounds } from "../../components/condition/price-alert-submission.ts";
import { followEmailLink } from "../../components/email-link/email-link-action.ts";
import { emailLinkMeta } from "../../components/email-link/email-link-page.tsx";
import { INTERESTS } from "../../components/subscription/subscribe-fields.ts";
import { BackToHome } from "../../components/ui/back-to-home.tsx";
import { serverApi } from "../../lib/api.server.ts";
import { ApiError } from "../../lib/api-client.ts";
import { fieldSentence } from "../../lib/form-refusal.ts";
import type { NavCategory } from "../../lib/nav-categories.ts";
import { logFormOutcome } from "../../lib/server-log.server.ts";
import type { Route } from "./+types/route";
import { ALERT_INTENT, type AlertActed, ManagedAlertsSection } from "./managed-alerts-section.tsx";

/**
 * "Manage my emails" (issue 28, decision 038): every price-news email links here with its link's
 * secret, so no account is needed. The page shows what the address follows and receives, saves a
 * change (fewer emails at once; more only once the address confirms them by email, decision 031)
 * or unsubscribes from everything. Every alert email links here too, with a manage link of its own
 * (issue 30, decision 043): the "My price alerts" section lists every alert of the address, to
 * pause, re-target, delete or stop them all. Like /unsubscribe, the GET changes nothing and the
 * server does the work, so it works without JavaScript; the web never touches the database.
 */
export function meta() {
  return emailLinkMeta("Manage my emails");
}

type Loaded =
  | {
      status: "ok";
      token: string;
      /** Null when the link is not a subscription's (an alert email's manage link). */
      subscription: ManagedSubscription | null;
      /** Null when the link opens no address's alerts. */
      alerts: ManagedAlerts | null;
    }
  | { status: "unknown" }
  | { status: "failed" };

type Acted =
  | { status: "saved"; message: string }
  | { status: "unsubscribed"; message: string }
  | AlertActed
  | { status: "unknown" }
  | { status: "failed" };

const isUnknownLink = (error: unknown) =>
  error instanceof ApiError && error.kind === "http" && (error.status === 404 || error.status === 400);

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function loader({ request }: Route.LoaderArgs): Promise<Loaded> {
  const token = new URL(request.url).searchParams.get("token")?.trim() ?? "";
  if (token === "") return { status: "unknown" };
  // A link is a subscription's, an alert email's, or both (a price-news link also opens the
  // address's alerts): each part answers 404 when the link is not its own.
  const orNull = async <T,>(read: Promise<T>): Promise<T | null> => {
    try {
      return await read;
    } catch (error) {
      if (isUnknownLink(error)) return null;
      throw error;
    }
  };
  try {
    const api = serverApi();
    const [subscription, alerts] = await Promise.all([
      orNull(api.call(publicEndpoints.managedSubscription, { query: { token } }, { signal: request.signal })),
      orNull(api.call(publicEndpoints.managedAlerts, { query: { token } }, { signal: request.signal })),
    ]);
    if (!subscription && !alerts) return { status: "unknown" };
    return { status: "ok", token, subscription, alerts };
  } catch (error) {
    logFormOutcome(`manage emails: not read: ${describe(error)}`, error);
    return { status: "failed" };
  }
}

/** One change to the address's alerts, from the "My price alerts" forms. */
async function manageAlert(request: Request, form: FormData, token: string): Promise<Acted> {
  const action = String(form.get("action") ?? "");
  const alertId = form.has("alertId") ? String(form.get("alertId")) : undefined;
  const body = {
    action,
    ...(alertId === undefined ? {} : { alertId }),
    // A target form's field; "set again" sends one for a target alert only (issue 41).
    ...((action === "target" || action === "set-again") && form.has("targetPrice")
      ? { targetPrice: parsePounds(String(form.get("targetPrice") ?? "")) }
      : {}),
  } as ManageAlertRequest;
  try {
    const answer = await serverApi().call(
      publicEndpoints.manageAlert,
      { query: { token }, body },
      { signal: request.signal },
    );
    return { status: "alert-done", message: answer.message, alertId };
  } catch (error) {
    if (error instanceof ApiError && error.kind === "http" && error.status >= 400 && error.status < 500) {
      if (error.serverMessage === emailLinkMessages.unknownLink) return { status: "unknown" };
      const field = error.fields.targetPrice;
      const message = field ? fieldSentence("Target price", field) : (error.serverMessage ?? FAILED);
      return { status: "alert-refused", message, alertId };
    }
    logFormOutcome(`manage emails: alert not changed: ${describe(error)}`, error);
    return { status: "failed" };
  }
}

export async function action({ request }: Route.ActionArgs): Promise<Acted> {
  const form = await request.formData();
  const token = String(form.get("token") ?? "").trim();
  if (form.get("intent") === ALERT_INTENT) return manageAlert(request, form, token);
  if (form.get("intent") === "unsubscribe") {
    // The link may be one kind's (decision 041): from this page it stops everything.
    const outcome = await followEmailLink(
      serverApi(),
      publicEndpoints.unsubscribe,
      token,
      { signal: request.signal },
      logFormOutcome,
      { everything: true },
    );
    if (outcome.status === "done") return { status: "unsubscribed", message: outcome.message };
    return { status: outcome.status };
  }
  const preferences = {
    priceDrops: form.has("priceDrops"),
    newMedications: form.has("newMedications"),
    promotions: form.has("promotions"),
    weeklyDigest: form.has("weeklyDigest"),
  };
  const conditions = form.get("scope") === "chosen" ? form.getAll("condition").map(String) : [];
  try {
    const answer = await serverApi().call(
      publicEndpoints.manageEmails,
      { query: { token }, body: { preferences, conditions } },
      { signal: request.signal },
    );
    return { status: "saved", message: answer.message };
  } catch (error) {
    if (isUnknownLink(error)) return { status: "unknown" };
    logFormOutcome(`manage emails: not saved: ${describe(error)}`, error);
    return { status: "failed" };
  }
}

const FAILED = `Sorry, we couldn't do that just now. Please try again in a few minutes, or email ${SUPPORT_EMAIL} and we'll do it for you.`;

export default function ManageEmails({ loaderData, actionData }: Route.ComponentProps) {
  const root = useRouteLoaderData("root") as { categories?: NavCategory[] } | undefined;
  const categories = (root?.categories ?? []).filter((category) => category.subcategories.length > 0);
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (actionData) heading.current?.focus();
  }, [actionData]);

  const unknown = loaderData.status === "unknown" || actionData?.status === "unknown";
  const unsubscribed = actionData?.status === "unsubscribed" ? actionData : undefined;
  const title = unsubscribed
    ? "You're unsubscribed"
    : unknown
      ? "We can't use this link"
      : "Manage my emails";
  const loaded = loaderData.status === "ok" ? loaderData : undefined;
  const subscription = loaded?.subscription ?? undefined;
  const alertActed =
    actionData?.status === "alert-done" || actionData?.status === "alert-refused" ? actionData : undefined;
  const followed = new Set(subscription?.conditions.map((condition) => condition.id));
  const everything = followed.size === 0;

  return (
    <section className="page-container flex max-w-2xl flex-col py-16 sm:py-24">
      <h1
        ref={heading}
        tabIndex={-1}
        className="font-bold text-3xl text-slate-900 tracking-tight focus:outline-none sm:text-4xl"
      >
        {title}
      </h1>
      <div className="mt-4 space-y-4 text-base text-slate-700 leading-7">
        {unsubscribed ? (
          <p role="status">{unsubscribed.message}</p>
        ) : unknown ? (
          <p>{emailLinkMessages.unknownLink}</p>
        ) : loaderData.status === "failed" || actionData?.status === "failed" ? (
          <p
            role="alert"
            className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-900 text-sm"
          >
            {FAILED}
          </p>
        ) : null}
        {actionData?.status === "saved" ? (
          <p role="status" className="rounded-lg border border-brand-200 bg-brand-50 px-4 py-3">
            {actionData.message}
          </p>
        ) : null}
      </div>
      {loaded && subscription && !unsubscribed && !unknown ? (
        <>
          <p className="mt-4 text-slate-700">
            The emails we send to <strong>{subscription.email}</strong>.
          </p>
          <Form method="post" className="mt-6 space-y-8">
            <input type="hidden" name="token" value={loaded.token} />
            <input type="hidden" name="intent" value="save" />
            <fieldset className="space-y-3">
              <legend className="font-semibold text-lg text-slate-900">What we send you</legend>
              {INTERESTS.map((interest) => (
                <label key={interest.name} className="flex min-h-11 items-center gap-3">
                  <input
                    type="checkbox"
                    name={interest.name}
                    defaultChecked={subscription.preferences[interest.name]}
                    className="size-5"
                  />
                  {interest.label}
                </label>
              ))}
            </fieldset>
            <fieldset className="space-y-3">
              <legend className="font-semibold text-lg text-slate-900">Which conditions</legend>
              <label className="flex min-h-11 items-center gap-3">
                <input type="radio" name="scope" value="all" defaultChecked={everything} className="size-5" />
                Every condition
              </label>
              <label className="flex min-h-11 items-center gap-3">
                <input
                  type="radio"
                  name="scope"
                  value="chosen"
                  defaultChecked={!everything}
                  className="size-5"
                />
                Only the conditions I tick below
              </label>
              {categories.map((category) => (
                <fieldset key={category.id} className="ml-8 space-y-1">
                  <legend className="font-medium text-slate-900">{category.name}</legend>
                  {category.subcategories.map((condition) => (
                    <label key={condition.id} className="flex min-h-11 items-center gap-3">
                      <input
                        type="checkbox"
                        name="condition"
                        value={condition.id}
                        defaultChecked={followed.has(condition.id)}
                        className="size-5"
                      />
                      {condition.name}
                    </label>
                  ))}
                </fieldset>
              ))}
            </fieldset>
            <p className="text-slate-700 text-sm">
              {CONSENT_WORDING.subscriptionConditions.text} Asking for more emails than now? We'll email you a
              link to confirm it first.
            </p>
            <button
              type="submit"
              aria-disabled={pending}
              onClick={(event) => {
                if (pending) event.preventDefault();
              }}
              className="inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 aria-disabled:cursor-wait aria-disabled:opacity-70"
            >
              Save my choices
            </button>
          </Form>
          <Form method="post" className="mt-10 border-slate-200 border-t pt-6">
            <input type="hidden" name="token" value={loaded.token} />
            <input type="hidden" name="intent" value="unsubscribe" />
            <p className="text-slate-700">Stop every email of these price updates.</p>
            <button
              type="submit"
              className="mt-3 inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-6 py-3 font-semibold text-slate-900 hover:bg-slate-50"
            >
              Unsubscribe from everything
            </button>
          </Form>
        </>
      ) : null}
      {loaded?.alerts && !unknown ? (
        <ManagedAlertsSection
          managed={loaded.alerts}
          token={loaded.token}
          acted={alertActed}
          afterSubscription={Boolean(subscription) && !unsubscribed}
        />
      ) : null}
      <div className="mt-10">
        <BackToHome />
      </div>
    </section>
  );
}
