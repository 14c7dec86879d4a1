import {
  adminAuthPaths,
  type ChangePasswordRequest,
  DEFAULT_ADMIN_EMAIL,
  MessageResponse,
  PASSWORD_MIN_LENGTH,
  passwordChangeMessages,
  passwordChangeProblem,
} from "@pharmacompare/contract";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { adminMeta, failureText } from "../../components/admin/admin-route.ts";
import { useAdminUser } from "../../components/admin/admin-shell.tsx";
import {
  AdminPageError,
  buttonClass,
  Notice,
  PageHeader,
  Panel,
  TextField,
} from "../../components/admin/admin-ui.tsx";
import { humanise } from "../../components/admin/audit-format.ts";
import { adminSession } from "../../lib/admin-session.ts";
import type { Route } from "./+types/profile";

type PasswordField = keyof ChangePasswordRequest;

type ChangeResult = { ok: true; message: string } | { ok: false; error: string; field?: PasswordField };

export function meta() {
  return adminMeta("Profile Settings");
}

// Which field each refusal is about, so the message is tied to it.
const fieldOf: Record<string, PasswordField> = {
  [passwordChangeMessages.currentRequired]: "currentPassword",
  [passwordChangeMessages.currentIncorrect]: "currentPassword",
  [passwordChangeMessages.tooShort]: "newPassword",
  [passwordChangeMessages.mismatch]: "confirmPassword",
};

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
  if (problem) return { ok: false, error: problem, field: fieldOf[problem] };
  try {
    const { message } = await adminSession()
      .api(request)
      .post(adminAuthPaths.changePassword, MessageResponse, input);
    return { ok: true, message };
  } catch (error) {
    const text = failureText(error, "Failed to change password");
    return { ok: false, error: text, field: fieldOf[text] };
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
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  const formRef = useRef<HTMLFormElement>(null);
  const [currentPassword, setCurrentPassword] = useState("");
  const noticeRef = useRef<HTMLParagraphElement>(null);

  // A successful change empties the form; a refusal puts focus on the field it is about. Each
  // answer is a new object, so a repeated answer acts again.
  useEffect(() => {
    if (!actionData) return;
    if (actionData.ok) {
      formRef.current?.reset();
      setCurrentPassword("");
    } else if (actionData.field) {
      const input = formRef.current?.elements.namedItem(actionData.field);
      if (input instanceof HTMLInputElement) input.focus();
    }
  }, [actionData]);

  // An answer not about one field takes focus to its notice, so it is read out and scrolled into view.
  useEffect(() => {
    if (actionData && !(actionData.ok === false && actionData.field) && !saving) noticeRef.current?.focus();
  }, [actionData, saving]);

  const failure = actionData && !actionData.ok ? actionData : undefined;
  const errorFor = (field: PasswordField) =>
    failure?.field === field && !saving ? failure.error : undefined;
  const showNotice = user.email.toLowerCase() === DEFAULT_ADMIN_EMAIL && currentPassword === "";

  return (
    <>
      <PageHeader title="Profile Settings" description="Your account and password." />

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
            <Form
              ref={formRef}
              method="post"
              noValidate
              onSubmit={(event) => {
                if (saving) event.preventDefault();
              }}
              className="space-y-4 px-4 py-4 sm:px-5 sm:py-5"
            >
              {showNotice ? (
                <div className="rounded-md bg-amber-50 px-4 py-3 text-amber-950 text-sm ring-1 ring-amber-300">
                  <p className="font-semibold">Important Security Notice</p>
                  <p className="mt-1">
                    You are signed in with the default administrator account ({DEFAULT_ADMIN_EMAIL}). If its
                    password is still the one it was installed with, change it now.
                  </p>
                </div>
              ) : null}
              <TextField
                label="Current password"
                name="currentPassword"
                type="password"
                autoComplete="current-password"
                required
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
              {failure && !failure.field && !saving ? (
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
            </Form>
          </Panel>
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
