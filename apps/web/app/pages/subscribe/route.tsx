import { useRouteLoaderData } from "react-router";
import { SubscribeForm } from "../../components/subscription/subscribe-form.tsx";
import {
  loadSubscriptionSending,
  unsentSubscription,
} from "../../components/subscription/subscription-sending.ts";
import { BackToHome } from "../../components/ui/back-to-home.tsx";
import { Breadcrumb } from "../../components/ui/breadcrumb.tsx";
import { serverApi } from "../../lib/api.server.ts";
import type { NavCategory } from "../../lib/nav-categories.ts";
import { pageMeta, siteTitle } from "../../lib/page-meta.ts";
import { logFormOutcome } from "../../lib/server-log.server.ts";
import { sitePaths } from "../../lib/site-paths.ts";
import { visitorFormAction } from "../../lib/visitor-form.ts";
import type { Route } from "./+types/route";

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  return pageMeta({
    title: siteTitle("Price updates by email"),
    description:
      "Subscribe to PharmaCompare's free price updates: an email when medication prices drop, when we add " +
      "new treatments, and our promotions. Confirm your address first; unsubscribe with one click.",
    path: sitePaths.subscribe,
    siteUrl: matches[0]?.loaderData?.env.siteUrl,
  });
}

/**
 * Without JavaScript the footer's form (and this page's) posts here and this server sends it on,
 * with the visitor's address chain, as the contact form does (`visitorFormAction`, decision 010).
 */
export async function action({ request }: Route.ActionArgs) {
  return visitorFormAction(request, {
    // Imported here as in clientAction, so the page's own chunk never holds the sending code.
    load: async () =>
      [
        serverApi(),
        (await import("../../components/subscription/subscription-submission.ts")).sendSubscription,
      ] as const,
    unsent: unsentSubscription,
    relay: { log: logFormOutcome },
  });
}

/**
 * With JavaScript every subscription form calls the API from the browser (public site §7); the
 * sending code is fetched when the form is first used (decision 025).
 */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return visitorFormAction(request, { load: loadSubscriptionSending, unsent: unsentSubscription });
}

export default function Subscribe({ actionData }: Route.ComponentProps) {
  const source = actionData?.status === "error" ? actionData.values.source : "footer";
  // The root loader's category tree: follow some conditions only (issue 28).
  const root = useRouteLoaderData("root") as { categories?: NavCategory[] } | undefined;
  const conditionGroups = (root?.categories ?? []).filter((category) => category.subcategories.length > 0);
  return (
    <>
      <div className="border-slate-200 border-b bg-gradient-to-b from-brand-50 to-white">
        <div className="page-container max-w-3xl py-8 sm:py-12">
          <Breadcrumb trail={[{ label: "Home", to: sitePaths.home }, { label: "Price updates" }]} />
          <h1
            id="subscribe-heading"
            className="mt-6 font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl"
          >
            Price updates by email
          </h1>
          <p className="mt-4 text-lg text-slate-700 leading-8">
            Hear when medication prices drop, when we add new treatments, and about pharmacies' promotions.
            It's free: we send a confirmation email first, and every email has a one-click unsubscribe link.
          </p>
        </div>
      </div>
      <div className="page-container max-w-3xl py-10 sm:py-14">
        <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <SubscribeForm
            source={source}
            showInterests
            serverOutcome={actionData}
            labelledBy="subscribe-heading"
            conditionGroups={conditionGroups}
          />
        </div>
        <div className="mt-10">
          <BackToHome />
        </div>
      </div>
    </>
  );
}
