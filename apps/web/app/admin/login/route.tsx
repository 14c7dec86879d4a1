import { secondFactorMessages } from "@pharmacompare/contract";
import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Form, Link, redirect, useNavigation } from "react-router";
import { LogoMark } from "../../components/ui/icons.tsx";
import {
  adminSession,
  afterLoginPath,
  loginPath,
  REDIRECT_PARAM,
  safeRedirectTo,
} from "../../lib/admin-session.ts";
import { adminRouteHandle } from "../kit/admin-chrome.ts";
import { adminMeta, failureText } from "../kit/admin-route.ts";
import { AdminLoading, AdminPageError, buttonClass, Notice, TextField } from "../kit/admin-ui.tsx";
import type { Route } from "./+types/route";

export const handle = adminRouteHandle;

export function meta() {
  return adminMeta("Sign in");
}

/**
 * Someone already signed in (a session cookie the API still accepts, which only the API can tell)
 * goes straight on.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const redirectTo = new URL(request.url).searchParams.get(REDIRECT_PARAM);
  let signedIn = false;
  try {
    await adminSession().verify(request);
    signedIn = true;
  } catch {
    // Not signed in, expired or revoked (the 401), or the API is unreachable: sign in afresh.
  }
  if (signedIn) throw redirect(afterLoginPath(redirectTo));
  return { redirectTo: safeRedirectTo(redirectTo) };
}

/**
 * What a submission answers: back to the password with a reason, or on to the code step (with
 * the challenge the password earned, and a reason when a code was refused).
 */
type LoginStep = { step: "password"; error: string } | { step: "code"; challenge: string; error?: string };

export async function clientAction({ request }: Route.ClientActionArgs): Promise<LoginStep> {
  const form = await request.formData();
  const redirectTo = String(form.get(REDIRECT_PARAM) ?? "");
  if (form.get("intent") === "code") {
    const challenge = String(form.get("challenge") ?? "");
    const code = String(form.get("code") ?? "").trim();
    if (!code) return { step: "code", challenge, error: secondFactorMessages.codeRequired };
    try {
      await adminSession().completeSecondFactor(request, { challenge, code });
    } catch (error) {
      const text = failureText(error, secondFactorMessages.codeIncorrect);
      // Expired, spent or out of attempts: only the password can earn a new challenge.
      if (text === secondFactorMessages.challengeExpired) return { step: "password", error: text };
      return { step: "code", challenge, error: text };
    }
    throw redirect(afterLoginPath(redirectTo));
  }

  const email = String(form.get("email") ?? "").trim();
  const password = String(form.get("password") ?? "");
  if (!email || !password) return { step: "password", error: "Email and password are required" };
  try {
    const answer = await adminSession().login(request, { email, password });
    if ("challenge" in answer) return { step: "code", challenge: answer.challenge };
  } catch (error) {
    return { step: "password", error: failureText(error, "Invalid credentials") };
  }
  throw redirect(afterLoginPath(redirectTo));
}

export function HydrateFallback() {
  return <AdminLoading />;
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const signingIn = navigation.state !== "idle" && navigation.formMethod === "POST";
  const errorRef = useRef<HTMLParagraphElement>(null);
  const codeStep = actionData?.step === "code" ? actionData : undefined;

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
          {codeStep ? (
            <CodeStep
              key={codeStep.challenge}
              challenge={codeStep.challenge}
              error={signingIn ? undefined : codeStep.error}
              errorRef={errorRef}
              redirectTo={loaderData.redirectTo}
              signingIn={signingIn}
              onSubmit={onSubmit}
            />
          ) : (
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
          )}
        </div>

        <p className="mt-6 text-center text-sm">
          {/* A new document: the back-office's policy requires Trusted Types, under which React cannot
              render the public pages' script elements (decision 033). */}
          <Link
            to="/"
            reloadDocument
            className="rounded-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            Back to PharmaCompare
          </Link>
        </p>
      </div>
    </main>
  );
}

/**
 * The second step for an account with two-step verification: one code field, which takes the
 * authenticator app's six digits or, after "Use a recovery code instead", a recovery code.
 */
function CodeStep({
  challenge,
  error,
  errorRef,
  redirectTo,
  signingIn,
  onSubmit,
}: {
  challenge: string;
  error: string | undefined;
  errorRef: RefObject<HTMLParagraphElement | null>;
  redirectTo: string | null;
  signingIn: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const focusCode = () => {
    const field = formRef.current?.elements.namedItem("code");
    if (field instanceof HTMLInputElement) field.focus();
  };
  // Focus goes to the code field when the step appears, and again when the kind of code changes.
  useEffect(focusCode, []);
  const switchKind = () => {
    flushSync(() => setRecovery((value) => !value));
    focusCode();
  };

  return (
    <Form ref={formRef} method="post" noValidate onSubmit={onSubmit} className="space-y-4">
      <input type="hidden" name="intent" value="code" />
      <input type="hidden" name="challenge" value={challenge} />
      {redirectTo ? <input type="hidden" name={REDIRECT_PARAM} value={redirectTo} /> : null}
      <p className="text-slate-700 text-sm">
        {recovery
          ? "Enter one of the recovery codes you saved when you set up two-step verification. Each code works once."
          : "Enter the 6-digit code your authenticator app shows for PharmaCompare."}
      </p>
      {recovery ? (
        <TextField
          key="recovery"
          label="Recovery code"
          name="code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={64}
        />
      ) : (
        <TextField
          key="totp"
          label="Authentication code"
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9 ]*"
          required
          maxLength={7}
        />
      )}
      {error ? (
        <Notice tone="error" noticeRef={errorRef}>
          {error}
        </Notice>
      ) : null}
      <button type="submit" className={`${buttonClass.primary} w-full`} aria-disabled={signingIn}>
        {signingIn ? "Verifying..." : "Verify"}
      </button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button
          type="button"
          className="rounded-sm font-medium text-brand-700 underline-offset-2 hover:underline"
          onClick={switchKind}
        >
          {recovery ? "Use your authenticator app instead" : "Use a recovery code instead"}
        </button>
        <Link
          to={loginPath(redirectTo)}
          className="rounded-sm font-medium text-slate-700 underline-offset-2 hover:underline"
        >
          Start again
        </Link>
      </div>
    </Form>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <main id="main" className="flex-1 bg-slate-50">
      <AdminPageError error={error} />
    </main>
  );
}
