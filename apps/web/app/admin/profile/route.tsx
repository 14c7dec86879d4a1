import {
  adminEndpoints,
  type ChangePasswordRequest,
  DEFAULT_ADMIN_EMAIL,
  PASSWORD_CHANGE_REQUIRED_MESSAGE,
  PASSWORD_MIN_LENGTH,
  passwordChangeMessages,
  passwordChangeProblem,
} from "@pharmacompare/contract";
import { useEffect, useRef, useState } from "react";
import { useNavigation } from "react-router";
import { adminSession } from "../../lib/admin-session.ts";
import { ApiError } from "../../lib/api-client.ts";
import { adminMeta, failureText } from "../kit/admin-route.ts";
import { useAdminUser, useSecondFactorRequirement } from "../kit/admin-shell.tsx";
import {
  AdminPageError,
  buttonClass,
  CurrentPasswordField,
  Notice,
  PageHeader,
  Panel,
  TextField,
} from "../kit/admin-ui.tsx";
import { humanise } from "../kit/audit-format.ts";
import { SavingForm } from "../kit/form/saving-form.tsx";
import type { Route } from "./+types/route";
import { SessionsSection } from "./sessions-section.tsx";
import { TwoStepSection } from "./two-step-section.tsx";

type PasswordField = keyof ChangePasswordRequest;
/** The form's fields in the order they appear (focus goes to the first one at fault). */
const PASSWORD_FIELDS: readonly PasswordField[] = ["currentPassword", "newPassword", "confirmPassword"];

/**
 * A refusal: `fields` holds the messages shown beside fields of this form; `error` is shown as a
 * notice when none of them applies.
 */
type ChangeResult =
  | { ok: true; message: string }
  | { ok: false; error: string; fields: Partial<Record<PasswordField, string>> };

export function meta() {
  return adminMeta("Profile Settings");
}

/** The field each rule checked here before sending is about (the API names its own in `fields`). */
const localRuleField: Record<string, PasswordField> = {
  [passwordChangeMessages.currentRequired]: "currentPassword",
  [passwordChangeMessages.tooShort]: "newPassword",
  [passwordChangeMessages.mismatch]: "confirmPassword",
};

/** The API's per-field messages that belong to this form's fields. */
function formFields(error: unknown): Partial<Record<PasswordField, string>> {
  if (!(error instanceof ApiError)) return {};
  return Object.fromEntries(
    PASSWORD_FIELDS.filter((field) => error.fields[field]).map((field) => [field, error.fields[field]]),
  );
}

/**
 * Checks the back-office §5 rules before sending, then lets the API decide. The API signs out the
 * admin's other sessions only, so this one stays signed in.
 */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<ChangeResult> {
  const form = await request.formData();
  const input: ChangePasswordRequest = {
    currentPassword: String(form.get("currentPassword") ?? ""),
    newPassword: String(form.get("newPassword") ?? ""),
    confirmPassword: String(form.get("confirmPassword") ?? ""),
  };
  const problem = passwordChangeProblem(input);
  if (problem) {
    const field = localRuleField[problem];
    return { ok: false, error: problem, fields: field ? { [field]: problem } : {} };
  }
  try {
    const session = adminSession();
    const { message } = await session.api(request).call(adminEndpoints.changePassword, { body: input });
    // A generated password is gone: the rest of the back-office opens (the layout reloads after this).
    session.passwordChanged();
    return { ok: true, message };
  } catch (error) {
    // The refusal is shown by field, else as a notice.
    return { ok: false, error: failureText(error, "Failed to change password"), fields: formFields(error) };
  }
}

const securityTips = [
  `Use at least ${PASSWORD_MIN_LENGTH} characters; a passphrase of several unrelated words is longer and easier to remember.`,
  "Never reuse a password from another site or account.",
  "Keep it in a password manager rather than in a note or an email.",
  "Changing your password signs you out on every other device and browser.",
  "Sign out when you finish on a shared or public computer.",
];

export default function Profile({ actionData }: Route.ComponentProps) {
  const user = useAdminUser();
  const secondFactorRequired = useSecondFactorRequirement();
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  const formRef = useRef<HTMLFormElement>(null);
  const [currentPassword, setCurrentPassword] = useState("");
  const noticeRef = useRef<HTMLParagraphElement>(null);

  const failure = actionData && !actionData.ok ? actionData : undefined;
  // The first field at fault, in form order; none when the refusal is not about a field here.
  const faultyField = failure ? PASSWORD_FIELDS.find((field) => failure.fields[field]) : undefined;

  // A successful change empties the form; a refusal puts focus on the first field it is about.
  // Each answer is a new object, so a repeated answer acts again.
  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) {
      formRef.current?.reset();
      setCurrentPassword("");
    } else if (faultyField) {
      const input = formRef.current?.elements.namedItem(faultyField);
      if (input instanceof HTMLInputElement) input.focus();
    }
  }, [actionData, faultyField]);

  // An answer not about a field takes focus to its notice, so it is read out and scrolled into view.
  useEffect(() => {
    if (actionData && !faultyField && !saving) noticeRef.current?.focus();
  }, [actionData, faultyField, saving]);

  const errorFor = (field: PasswordField) => (saving ? undefined : failure?.fields[field]);
  // Back-office §2's notice, while the field is empty, but not once this session changed the
  // password: it would ask to "change it now" right after the change (issue 41, decision 011).
  const changedHere = actionData?.ok === true || adminSession().changedPasswordHere();
  const showNotice =
    user.email.toLowerCase() === DEFAULT_ADMIN_EMAIL && currentPassword === "" && !changedHere;

  return (
    <>
      <PageHeader title="Profile Settings" description="Your account and password." />

      {user.mustChangePassword ? (
        <div
          role="alert"
          className="mb-6 rounded-md bg-amber-50 px-4 py-3 text-amber-950 text-sm ring-1 ring-amber-300"
        >
          <p className="font-semibold">{PASSWORD_CHANGE_REQUIRED_MESSAGE}</p>
          <p className="mt-1">
            Your password was generated for you or set when the site was installed, so others may have seen
            it. Choose your own below to use the rest of the back-office.
          </p>
        </div>
      ) : secondFactorRequired ? (
        <div
          role="alert"
          className="mb-6 rounded-md bg-amber-50 px-4 py-3 text-amber-950 text-sm ring-1 ring-amber-300"
        >
          <p className="font-semibold">{secondFactorRequired}</p>
          <p className="mt-1">
            <a href="#two-step-heading" className="font-medium underline underline-offset-2">
              Set up two-step verification
            </a>{" "}
            below to use the rest of the back-office.
          </p>
        </div>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Panel title="Account" titleId="account-heading">
            <dl className="grid gap-4 px-4 py-4 text-sm sm:grid-cols-[1fr_2fr_1fr] sm:px-5">
              <div>
                <dt className="text-slate-600">Name</dt>
                <dd className="mt-0.5 font-medium text-slate-900">{user.name}</dd>
              </div>
              <div className="min-w-0">
                <dt className="text-slate-600">Email</dt>
                <dd className="mt-0.5 break-words font-medium text-slate-900">{user.email}</dd>
              </div>
              <div>
                <dt className="text-slate-600">Role</dt>
                <dd className="mt-0.5 font-medium text-slate-900">{humanise(user.role)}</dd>
              </div>
            </dl>
          </Panel>

          <Panel title="Change Password" titleId="change-password-heading">
            <SavingForm formRef={formRef} saving={saving} className="space-y-4 px-4 py-4 sm:px-5 sm:py-5">
              {showNotice ? (
                <div className="rounded-md bg-amber-50 px-4 py-3 text-amber-950 text-sm ring-1 ring-amber-300">
                  <p className="font-semibold">Important Security Notice</p>
                  <p className="mt-1">
                    You are signed in with the default administrator account ({DEFAULT_ADMIN_EMAIL}). If its
                    password is still the one it was installed with, change it now.
                  </p>
                </div>
              ) : null}
              <CurrentPasswordField
                value={currentPassword}
                onChange={(event) => setCurrentPassword(event.target.value)}
                error={errorFor("currentPassword")}
              />
              <TextField
                label="New password"
                name="newPassword"
                type="password"
                autoComplete="new-password"
                required
                hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
                error={errorFor("newPassword")}
              />
              <TextField
                label="Confirm new password"
                name="confirmPassword"
                type="password"
                autoComplete="new-password"
                required
                error={errorFor("confirmPassword")}
              />
              {failure && !faultyField && !saving ? (
                <Notice tone="error" noticeRef={noticeRef}>
                  {failure.error}
                </Notice>
              ) : null}
              {actionData?.ok && !saving ? (
                <Notice tone="success" noticeRef={noticeRef}>
                  {actionData.message}
                </Notice>
              ) : null}
              {/* Focusable while saving (aria-disabled); the form refuses a second submission itself. */}
              <button type="submit" className={buttonClass.primary} aria-disabled={saving}>
                {saving ? "Changing password..." : "Change Password"}
              </button>
            </SavingForm>
          </Panel>

          {/* Two-step verification waits until the account has a password of its own. */}
          {user.mustChangePassword ? null : <TwoStepSection />}
          <SessionsSection />
        </div>

        <Panel title="Security tips" titleId="security-tips-heading" className="self-start">
          <ul className="list-disc space-y-2 py-4 pr-4 pl-8 text-slate-700 text-sm sm:pr-5 sm:pl-9">
            {securityTips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </Panel>
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
