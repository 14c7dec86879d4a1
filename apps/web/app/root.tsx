import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { usesAdminChrome } from "./admin/kit/admin-chrome.ts";
import stylesheet from "./app.css?url";
import { CatalogueNotice } from "./components/layout/catalogue-notice.tsx";
import { LoadingScreen } from "./components/layout/loading-screen.tsx";
import { SiteFooter } from "./components/layout/site-footer.tsx";
import { SiteHeader } from "./components/layout/site-header.tsx";
import { IconSprite } from "./components/ui/icon-sprite.tsx";
import { NotFoundPage, StatusPage } from "./components/ui/status-page.tsx";
import { browserEnv } from "./config.server.ts";
import { API_URL_META_NAME } from "./lib/browser-env.ts";
import { browserStorage } from "./lib/browser-storage.ts";
import { catalogue } from "./lib/catalogue.server.ts";
import { useNonce } from "./lib/csp-nonce.ts";
import { loadWaitingParts, loadWhen, whenIdle } from "./lib/load-when.tsx";
import { navCategories } from "./lib/nav-categories.ts";
import { mayHoldStoredPriceAlerts, STORED_PRICE_ALERTS_EVENT } from "./lib/stored-price-alerts-keys.ts";
import { refuseUnreadableForms } from "./lib/unreadable-form.server.ts";
import { refusalSentence, refusalTitle } from "./lib/unreadable-form.ts";

// What the page chrome shows only to some visitors loads after the page (issue 47): none of it
// has server HTML of its own that a visitor could use before then.
/** The cookie banner renders only in the browser, once the stored choice is read (its code after the page's). */
const CookieBanner = loadWhen(whenIdle(), () =>
  import("./components/layout/cookie-banner.tsx").then((module) => module.CookieBanner),
);
/** The pop-up waits 30 seconds at least: its timer's code can wait for an idle moment. */
const SubscriptionPopup = loadWhen(whenIdle(), () =>
  import("./components/subscription/subscription-popup.tsx").then((module) => module.SubscriptionPopup),
);
/** The sender of kept price alerts: only on a device that keeps some, or once one is kept. */
const PendingPriceAlerts = loadWhen(
  async () => {
    await whenIdle()();
    if (mayHoldStoredPriceAlerts(browserStorage())) return;
    await new Promise((resolve) =>
      window.addEventListener(STORED_PRICE_ALERTS_EVENT, resolve, { once: true }),
    );
  },
  () => import("./components/layout/pending-price-alerts.tsx").then((module) => module.PendingPriceAlerts),
);

export const links: Route.LinksFunction = () => [
  // With a precedence React writes the stylesheet at the top of <head>, ahead of the module
  // preloads, so a phone on a slow network fetches what the first paint waits for first.
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

/** Before any action: a form body no parser can read is refused with a 400 (issue 42). */
export const middleware: Route.MiddlewareFunction[] = [refuseUnreadableForms];

/**
 * Before the router changes the page, the code of every part still shown as server HTML (see
 * lib/load-when.tsx) is fetched alongside the data, so the update finds it hydrated rather than
 * dropping its HTML for an empty fallback.
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async (_args, next) => {
    const loading = loadWaitingParts();
    const result = await next();
    await loading;
    return result;
  },
];

/**
 * Data every page needs: the category tree for the header and footer, and the whitelisted
 * configuration the browser may see. The tree comes through the start-up chain (API, static file,
 * sample data), so the header keeps its conditions when the API is down; `catalogueSource` tells
 * the page chrome to say so.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { categories, source } = await catalogue().categories(request.signal);
  return {
    categories: navCategories(categories),
    categoriesUnavailable: categories.length === 0 && source !== "api",
    catalogueSource: source,
    env: browserEnv(),
  };
}

/** The category tree changes rarely: do not refetch it on every client-side navigation. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && defaultShouldRevalidate;
}

export function Layout({ children }: { children: ReactNode }) {
  // Undefined only when the root loader itself failed; the chrome then renders without categories.
  const data = useRouteLoaderData<typeof loader>("root");
  const categories = data?.categories ?? [];
  // The back-office brings its own layout: no public header, footer or loading screen there.
  const admin = usesAdminChrome(useMatches());
  const nonce = useNonce();
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f766e" />
        {data ? <meta name={API_URL_META_NAME} content={data.env.apiUrl} /> : null}
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        {admin ? (
          children
        ) : (
          <>
            <a
              href="#main"
              className="fixed top-3 left-3 z-50 -translate-y-20 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 shadow-lg ring-1 ring-slate-200 focus:translate-y-0"
            >
              Skip to main content
            </a>
            <IconSprite />
            <SiteHeader categories={categories} />
            <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
              <CatalogueNotice />
              {children}
            </main>
            <LoadingScreen />
            <SiteFooter categories={categories} />
            <CookieBanner />
            <SubscriptionPopup />
            <PendingPriceAlerts />
          </>
        )}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <title>Page not found | PharmaCompare</title>
        <meta name="robots" content="noindex" />
        <NotFoundPage />
      </>
    );
  }

  // A request the site refused (issue 42: a form body no parser can read, or not a form at all)
  // is the visitor's to fix: its status and the refusal's sentence, never "something went wrong".
  if (isRouteErrorResponse(error) && error.status >= 400 && error.status < 500) {
    const title = refusalTitle(error.status);
    return (
      <>
        <title>{`${title} | PharmaCompare`}</title>
        <meta name="robots" content="noindex" />
        <StatusPage eyebrow={String(error.status)} title={title}>
          <p>{refusalSentence(error.data)}</p>
        </StatusPage>
      </>
    );
  }

  // Details only in development: production visitors never see internals or stack traces.
  const details = import.meta.env.DEV && error instanceof Error ? error : undefined;
  return (
    <>
      <title>Something went wrong | PharmaCompare</title>
      <meta name="robots" content="noindex" />
      <StatusPage eyebrow="Error" title="Something went wrong">
        <p>Sorry, this page could not be shown just now. Please try again in a moment.</p>
        {details ? (
          <pre className="mt-6 max-w-full overflow-x-auto rounded-lg bg-slate-100 p-4 text-left text-slate-800 text-xs">
            {details.stack ?? details.message}
          </pre>
        ) : null}
      </StatusPage>
    </>
  );
}
