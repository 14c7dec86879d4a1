import { type FormEvent, useEffect, useRef } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { adminMeta, adminRouteHandle, failureText } from "../../components/admin/admin-route.ts";
import {
  AdminLoading,
  AdminPageError,
  buttonClass,
  Notice,
  TextField,
} from "../../components/admin/admin-ui.tsx";
import { LogoMark } from "../../components/ui/icons.tsx";
import { adminSession, afterLoginPath, REDIRECT_PARAM, safeRedirectTo } from "../../lib/admin-session.ts";
import type { Route } from "./+types/login";

export const handle = adminRouteHandle;

export function meta() {
  return adminMeta("Sign in");
}

/** Someone already signed in (a token the API still accepts) goes straight on. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const redirectTo = new URL(request.url).searchParams.get(REDIRECT_PARAM);
  const session = adminSession();
  let signedIn = false;
  if (session.current()) {
    try {
      signedIn = (await session.verify(request)) !== null;
    } catch {
      // Expired or revoked (already forgotten), or the API is unreachable: sign in afresh.
    }
  }
  if (signedIn) throw redirect(afterLoginPath(redirectTo));
  return { redirectTo: safeRedirectTo(redirectTo) };
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const form = await request.formData();
  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  if (!email || !password) return { error: "Email and password are required" };
  try {
    await adminSession().login(request, { email, password });
  } catch (error) {
    return { error: failureText(error, "Invalid credentials") };
  }
  throw redirect(afterLoginPath(String(form.get(REDIRECT_PARAM) ?? "")));
}

export function HydrateFallback() {
  return <AdminLoading />;
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const signingIn = navigation.state !== "idle" && navigation.formMethod === "POST";
  const errorRef = useRef<HTMLParagraphElement>(null);

  // A refusal takes focus to its notice, so it is read out and in view (each answer is a new object).
  useEffect(() => {
    if (actionData?.error && !signingIn) errorRef.current?.focus();
  }, [actionData, signingIn]);

  // The button stays focusable while signing in (aria-disabled, not disabled), so a second press
  // or Enter is refused here instead.
  const onSubmit = (event: FormEvent) => {
    if (signingIn) event.preventDefault();
  };

  return (
    <main
      id="main"
      className="flex min-h-dvh flex-1 flex-col items-center justify-center bg-slate-50 px-4 py-10"
    >
      <div className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center text-center">
          <LogoMark className="size-10" />
          <h1 className="mt-4 font-semibold text-2xl text-slate-900 tracking-tight">Sign in</h1>
          <p className="mt-1 text-slate-600 text-sm">PharmaCompare back-office</p>
        </div>

        <div className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <Form method="post" noValidate onSubmit={onSubmit} className="space-y-4">
            {loaderData.redirectTo ? (
              <input type="hidden" name={REDIRECT_PARAM} value={loaderData.redirectTo} />
            ) : null}
            <TextField
              label="Email"
              name="email"
              type="email"
              autoComplete="username"
              required
              spellCheck={false}
            />
            <TextField
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
            {actionData?.error && !signingIn ? (
              <Notice tone="error" noticeRef={errorRef}>
                {actionData.error}
              </Notice>
            ) : null}
            <button type="submit" className={`${buttonClass.primary} w-full`} aria-disabled={signingIn}>
              {signingIn ? "Signing in..." : "Sign In"}
            </button>
          </Form>
        </div>

        <p className="mt-6 text-center text-sm">
          <Link to="/" className="rounded-sm font-medium text-brand-700 underline-offset-2 hover:underline">
            Back to PharmaCompare
          </Link>
        </p>
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main" className="flex-1 bg-slate-50">
      <AdminPageError error={error} />
    </main>
  );
}
