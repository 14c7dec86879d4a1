import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { type CookieChoice, saveConsent, useCookieConsent } from "../../lib/cookie-consent.ts";
import { sitePaths } from "../../lib/site-paths.ts";

const isAdminPath = (pathname: string) => pathname === "/admin" || pathname.startsWith("/admin/");

// The server has no layout to measure: the hook only runs in the browser, where the banner exists.
const useBrowserLayoutEffect = typeof window === "undefined" ? useEffect : useLayoutEffect;

const buttonClass =
  "inline-flex min-h-11 flex-1 items-center justify-center rounded-lg px-4 py-2 font-semibold text-sm sm:flex-none";

/**
 * The cookie consent banner (public site §2, §4): shown while no choice is stored, or when the
 * Cookie Policy's settings button reopens it. It renders only in the browser, after the stored
 * choice has been read, so returning visitors never see it flash. It is a labelled region at the
 * bottom of the window, not a modal: the page stays usable, and a spacer after the footer keeps
 * the last of the page from hiding behind it.
 */
export function CookieBanner() {
  const view = useCookieConsent();
  const { pathname } = useLocation();
  const open = view !== undefined && (view.consent === null || view.reopened) && !isAdminPath(pathname);
  const reopened = view?.reopened ?? false;

  const region = useRef<HTMLElement>(null);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const [height, setHeight] = useState(0);

  useBrowserLayoutEffect(() => {
    const element = region.current;
    if (!open || !element) return;
    // The banner's height is also a CSS variable: app.css turns it into scroll padding, so an
    // element scrolled into view by focus is never left behind the banner (WCAG 2.4.11).
    const root = document.documentElement;
    const measure = () => {
      setHeight(element.offsetHeight);
      root.style.setProperty("--cookie-banner-height", `${element.offsetHeight}px`);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--cookie-banner-height");
    };
  }, [open]);

  useEffect(() => {
    // Reopened on request (a button on the Cookie Policy): take the keyboard user to the choices.
    if (!open || !reopened) return;
    returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    region.current?.focus();
  }, [open, reopened]);

  if (!open) return null;

  function choose(choice: CookieChoice) {
    saveConsent(choice);
    returnFocusTo.current?.focus();
    returnFocusTo.current = null;
  }

  return (
    <>
      <div aria-hidden="true" style={{ height }} />
      <section
        ref={region}
        aria-label="Cookie consent"
        tabIndex={-1}
        className="fixed inset-x-0 bottom-0 z-40 border-slate-200 border-t bg-white shadow-[0_-8px_24px_rgb(15_23_42/0.12)] focus:outline-none"
      >
        <div className="page-container flex flex-col gap-4 py-4 sm:py-5 md:flex-row md:items-center md:justify-between md:gap-8">
          <div className="max-w-3xl">
            <h2 className="font-semibold text-base text-slate-900">Cookie Consent</h2>
            <p className="mt-1 text-slate-700 text-sm leading-6">
              We only use what the site needs to work, such as remembering this choice in your browser. We do
              not set advertising or tracking cookies.{" "}
              <Link
                to={sitePaths.cookies}
                className="rounded-sm font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950"
              >
                Learn more<span className="sr-only"> about cookies</span>
              </Link>
            </p>
          </div>
          <div className="flex shrink-0 gap-3">
            <button
              type="button"
              onClick={() => choose("essential")}
              className={`${buttonClass} bg-white text-slate-900 ring-1 ring-slate-400 ring-inset hover:bg-slate-50`}
            >
              Essential Only
            </button>
            <button
              type="button"
              onClick={() => choose("all")}
              className={`${buttonClass} bg-brand-700 text-white shadow-sm hover:bg-brand-800`}
            >
              Accept All
            </button>
          </div>
        </div>
      </section>
    </>
  );
}
