import { useRef, useState } from "react";
import { Link } from "react-router";
import { useHydrated } from "../../components/condition/use-hydrated.ts";
import { ArrowRightIcon, ChevronRightIcon } from "../../components/ui/icons.tsx";
import { ModalDialog } from "../../components/ui/modal-dialog.tsx";
import type { NavCategory } from "../../lib/nav-categories.ts";
import { sitePaths } from "../../lib/site-paths.ts";
import { CategoryGlyph } from "./home-icons.tsx";

function conditionCount(count: number): string {
  if (count === 0) return "Conditions coming soon";
  return `${count} ${count === 1 ? "condition" : "conditions"}`;
}

// A compact row on phones, a card from the small breakpoint up.
const cardClass =
  "group flex w-full items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 text-left shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50/60 sm:flex-col sm:items-start sm:gap-0 sm:p-5";

function CategoryCardContent({ category }: { category: NavCategory }) {
  return (
    <>
      <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-800 ring-1 ring-brand-200 group-hover:bg-white">
        <CategoryGlyph categoryId={category.id} />
      </span>
      <span className="min-w-0 flex-1 sm:mt-4">
        <span className="block font-semibold text-lg text-slate-900">{category.name}</span>
        <span className="mt-0.5 block text-slate-600 text-sm sm:mt-1">
          {conditionCount(category.subcategories.length)}
        </span>
      </span>
      <span className="mt-4 hidden items-center gap-1 pt-1 font-semibold text-brand-800 text-sm sm:inline-flex">
        View conditions
        <ArrowRightIcon className="size-4 motion-safe:transition-transform group-hover:translate-x-0.5" />
      </span>
      <ChevronRightIcon className="size-5 shrink-0 text-brand-700 sm:hidden" />
    </>
  );
}

/**
 * "Browse by Category": one card per category; choosing one opens a pop-up with its conditions
 * (public site §2, §4). The condition links are also in the header and footer of the server HTML,
 * so nothing here depends on JavaScript to be found.
 */
export function CategoryBrowser({
  categories,
  unavailable,
}: {
  categories: NavCategory[];
  unavailable: boolean;
}) {
  const [openId, setOpenId] = useState<string | null>(null);
  const openerRef = useRef<HTMLButtonElement | null>(null);
  const openCategory = categories.find((category) => category.id === openId);
  const hydrated = useHydrated();

  return (
    <section id="categories" aria-labelledby="categories-heading" className="bg-white">
      <div className="page-container py-14 sm:py-20">
        <div className="max-w-2xl">
          <h2
            id="categories-heading"
            className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl"
          >
            Browse by Category
          </h2>
          <p className="mt-3 text-slate-600">
            Choose a category, then a condition, to compare prices for the medications used to treat it.
          </p>
        </div>

        {unavailable ? (
          <p
            role="status"
            className="mt-8 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900 text-sm"
          >
            We could not load the categories just now. Please refresh the page in a moment.
          </p>
        ) : categories.length === 0 ? (
          <p className="mt-8 text-slate-600">No categories have been published yet.</p>
        ) : (
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
            {categories.map((category) => (
              <li key={category.id} className="flex">
                {hydrated ? (
                  <button
                    type="button"
                    aria-haspopup="dialog"
                    onClick={(event) => {
                      openerRef.current = event.currentTarget;
                      setOpenId(category.id);
                    }}
                    className={cardClass}
                  >
                    <CategoryCardContent category={category} />
                  </button>
                ) : (
                  // Before hydration or without JavaScript the pop-up cannot open: the card leads to the
                  // same conditions listed in the footer.
                  <a href={`#footer-category-${category.id}`} className={cardClass}>
                    <CategoryCardContent category={category} />
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>

      <ModalDialog
        open={openCategory !== undefined}
        onClose={() => setOpenId(null)}
        title={openCategory?.name ?? ""}
        description="Choose a condition to compare prices."
        returnFocusRef={openerRef}
      >
        {openCategory && openCategory.subcategories.length > 0 ? (
          <ul className="-mx-2 space-y-1">
            {openCategory.subcategories.map((subcategory) => (
              <li key={subcategory.id}>
                <Link
                  to={sitePaths.condition(subcategory.id)}
                  onClick={() => setOpenId(null)}
                  className="group flex items-center justify-between gap-4 rounded-xl px-3 py-3 hover:bg-brand-50"
                >
                  <span>
                    <span className="block font-semibold text-slate-900">{subcategory.name}</span>
                    {subcategory.description ? (
                      <span className="mt-0.5 block text-slate-600 text-sm leading-5">
                        {subcategory.description}
                      </span>
                    ) : null}
                  </span>
                  <ArrowRightIcon className="size-5 shrink-0 text-brand-700 motion-safe:transition-transform group-hover:translate-x-0.5" />
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-600">
            Conditions for {openCategory?.name ?? "this category"} are coming soon.
          </p>
        )}
      </ModalDialog>
    </section>
  );
}
