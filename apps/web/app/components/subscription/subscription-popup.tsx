import { SUBSCRIPTION_POPUP } from "@pharmacompare/contract";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { browserStorage } from "../../lib/browser-storage.ts";
import { useCookieConsent } from "../../lib/cookie-consent.ts";
import { sitePaths } from "../../lib/site-paths.ts";
import { popupDue, readPopupMemory, rememberSeen, rememberShown } from "../../lib/subscription-popup.ts";

const loadDialog = () => import("./subscription-popup-dialog.tsx");
const SubscriptionPopupDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.SubscriptionPopupDialog })),
);

const isAdminPath = (pathname: string) => pathname === "/admin" || pathname.startsWith("/admin/");
/** Pages where asking would be out of place: subscribing already, or following an email's link. */
const quietPaths = new Set<string>([sitePaths.subscribe, sitePaths.confirmEmail, sitePaths.unsubscribe]);

/**
 * The subscription pop-up, "Stay Updated!" (public site §2, §4, §9): it opens 30 seconds after the
 * page loads when it was never closed before or last shown more than three days ago. It never
 * covers the cookie banner: the 30 seconds start once a cookie choice exists (at once for a
 * returning visitor). Never in the back-office, on the subscribe page or on the pages our emails link
 * to (nobody who is unsubscribing wants to be asked). No Thanks, the close button, Escape and a click on
 * the backdrop all close it and mark it seen; a subscription closes it three seconds after the
 * success message. The dialog's code is fetched when it is due, not with the page.
 */
export function SubscriptionPopup() {
  const consent = useCookieConsent();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);
  const returnFocus = useRef<HTMLElement | null>(null);
  const [succeeded, setSucceeded] = useState(0);

  const choiceMade = consent !== undefined && consent.consent !== null && !consent.reopened;
  const admin = isAdminPath(pathname);
  const quiet = admin || quietPaths.has(pathname);
  // This code loads after the page, when the browser is idle (root.tsx, issue 47): on the page first
  // loaded, for a choice made before it loaded, the 30 seconds count from the page's load, not from
  // this code's arrival.
  const chosenAt = consent?.consent ? Date.parse(consent.consent.date) : Number.NaN;
  const firstPath = useRef(pathname);

  useEffect(() => {
    if (!choiceMade || quiet || open) return;
    if (!popupDue(readPopupMemory(browserStorage()), Date.now())) return;
    const pageAge = performance.now();
    const onFirstPage = window.location.pathname === firstPath.current;
    const chosenBeforeLoad = onFirstPage && chosenAt <= Date.now() - pageAge;
    const delay = Math.max(0, SUBSCRIPTION_POPUP.delayMs - (chosenBeforeLoad ? pageAge : 0));
    let cancelled = false;
    const timer = setTimeout(() => {
      loadDialog().then(
        () => {
          // Another tab may have shown or closed it meanwhile, or this page may have moved on.
          if (cancelled || !popupDue(readPopupMemory(browserStorage()), Date.now())) return;
          rememberShown(browserStorage());
          returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          setOpen(true);
        },
        // Offline, or a new deployment replaced the file: not shown now, nor counted as shown.
        () => undefined,
      );
    }, delay);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [choiceMade, quiet, open, chosenAt]);

  const close = useCallback(() => {
    rememberSeen(browserStorage());
    setOpen(false);
  }, []);

  // Closing after a subscription marks it seen itself: the dialog's own close event, which would
  // otherwise do it, may never fire once React has removed the element (a flaky journey showed it).
  useEffect(() => {
    if (succeeded === 0) return;
    const timer = setTimeout(close, SUBSCRIPTION_POPUP.successCloseMs);
    return () => clearTimeout(timer);
  }, [succeeded, close]);

  const onSuccess = useCallback(() => setSucceeded((count) => count + 1), []);

  if (open && !everOpened) setEverOpened(true);

  // Kept mounted once opened, so closing runs the dialog's own close (focus back, page scroll).
  if (admin || !everOpened) return null;
  return (
    <Suspense fallback={null}>
      <SubscriptionPopupDialog
        open={open}
        onClose={close}
        onSuccess={onSuccess}
        returnFocusRef={returnFocus}
      />
    </Suspense>
  );
}
