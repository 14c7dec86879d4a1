import { Link } from "react-router";
import type { NavCategory, NavSubcategory } from "../../lib/nav-categories.ts";
import { sitePaths } from "../../lib/site-paths.ts";

/** Home / category / condition. Categories have no page of their own, so the middle is plain text. */
export function Breadcrumb({
  category,
  subcategory,
}: {
  category: NavCategory;
  subcategory: NavSubcategory;
}) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-slate-600 text-sm">
        <li>
          <Link to={sitePaths.home} className="font-medium text-brand-800 underline-offset-4 hover:underline">
            Home
          </Link>
        </li>
        <li aria-hidden="true" className="text-slate-400">
          /
        </li>
        <li>{category.name}</li>
        <li aria-hidden="true" className="text-slate-400">
          /
        </li>
        <li>
          <span aria-current="page" className="font-medium text-slate-900">
            {subcategory.name}
          </span>
        </li>
      </ol>
    </nav>
  );
}

/** The category's conditions as chips; the current one is marked for sight and for screen readers. */
export function ConditionChips({ category, currentId }: { category: NavCategory; currentId: string }) {
  if (category.subcategories.length < 2) return null;
  return (
    <nav aria-label={`${category.name} conditions`}>
      <ul className="flex flex-wrap gap-2">
        {category.subcategories.map((subcategory) => {
          const current = subcategory.id === currentId;
          return (
            <li key={subcategory.id}>
              <Link
                to={sitePaths.condition(subcategory.id)}
                aria-current={current ? "page" : undefined}
                className={
                  current
                    ? "inline-flex rounded-full bg-brand-700 px-4 py-2 font-semibold text-sm text-white shadow-sm"
                    : "inline-flex rounded-full bg-white px-4 py-2 font-medium text-slate-700 text-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 hover:text-slate-900"
                }
              >
                {subcategory.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Every other condition, grouped by category: the way on from an empty or unsuitable page. */
export function OtherConditions({ categories, currentId }: { categories: NavCategory[]; currentId: string }) {
  const groups = categories
    .map((category) => ({
      category,
      subcategories: category.subcategories.filter((subcategory) => subcategory.id !== currentId),
    }))
    .filter((group) => group.subcategories.length > 0);
  if (groups.length === 0) return null;
  return (
    <section id="other-conditions" aria-labelledby="other-conditions-heading">
      <h2 id="other-conditions-heading" className="font-bold text-slate-900 text-xl tracking-tight">
        Other conditions
      </h2>
      <div className="mt-5 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {groups.map(({ category, subcategories }) => (
          <div key={category.id}>
            <h3 className="font-semibold text-slate-900 text-sm">{category.name}</h3>
            <ul className="mt-2 space-y-1">
              {subcategories.map((subcategory) => (
                <li key={subcategory.id}>
                  <Link to={sitePaths.condition(subcategory.id)} className="other-condition-link">
                    {subcategory.name}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </section>
  );
}
