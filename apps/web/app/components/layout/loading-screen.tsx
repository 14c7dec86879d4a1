import { useEffect, useState } from "react";
import { useLocation, useNavigation } from "react-router";
import { LogoMark } from "../ui/icons.tsx";

/** A navigation shorter than this never flashes the screen. */
const LOADING_SCREEN_DELAY_MS = 400;

const isAdminPath = (pathname: string) => pathname === "/admin" || pathname.startsWith("/admin/");

/**
 * The full-screen loading screen (public site §2 "Global elements"). Pages arrive server-rendered
 * with their data, so there is no start-up load in the browser; the screen covers browser-side
 * loads instead: a client-side navigation to another public page that is still loading after
 * {@link LOADING_SCREEN_DELAY_MS}. A change of query on the same page (a new dosage) keeps the page
 * and dims only what is changing. See docs/decisions/007.
 */
export function LoadingScreen() {
  const navigation = useNavigation();
  const location = useLocation();
  const target = navigation.state === "loading" ? navigation.location : undefined;
  const pending =
    target !== undefined &&
    target.pathname !== location.pathname &&
    !isAdminPath(target.pathname) &&
    !isAdminPath(location.pathname);

  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!pending) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), LOADING_SCREEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending]);

  if (!visible) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-[60] flex flex-col items-center justify-center gap-5 bg-white/95 px-6 text-center backdrop-blur-sm"
    >
      <div className="relative">
        <LogoMark className="size-14" />
        <span
          aria-hidden="true"
          className="absolute -inset-3 rounded-2xl border-4 border-brand-200 border-t-brand-700 motion-safe:animate-spin"
        />
      </div>
      <p className="mt-4 font-bold text-2xl text-slate-900 tracking-tight">Loading Medication Prices</p>
      <p className="text-slate-600">Fetching the latest prices from UK pharmacies...</p>
    </div>
  );
}
