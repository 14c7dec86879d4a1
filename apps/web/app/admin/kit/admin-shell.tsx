import type { AdminUser } from "@pharmacompare/contract";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigation, useRouteLoaderData } from "react-router";
import { LogoMark, MenuIcon } from "../../components/ui/icons.tsx";
import { isAdminPath } from "../../lib/admin-session.ts";
import { adminMenu, adminScreens, isCurrentScreen } from "./admin-screens.ts";
import { buttonClass } from "./admin-ui.tsx";

/** The route id of admin/layout/route.tsx (routes.ts keeps its old id), whose client loader provides the signed-in user. */
const ADMIN_LAYOUT_ROUTE_ID = "routes/admin/layout";

interface AdminLayoutData {
  user: AdminUser;
  /** The API's sentence while the account must set up two-step verification first, else null. */
  secondFactorRequired: string | null;
}

function useAdminLayoutData(): AdminLayoutData {
  const data = useRouteLoaderData<AdminLayoutData>(ADMIN_LAYOUT_ROUTE_ID);
  if (!data) throw new Error("the admin user is only available inside the admin layout");
  return data;
}

/** The signed-in administrator, for any page inside the admin layout. */
export function useAdminUser(): AdminUser {
  return useAdminLayoutData().user;
}

/** Why the account is held to Profile Settings until it sets up two-step verification, or null. */
export function useSecondFactorRequirement(): string | null {
  return useAdminLayoutData().secondFactorRequired;
}

/**
 * The admin layout (back-office §2): a side menu of every screen, the signed-in user and Logout.
 * Below 1024 px the menu folds behind a "Menu" button.
 */
export function AdminShell({
  user,
  onLogout,
  loggingOut,
  children,
}: {
  user: AdminUser;
  onLogout: () => void;
  loggingOut: boolean;
  children: ReactNode;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);

  // Any navigation folds the phone menu (set during render, as React recommends for derived resets).
  const [seenLocationKey, setSeenLocationKey] = useState(location.key);
  if (seenLocationKey !== location.key) {
    setSeenLocationKey(location.key);
    setMenuOpen(false);
  }

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [menuOpen]);

  const loading = navigation.state === "loading" && isAdminPath(navigation.location.pathname);

  return (
    <div className="flex min-h-dvh flex-1 flex-col bg-slate-50 lg:flex-row">
      <a
        href="#main"
        className="fixed top-3 left-3 z-50 -translate-y-20 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 shadow-lg ring-1 ring-slate-200 focus:translate-y-0"
      >
        Skip to main content
      </a>
      <aside className="border-slate-200 border-b bg-white lg:sticky lg:top-0 lg:flex lg:h-dvh lg:w-72 lg:shrink-0 lg:flex-col lg:border-r lg:border-b-0">
        <div className="flex items-center justify-between gap-3 px-4 py-3 lg:px-5 lg:py-5">
          <Link
            to={adminScreens.dashboard.path}
            className="flex items-center gap-2 rounded-md font-semibold text-slate-900 tracking-tight"
          >
            <LogoMark className="size-7" />
            <span className="whitespace-nowrap text-sm sm:text-base">
              PharmaCompare <span className="text-brand-700">Admin</span>
            </span>
          </Link>
          <button
            ref={menuButton}
            type="button"
            className={`${buttonClass.secondary} px-3 lg:hidden`}
            aria-expanded={menuOpen}
            aria-controls="admin-menu"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <MenuIcon className="size-4" />
            Menu
          </button>
        </div>

        <div
          id="admin-menu"
          className={`${menuOpen ? "flex" : "hidden"} flex-col lg:flex lg:min-h-0 lg:flex-1`}
        >
          <nav aria-label="Admin" className="px-3 pb-3 lg:flex-1 lg:overflow-y-auto">
            <ul className="space-y-0.5">
              {adminMenu.map((screen) => {
                const current = isCurrentScreen(screen, location.pathname);
                return (
                  <li key={screen.path}>
                    <Link
                      to={screen.path}
                      aria-current={current ? "page" : undefined}
                      className={`block rounded-md px-3 py-2 text-sm ${
                        current
                          ? "bg-brand-50 font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset"
                          : "font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                      }`}
                    >
                      {screen.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>

          <div className="border-slate-200 border-t px-4 py-4 lg:px-5">
            <p className="text-slate-600 text-xs">Signed in as</p>
            <p className="truncate font-medium text-slate-900 text-sm">{user.name}</p>
            <p className="truncate text-slate-600 text-xs">{user.email}</p>
            <div className="mt-3 flex items-center gap-3">
              <button
                type="button"
                className={`${buttonClass.secondary} flex-1 py-1.5`}
                onClick={onLogout}
                disabled={loggingOut}
              >
                {loggingOut ? "Signing out..." : "Logout"}
              </button>
              {/* A new document: the back-office's policy requires Trusted Types, under which React cannot
                  render the public pages' script elements (decision 033). */}
              <Link
                to="/"
                reloadDocument
                className="rounded-sm text-brand-700 text-sm underline-offset-2 hover:underline"
              >
                View site
              </Link>
            </div>
          </div>
        </div>
      </aside>

      <main id="main" tabIndex={-1} aria-busy={loading} className="min-w-0 flex-1 focus:outline-none">
        <div
          aria-hidden="true"
          className={`h-0.5 bg-brand-700 transition-opacity ${loading ? "opacity-100 motion-safe:animate-pulse" : "opacity-0"}`}
        />
        <p role="status" className="sr-only">
          {loading ? "Loading…" : ""}
        </p>
        <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">{children}</div>
      </main>
    </div>
  );
}
