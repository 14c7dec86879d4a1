import { adminEndpoints, DELIVERY_OPTIONS } from "@pharmacompare/contract";
import { useEffect, useRef } from "react";
import { Link, useNavigate, useNavigation } from "react-router";
import { adminMeta, failureText } from "../../components/admin/admin-route.ts";
import { adminScreens } from "../../components/admin/admin-screens.ts";
import { AdminPageError, buttonClass, Notice, PageHeader } from "../../components/admin/admin-ui.tsx";
import {
  CheckboxField,
  CheckboxGroup,
  InputField,
  TextareaField,
} from "../../components/admin/catalogue-controls.tsx";
import { fieldMessage } from "../../components/admin/message-dialog.tsx";
import {
  ConsultationFeeFields,
  FormGroup,
  MoneyField,
  NEW_PHARMACY,
} from "../../components/admin/pharmacy-form-parts.tsx";
import {
  PHARMACY_FIELDS,
  type PharmacyField,
  pharmacyBody,
  pharmacyFieldErrors,
} from "../../components/admin/pharmacy-input.ts";
import { GphcField } from "../../components/admin/pharmacy-registration.tsx";
import { SavingForm } from "../../components/admin/saving-form.tsx";
import { useToast } from "../../components/admin/toast.tsx";
import { adminSession } from "../../lib/admin-session.ts";
import { ApiError } from "../../lib/api-client.ts";
import { deliveryOptionLabels } from "../../lib/delivery-options.ts";
import type { Route } from "./+types/pharmacy-form";

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

  const backLink = (
    <Link
      to={adminScreens.pharmacies.path}
      className="inline-flex items-center gap-1 font-medium text-brand-800 text-sm underline-offset-2 hover:underline"
    >
      <span aria-hidden="true">←</span> Back to pharmacies
    </Link>
  );

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

        <FormGroup title="Basic information" titleId="basic-heading">
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              label="Name"
              name="name"
              required
              autoComplete="off"
              defaultValue={pharmacy.name}
              error={errorFor("name", "Name")}
            />
            <InputField
              label="Website"
              name="website"
              type="url"
              required
              placeholder="https://"
              defaultValue={pharmacy.website}
              error={errorFor("website", "Website")}
            />
            <GphcField
              defaultValue={pharmacy.gphcNumber ?? ""}
              error={errorFor("gphcNumber", "GPhC registration number")}
            />
            <InputField
              label="Rating"
              name="rating"
              type="number"
              inputMode="decimal"
              min={0}
              max={5}
              step={0.1}
              defaultValue={String(pharmacy.rating)}
              hint="0 to 5 in steps of 0.1; 0 shows as N/A."
              error={errorFor("rating", "Rating")}
            />
          </div>
          <TextareaField
            label="Description"
            name="description"
            rows={3}
            defaultValue={pharmacy.description}
            error={errorFor("description", "Description")}
          />
          <InputField
            label="Trustpilot URL"
            name="trustpilotUrl"
            type="url"
            placeholder="https://uk.trustpilot.com/review/…"
            defaultValue={pharmacy.trustpilotUrl}
            hint="Optional."
            error={errorFor("trustpilotUrl", "Trustpilot URL")}
          />
        </FormGroup>

        <FormGroup title="Delivery information" titleId="delivery-heading">
          <CheckboxGroup
            legend="Delivery options"
            name="deliveryOptions"
            options={DELIVERY_OPTIONS.map((option) => ({
              value: option,
              label: deliveryOptionLabels[option],
            }))}
            defaultValues={pharmacy.deliveryOptions}
            error={errorFor("deliveryOptions", "Delivery options")}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <InputField
              label="Delivery time"
              name="deliveryTime"
              placeholder="e.g. 1-2 days"
              defaultValue={pharmacy.deliveryTime}
              error={errorFor("deliveryTime", "Delivery time")}
            />
            <MoneyField
              label="Delivery fee"
              name="deliveryFee"
              value={pharmacy.deliveryFee}
              error={errorFor("deliveryFee", "Delivery fee")}
            />
            <MoneyField
              label="Free-delivery threshold"
              name="freeDeliveryThreshold"
              value={pharmacy.freeDeliveryThreshold}
              hint="Orders from this amount are delivered free; 0 for none."
              error={errorFor("freeDeliveryThreshold", "Free-delivery threshold")}
            />
            <MoneyField
              label="Minimum order value"
              name="minOrderValue"
              value={pharmacy.minOrderValue}
              hint="0 for none."
              error={errorFor("minOrderValue", "Minimum order value")}
            />
            <ConsultationFeeFields pharmacy={pharmacy} errorFor={errorFor} />
          </div>
        </FormGroup>

        <FormGroup title="Settings" titleId="settings-heading">
          <CheckboxField
            label="Prescription required"
            name="prescriptionRequired"
            defaultChecked={pharmacy.prescriptionRequired}
            hint="Visitors are told they need a prescription or an online consultation."
            error={errorFor("prescriptionRequired", "Prescription required")}
          />
          <CheckboxField
            label="Active"
            name="active"
            defaultChecked={pharmacy.active}
            hint="An inactive pharmacy and its prices are hidden from the public site."
            error={errorFor("active", "Active")}
          />
          {/* Decision 044: appended to every link to the pharmacy, which then carries rel="sponsored". */}
          <InputField
            label="Referral parameters"
            name="referralParams"
            autoComplete="off"
            placeholder="utm_source=pharmacompare&ref=…"
            defaultValue={pharmacy.referralParams}
            hint="Only for a pharmacy that pays a commission: query parameters added to every link to it. Leave empty for none."
            error={errorFor("referralParams", "Referral parameters")}
          />
        </FormGroup>

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
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
