import { type AdminCategory, adminEndpoints, formatCount } from "@pharmacompare/contract";
import { adminSession } from "../../lib/admin-session.ts";
import { adminMeta, failureText } from "../kit/admin-route.ts";
import { AdminPageError, Notice, PageHeader } from "../kit/admin-ui.tsx";
import { Badge } from "../kit/form/catalogue-controls.tsx";
import { EmptyState } from "../kit/list/empty-state.tsx";
import type { Route } from "./+types/route";

export function meta() {
  return adminMeta("Categories");
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  try {
    const { categories } = await adminSession().api(request).call(adminEndpoints.listAdminCategories);
    return { categories, error: null };
  } catch (error) {
    return { categories: null, error: failureText(error, "Failed to load categories") };
  }
}

const medicationsText = (count: number) =>
  `${formatCount(count)} ${count === 1 ? "medication" : "medications"}`;

/** The category tree, read-only (back-office §2 Categories): each category and its subcategories. */
export default function Categories({ loaderData }: Route.ComponentProps) {
  const { categories, error } = loaderData;
  return (
    <>
      <PageHeader
        title="Categories"
        description="The category tree visitors browse. It is read-only here; new subcategories are added from the medication form."
      />
      {error ? <Notice tone="error">{error}</Notice> : null}
      {categories && categories.length === 0 ? <EmptyState>No categories found.</EmptyState> : null}
      {categories && categories.length > 0 ? (
        <ul className="grid gap-4 lg:grid-cols-2">
          {categories.map((category) => (
            <li key={category.id}>
              <CategoryCard category={category} />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

function CategoryCard({ category }: { category: AdminCategory }) {
  const headingId = `category-${category.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="h-full rounded-lg bg-white shadow-sm ring-1 ring-slate-200"
    >
      <header className="flex flex-wrap items-start justify-between gap-2 border-slate-200 border-b px-4 py-3 sm:px-5">
        <div className="min-w-0">
          <h2 id={headingId} className="font-semibold text-base text-slate-900">
            {category.name}
          </h2>
          <p className="mt-0.5 text-slate-600 text-xs">
            <span className="font-mono">{category.id}</span> · {medicationsText(category.medicationCount)}
          </p>
        </div>
        <Badge tone={category.active ? "green" : "slate"}>{category.active ? "Active" : "Inactive"}</Badge>
      </header>
      {category.subcategories.length > 0 ? (
        <ul aria-label={`Subcategories of ${category.name}`} className="divide-y divide-slate-100">
          {category.subcategories.map((subcategory) => (
            <li key={subcategory.id} className="flex items-start gap-3 px-4 py-2.5 text-sm sm:px-5">
              {/* The dot says whether it is active: by colour and fill, and in words to assistive technology. */}
              <span
                role="img"
                aria-label={subcategory.active ? "Active" : "Inactive"}
                title={subcategory.active ? "Active" : "Inactive"}
                className={`mt-1.5 size-2.5 shrink-0 rounded-full ${
                  subcategory.active ? "bg-emerald-600" : "bg-white ring-2 ring-slate-400 ring-inset"
                }`}
              />
              <span className="min-w-0 flex-1">
                <span className="block text-slate-900">{subcategory.name}</span>
                <span className="block text-slate-600 text-xs">
                  <span className="font-mono">{subcategory.id}</span> ·{" "}
                  {medicationsText(subcategory.medicationCount)}
                </span>
              </span>
              {subcategory.active ? null : (
                <span aria-hidden="true" className="shrink-0 text-slate-600 text-xs">
                  Inactive
                </span>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="px-4 py-3 text-slate-600 text-sm sm:px-5">No subcategories.</p>
      )}
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminPageError error={error} />;
}
