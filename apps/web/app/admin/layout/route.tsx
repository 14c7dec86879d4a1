import { useEffect, useState } from "react";
import { Outlet, redirect, useNavigate } from "react-router";
import {
  ADMIN_LOGIN_PATH,
  ADMIN_PROFILE_PATH,
  adminSession,
  setAdminNavigator,
} from "../../lib/admin-session.ts";
import { adminRouteHandle } from "../kit/admin-chrome.ts";
import { adminMeta } from "../kit/admin-route.ts";
import { AdminShell } from "../kit/admin-shell.tsx";
import { AdminLoading, AdminPageError } from "../kit/admin-ui.tsx";
import { ToastProvider } from "../kit/toast/toast.tsx";
import type { Route } from "./+types/route";

export const handle = adminRouteHandle;

export function meta() {
  return adminMeta("Back-office");
}

/**
 * The guard of every admin page but sign-in: the signed-in user is asked of the API (GET /me, once
 * per page life, since only the API can read the session cookie); its 401 sends the visitor to
 * sign in and back. An account still on a generated password, or that must set up two-step
 * verification first, is kept on Profile Settings until it has (the API refuses the rest anyway).
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const session = adminSession();
  const user = await session.verify(request);
  const secondFactorRequired = session.secondFactorRequired();
  const heldToProfile = user.mustChangePassword || secondFactorRequired !== null;
  if (heldToProfile && url.pathname !== ADMIN_PROFILE_PATH) throw redirect(ADMIN_PROFILE_PATH);
  return { user, secondFactorRequired };
}

export function HydrateFallback() {
  return <AdminLoading />;
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);
  // A call that finds the session ended goes to sign-in through the router (decision 037).
  useEffect(() => {
    setAdminNavigator((to) => void navigate(to, { replace: true }));
    return () => setAdminNavigator(null);
  }, [navigate]);

  async function logout() {
    setLoggingOut(true);
    await adminSession().logout();
    await navigate(ADMIN_LOGIN_PATH, { replace: true });
  }

  return (
    <AdminShell user={loaderData.user} loggingOut={loggingOut} onLogout={() => void logout()}>
      {/* Confirmations after an admin action (useToast) on every page inside the layout. */}
      <ToastProvider>
        <Outlet />
      </ToastProvider>
    </AdminShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main" className="flex-1 bg-slate-50">
      <AdminPageError error={error} />
    </main>
  );
}
