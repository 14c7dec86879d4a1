import { adminEndpoints } from "@pharmacompare/contract";
import { useEffect, useRef } from "react";
import { Link, useNavigate, useNavigation } from "react-router";
import { adminSession } from "../../lib/admin-session.ts";
import { ApiError } from "../../lib/api-client.ts";
import { adminMeta, failureText } from "../kit/admin-route.ts";
import { adminScreens } from "../kit/admin-screens.ts";
import { AdminPageError, buttonClass, Notice, PageHeader } from "../kit/admin-ui.tsx";
import { fieldMessage } from "../kit/form/field-messages.ts";
import { SavingForm } from "../kit/form/saving-form.tsx";
import { useToast } from "../kit/toast/toast.tsx";
import type { Route } from "./+types/form-route";
import { FeedSettings } from "./feed-settings.tsx";
import { BackToPharmacies, NEW_PHARMACY, PharmacyFieldGroups } from "./pharmacy-form-parts.tsx";
import { PHARMACY_FIELDS, type PharmacyField, pharmacyBody, pharmacyFieldErrors } from "./pharmacy-input.ts";

/** Back-office §8's texts for this form. */
const TEXT = {
  loadFailed: "Failed to load pharmacy data",
  saveFailed: "Failed to save pharmacy",
  created: "Pharmacy created successfully!",
  updated: "Pharmacy updated successfully!",
} as const;

type SaveResult =
  | { ok: true; text: string }
  | { ok: false; error: string; fields: Partial<Record<PharmacyField, string>> };

/** The pharmacy being edited, from the address (`/admin/pharmacies/edit/:id`); none on the new form. */
function editedId(params: Route.ClientLoaderArgs["params"]): string | undefined {
  return "id" in params ? params.id : undefined;
}

export function meta({ params }: Route.MetaArgs) {
  return adminMeta("id" in params ? "Edit Pharmacy" : "Add Pharmacy");
}

export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  const id = editedId(params);
  if (!id) return { id: null, pharmacy: NEW_PHARMACY, loadError: null };
  try {
    const { pharmacy } = await adminSession()
      .api(request)
      .call(adminEndpoints.getAdminPharmacy, { params: { id } });
    return { id, pharmacy, loadError: null };
  } catch (error) {
    // The form's load failure, with the API's reason.
    const reason = failureText(error, "");
    return { id, pharmacy: null, loadError: reason };
  }
}

export async function clientAction({ request, params }: Route.ClientActionArgs): Promise<SaveResult> {
  const body = pharmacyBody(await request.formData());
  const id = editedId(params);
  const api = adminSession().api(request);
  try {
    if (id) await api.call(adminEndpoints.updatePharmacy, { params: { id }, body });
    else await api.call(adminEndpoints.createPharmacy, { body });
    return { ok: true, text: id ? TEXT.updated : TEXT.created };
  } catch (error) {
    return {
      ok: false,
      error: failureText(error, TEXT.saveFailed),
      fields: error instanceof ApiError ? pharmacyFieldErrors(error.fields) : {},
    };
  }
}

export default function PharmacyForm({ loaderData, actionData }: Route.ComponentProps) {
  const { id, pharmacy, loadError } = loaderData;
  const navigation = useNavigation();
  const navigate = useNavigate();
  const toast = useToast();
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const title = id ? "Edit Pharmacy" : "Add Pharmacy";

  const failure = actionData && !actionData.ok && !saving ? actionData : undefined;
  const faultyField = failure ? PHARMACY_FIELDS.find((field) => failure.fields[field]) : undefined;

  // Saved: a toast, and back to the list at once. Refused: once the page has reloaded and shows the
  // refusal, focus on the first field at fault, else the notice. Each answer is acted on once.
  const handled = useRef<SaveResult | undefined>(undefined);
  useEffect(() => {
    if (!actionData || actionData === handled.current) return;
    if (actionData.ok) {
      handled.current = actionData;
      toast.show(actionData.text);
      void navigate(adminScreens.pharmacies.path);
      return;
    }
    if (saving) return;
    handled.current = actionData;
    const control = faultyField ? formRef.current?.querySelector(`[name="${faultyField}"]`) : null;
    if (control instanceof HTMLElement) control.focus();
    else noticeRef.current?.focus();
  }, [actionData, saving, faultyField, toast, navigate]);

  const backLink = <BackToPharmacies />;

  if (!pharmacy) {
    return (
      <>
        <div className="mb-4">{backLink}</div>
        <PageHeader title={title} />
        <Notice tone="error">{TEXT.loadFailed}</Notice>
        {loadError ? <p className="mt-2 text-slate-700 text-sm">{loadError}</p> : null}
      </>
    );
  }

  const errorFor = (field: PharmacyField, label: string) => fieldMessage(label, failure?.fields[field]);

  return (
    <>
      <div className="mb-4">{backLink}</div>
      <PageHeader
        title={title}
        description={
          id ? (
            <>
              Changes show on the public site at once. Id: <span className="font-mono">{id}</span>
            </>
          ) : (
            "Fields marked * are required. The pharmacy's id is made from its name."
          )
        }
      />

      <SavingForm formRef={formRef} saving={saving} className="space-y-6">
        {failure ? (
          <Notice tone="error" noticeRef={noticeRef}>
            {failure.error}
          </Notice>
        ) : null}

        <PharmacyFieldGroups pharmacy={pharmacy} errorFor={errorFor} />

        <div className="flex flex-wrap justify-end gap-2">
          <Link to={adminScreens.pharmacies.path} className={buttonClass.secondary}>
            Cancel
          </Link>
          {/* Focusable while saving (aria-disabled); the form refuses a second submission itself. */}
          <button type="submit" className={buttonClass.primary} aria-disabled={saving}>
            {saving ? "Saving..." : id ? "Save Changes" : "Create Pharmacy"}
          </button>
        </div>
      </SavingForm>
      {id ? <FeedSettings pharmacyId={id} /> : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
