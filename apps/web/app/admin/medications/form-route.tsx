import { adminEndpoints, type CoursePlan, catalogueMessages } from "@pharmacompare/contract";
import { Link, type ShouldRevalidateFunctionArgs } from "react-router";
import { adminSession } from "../../lib/admin-session.ts";
import { ApiError } from "../../lib/api-client.ts";
import { adminMeta, failureText } from "../kit/admin-route.ts";
import { AdminPageError, buttonClass, Notice, PageHeader } from "../kit/admin-ui.tsx";
import type { Route } from "./+types/form-route";
import { CoursePlansEditor } from "./course-plans-editor.tsx";
import type { ActionResult, FormRequest } from "./form-request.ts";
import { BackLink, type FormLoad, LIST_PATH, MedicationEditor, TEXT } from "./medication-editor.tsx";
import type { GridPharmacy } from "./price-grid.tsx";

/**
 * The Medication form (back-office §2): one module for /admin/medications/new and
 * /admin/medications/edit/{id}. Details, the dosages list and the pharmacy price grid are saved
 * in one call; the API writes the grid through its price-write path in the same transaction.
 */

export function meta({ params }: Route.MetaArgs) {
  return adminMeta(params.id ? "Edit Medication" : "Add Medication");
}

const gridRow = ({ id, name, active }: GridPharmacy): GridPharmacy => ({ id, name, active });

/** The form's data, and on the edit form the medication's course plans (decision 042). */
type FormWithPlans = FormLoad & { coursePlans?: CoursePlan[] };

export async function clientLoader({ request, params }: Route.ClientLoaderArgs): Promise<FormWithPlans> {
  const api = adminSession().api(request);
  const id = params.id;
  // The edit form reads the medication with its prices and every pharmacy in one call; the add
  // form reads the pharmacies from their list (back-office §7).
  const [main, categories, plans] = await Promise.allSettled([
    id
      ? api.call(adminEndpoints.getAdminMedication, { params: { id } })
      : api
          .call(adminEndpoints.listAdminPharmacies)
          .then(({ pharmacies }) => ({ medication: null, prices: [], pharmacies })),
    api.call(adminEndpoints.listAdminCategories),
    id ? api.call(adminEndpoints.getCoursePlans, { params: { id } }) : Promise.resolve({ plans: [] }),
  ]);
  if (main.status === "rejected") {
    return { error: failureText(main.reason, id ? TEXT.loadFailed : TEXT.dataFailed) };
  }
  if (categories.status === "rejected") return { error: failureText(categories.reason, TEXT.dataFailed) };
  return {
    error: null,
    medication: main.value.medication,
    prices: main.value.prices,
    pharmacies: main.value.pharmacies.map(gridRow),
    categories: categories.value.categories,
    // The plans section waits for its own read: a failure there leaves the rest of the form usable.
    ...(plans.status === "fulfilled" ? { coursePlans: plans.value.plans } : {}),
  };
}

/**
 * The form keeps what was typed: its own actions (a save, a new subcategory) do not reload it.
 * The answer of a new subcategory carries the category as it now is.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod.toUpperCase() !== "GET") return false;
  return defaultShouldRevalidate;
}

export async function clientAction({ request, params }: Route.ClientActionArgs): Promise<ActionResult> {
  const input = (await request.json()) as FormRequest;
  const api = adminSession().api(request);

  if (input.intent === "subcategory") {
    // Back-office §5; the API says the same of a blank name.
    if (!input.name.trim()) {
      return { intent: "subcategory", ok: false, error: catalogueMessages.subcategoryNameRequired };
    }
    try {
      const created = await api.call(adminEndpoints.createSubcategory, {
        params: { id: input.categoryId },
        body: { name: input.name },
      });
      return { intent: "subcategory", ok: true, ...created };
    } catch (error) {
      return { intent: "subcategory", ok: false, error: failureText(error, TEXT.subcategoryFailed) };
    }
  }

  const id = params.id;
  try {
    if (id) {
      await api.call(adminEndpoints.updateMedication, { params: { id }, body: input.body });
      return { intent: "save", ok: true, text: TEXT.updated };
    }
    await api.call(adminEndpoints.createMedication, { body: input.body });
    return { intent: "save", ok: true, text: TEXT.created };
  } catch (error) {
    return {
      intent: "save",
      ok: false,
      // Back-office §8: the server's error, else ours.
      error: failureText(error, id ? TEXT.updateFailed : TEXT.createFailed),
      fields: error instanceof ApiError ? error.fields : {},
    };
  }
}

export default function MedicationFormPage({ loaderData, params }: Route.ComponentProps) {
  const title = params.id ? "Edit Medication" : "Add Medication";
  if (loaderData.error !== null) {
    return (
      <>
        <BackLink />
        <PageHeader title={title} />
        <div className="space-y-4">
          <Notice tone="error">{loaderData.error}</Notice>
          <Link to={LIST_PATH} className={buttonClass.secondary}>
            Back to the medication list
          </Link>
        </div>
      </>
    );
  }
  // A fresh form for each medication (the two routes share this module).
  const medication = loaderData.medication;
  return (
    <>
      <MedicationEditor key={medication?.id ?? "new"} title={title} data={loaderData} />
      {medication && loaderData.coursePlans ? (
        <CoursePlansEditor
          key={`plans-${medication.id}`}
          medicationId={medication.id}
          dosages={medication.dosage}
          plans={loaderData.coursePlans}
        />
      ) : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
