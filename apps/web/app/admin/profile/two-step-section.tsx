import {
  adminEndpoints,
  formatDateTime,
  RECOVERY_CODE_COUNT,
  type SecondFactorSetup,
  type SecondFactorStatus,
  secondFactorMessages,
} from "@pharmacompare/contract";
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { adminSession } from "../../lib/admin-session.ts";
import type { ApiClient } from "../../lib/api-client.ts";
import { buttonClass, CurrentPasswordField, Notice, Panel, TextField } from "../kit/admin-ui.tsx";
import { type Failure, useAdminCall } from "../kit/use-admin-call.ts";

/**
 * Profile Settings' "Two-step verification" (issue 12, decision 022): set it up with a QR code
 * (or the secret typed by hand), confirm with a first code, keep the ten recovery codes shown
 * once, and later replace those codes or turn it off with the password and a code. The section
 * calls the API itself, so the page's own action stays the password form's.
 */

type View =
  | { kind: "loading" }
  | { kind: "unavailable"; error: string }
  | { kind: "status"; status: SecondFactorStatus; notice?: string }
  | { kind: "setup"; setup: SecondFactorSetup }
  | { kind: "codes"; message: string; codes: string[] };

/** The secret in groups of four, as authenticator apps show and take it. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

export function TwoStepSection() {
  const call = useAdminCall();
  const revalidator = useRevalidator();
  const [view, setView] = useState<View>({ kind: "loading" });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  /** What takes focus after a change of view (a heading or notice, tabIndex -1). */
  const focusRef = useRef<HTMLElement | null>(null);
  const moved = useRef(false);
  const sectionRef = useRef<HTMLDivElement>(null);

  const loadStatus = useCallback(
    async (notice?: string) => {
      const answer = await call("Two-step verification could not be loaded", (api) =>
        api.call(adminEndpoints.secondFactorStatus),
      );
      setView(
        answer.ok
          ? { kind: "status", status: answer.value, notice }
          : { kind: "unavailable", error: answer.error },
      );
    },
    [call],
  );

  useEffect(() => {
    void loadStatus();
  }, [loadStatus]);

  /** The props of what takes focus after a change of view: reachable by script, not by Tab. */
  const focusTarget = {
    ref: (node: HTMLElement | null) => {
      focusRef.current = node;
    },
    tabIndex: -1,
  };

  /** Back to the status view (Cancel, or the recovery codes saved), focus moving with it. */
  function backToStatus() {
    moved.current = true;
    setFailure(null);
    void loadStatus();
  }

  // A refusal about a field puts focus on that field; others are read out by their notice (role=alert).
  useEffect(() => {
    const name = failure ? Object.keys(failure.fields)[0] : undefined;
    const field = name ? sectionRef.current?.querySelector(`input[name="${name}"]`) : null;
    if (field instanceof HTMLInputElement) field.focus();
  }, [failure]);

  // Every change of view after the first one the admin caused moves focus to its heading or notice.
  useEffect(() => {
    if (!moved.current || view.kind === "loading") return;
    focusRef.current?.focus();
  }, [view]);

  async function run<T>(
    fallback: string,
    work: (api: ApiClient) => Promise<T>,
    next: (value: T) => View | Promise<void>,
  ) {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    const answer = await call(fallback, work);
    setBusy(false);
    if (!answer.ok) {
      if (answer.error) setFailure({ error: answer.error, fields: answer.fields });
      return;
    }
    moved.current = true;
    const view = await next(answer.value);
    if (view) setView(view);
  }

  const startSetup = () =>
    run(
      "Two-step verification could not be set up",
      (api) => api.call(adminEndpoints.startSecondFactorSetup),
      (setup) => ({ kind: "setup", setup }),
    );

  const confirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    if (!code) {
      setFailure({
        error: secondFactorMessages.codeRequired,
        fields: { code: secondFactorMessages.codeRequired },
      });
      return;
    }
    void run(
      "Two-step verification could not be turned on",
      (api) => api.call(adminEndpoints.confirmSecondFactorSetup, { body: { code } }),
      ({ message, recoveryCodes }) => {
        // Enrolled: an account held to this page until it did (REQUIRE_SECOND_FACTOR) is let go.
        const session = adminSession();
        if (session.secondFactorRequired() !== null) {
          session.secondFactorEnrolled();
          void revalidator.revalidate();
        }
        return { kind: "codes", message, codes: recoveryCodes };
      },
    );
  };

  const manage = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const form = new FormData(event.currentTarget);
    const body = {
      currentPassword: String(form.get("currentPassword") ?? ""),
      code: String(form.get("code") ?? "").trim(),
    };
    const fields: Record<string, string> = {};
    if (!body.currentPassword) fields.currentPassword = secondFactorMessages.passwordRequired;
    if (!body.code) fields.code = secondFactorMessages.codeRequired;
    const first = Object.values(fields)[0];
    if (first) {
      setFailure({ error: first, fields });
      return;
    }
    if (submitter?.getAttribute("value") === "disable") {
      void run(
        "Two-step verification could not be turned off",
        (api) => api.call(adminEndpoints.disableSecondFactor, { body }),
        ({ message }) => loadStatus(message),
      );
    } else {
      void run(
        "New recovery codes could not be created",
        (api) => api.call(adminEndpoints.regenerateRecoveryCodes, { body }),
        ({ message, recoveryCodes }) => ({ kind: "codes", message, codes: recoveryCodes }),
      );
    }
  };

  const fieldError = (name: string) => (busy ? undefined : failure?.fields[name]);
  const formNotice =
    failure && !busy && Object.keys(failure.fields).length === 0 ? (
      <Notice tone="error">{failure.error}</Notice>
    ) : null;

  return (
    <Panel title="Two-step verification" titleId="two-step-heading">
      <div ref={sectionRef} className="space-y-4 px-4 py-4 text-slate-700 text-sm sm:px-5 sm:py-5">
        {view.kind === "loading" ? <p role="status">Loading two-step verification…</p> : null}

        {view.kind === "unavailable" ? <Notice tone="error">{view.error}</Notice> : null}

        {view.kind === "status" && !view.status.enabled ? (
          <>
            {view.notice ? (
              <p {...focusTarget} role="status" className="font-medium text-slate-900">
                {view.notice}
              </p>
            ) : null}
            <p>
              Two-step verification is off. Turn it on and signing in will also ask for a code from an
              authenticator app on your phone, so a stolen password alone is not enough.
            </p>
            {formNotice}
            <button type="button" className={buttonClass.primary} aria-disabled={busy} onClick={startSetup}>
              {busy ? "Setting up..." : "Set up two-step verification"}
            </button>
          </>
        ) : null}

        {view.kind === "setup" ? (
          <form noValidate onSubmit={confirm} className="space-y-4">
            <h3 {...focusTarget} className="font-semibold text-slate-900">
              Scan the QR code with your authenticator app
            </h3>
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(view.setup.qrSvg)}`}
              alt="QR code that adds PharmaCompare to an authenticator app"
              width={192}
              height={192}
              className="rounded-md ring-1 ring-slate-200"
            />
            <div>
              <p>Cannot scan it? Type this setup key into the app instead (time-based, 6 digits):</p>
              <p className="mt-1 break-all font-mono text-base text-slate-900" data-testid="totp-secret">
                {grouped(view.setup.secret)}
              </p>
            </div>
            <TextField
              label="Authentication code"
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={7}
              required
              hint="The 6-digit code the app now shows for PharmaCompare."
              error={fieldError("code")}
            />
            {formNotice}
            <div className="flex flex-wrap gap-3">
              <button type="submit" className={buttonClass.primary} aria-disabled={busy}>
                {busy ? "Turning on..." : "Turn on two-step verification"}
              </button>
              <button type="button" className={buttonClass.secondary} onClick={backToStatus}>
                Cancel
              </button>
            </div>
          </form>
        ) : null}

        {view.kind === "codes" ? (
          <>
            <h3 {...focusTarget} className="font-semibold text-slate-900">
              {view.message}. Save your recovery codes
            </h3>
            <p>
              If you lose your phone, each of these {RECOVERY_CODE_COUNT} codes signs you in once instead of
              an authentication code. Keep them somewhere safe, such as a password manager: they are shown
              only now.
            </p>
            <ol
              aria-label="Recovery codes"
              className="grid grid-cols-1 gap-2 rounded-md bg-slate-50 p-4 font-mono text-base text-slate-900 ring-1 ring-slate-200 sm:grid-cols-2"
            >
              {view.codes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ol>
            <button type="button" className={buttonClass.primary} onClick={backToStatus}>
              I have saved my recovery codes
            </button>
          </>
        ) : null}

        {view.kind === "status" && view.status.enabled ? (
          <>
            <p {...focusTarget} className="font-medium text-slate-900">
              Two-step verification is on
              {view.status.enabledAt ? ` (since ${formatDateTime(view.status.enabledAt)})` : ""}.{" "}
              {view.status.recoveryCodesLeft === 1
                ? "1 recovery code left."
                : `${view.status.recoveryCodesLeft} recovery codes left.`}
            </p>
            <form noValidate onSubmit={manage} className="space-y-4">
              <p>To turn it off or replace your recovery codes, confirm it is you.</p>
              <CurrentPasswordField error={fieldError("currentPassword")} />
              <TextField
                label="Authentication or recovery code"
                name="code"
                autoComplete="one-time-code"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={64}
                required
                error={fieldError("code")}
              />
              {formNotice}
              <div className="flex flex-wrap gap-3">
                <button
                  type="submit"
                  name="intent"
                  value="recovery-codes"
                  className={buttonClass.secondary}
                  aria-disabled={busy}
                >
                  Create new recovery codes
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="disable"
                  className={buttonClass.danger}
                  aria-disabled={busy}
                >
                  Turn off two-step verification
                </button>
              </div>
            </form>
          </>
        ) : null}
      </div>
    </Panel>
  );
}
