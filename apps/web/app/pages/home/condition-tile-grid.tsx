import { Link } from "react-router";
import { ArrowRightIcon } from "../../components/ui/icons.tsx";
import { sitePaths } from "../../lib/site-paths.ts";
import { conditionTiles } from "./condition-tiles.ts";

/** Shortcut tiles to the most-compared conditions (public site §2). */
export function ConditionTileGrid() {
  return (
    <section aria-labelledby="popular-conditions-heading" className="bg-white">
      <div className="page-container pb-14 sm:pb-20">
        <div className="max-w-2xl">
          <h2
            id="popular-conditions-heading"
            className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl"
          >
            Popular conditions
          </h2>
          <p className="mt-3 text-slate-600">Go straight to the treatments people compare most.</p>
        </div>
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-5">
          {conditionTiles.map((tile) => (
            <li key={tile.id} id={`condition-${tile.id}`} className="flex">
              <Link
                to={sitePaths.condition(tile.subcategoryId)}
                // Image beside the text on phones, above it from the small breakpoint up.
                className="group flex w-full overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md sm:flex-col"
              >
                <span
                  className="flex w-28 shrink-0 items-center justify-center sm:h-32 sm:w-auto"
                  style={{ backgroundColor: tile.colour }}
                >
                  <img
                    src={tile.image}
                    alt=""
                    width={160}
                    height={120}
                    loading="lazy"
                    className="h-auto w-24 motion-safe:transition-transform group-hover:scale-105 sm:h-28 sm:w-auto"
                  />
                </span>
                <span className="flex flex-1 flex-col p-4 sm:p-5">
                  <span className="font-semibold text-slate-900">{tile.name}</span>
                  <span className="mt-1.5 text-slate-600 text-sm leading-6">{tile.description}</span>
                  <span className="mt-auto inline-flex items-center gap-1 pt-4 font-semibold text-brand-800 text-sm">
                    Compare prices
                    <ArrowRightIcon className="size-4 motion-safe:transition-transform group-hover:translate-x-0.5" />
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
