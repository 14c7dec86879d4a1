import type { Pharmacy } from "@pharmacompare/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { RATING_SOURCE_NOTE } from "../../components/condition/rating-stars.tsx";
import { ChevronLeftIcon, ChevronRightIcon } from "../../components/ui/icons.tsx";

/** One press of Previous or Next scrolls the strip by this much (public site §2, §9). */
const CAROUSEL_STEP_PX = 200;

/** Soft tints for the monograms; every pairing keeps its dark text above 7:1. */
const monogramTints = [
  "bg-teal-100 text-teal-900",
  "bg-sky-100 text-sky-900",
  "bg-amber-100 text-amber-900",
  "bg-rose-100 text-rose-900",
  "bg-violet-100 text-violet-900",
  "bg-emerald-100 text-emerald-900",
] as const;

function monogram(name: string): string {
  const words = name.split(/\s+/).filter((word) => /^[A-Za-z]/.test(word));
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase())
    .join("");
}

function tintFor(id: string): string {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return monogramTints[hash % monogramTints.length] ?? monogramTints[0];
}

/**
 * Partner pharmacies as a horizontally scrollable strip: touch, trackpad and the keyboard
 * (the region is focusable) scroll it natively; Previous and Next scroll it 200 px at a time.
 */
export function PharmacyCarousel({ pharmacies }: { pharmacies: Pharmacy[] | null }) {
  const scrollerRef = useRef<HTMLElement>(null);
  // Both buttons start disabled: without JavaScript they could not work, and the region still scrolls.
  const [edges, setEdges] = useState({ canPrevious: false, canNext: false });

  const measure = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    const max = scroller.scrollWidth - scroller.clientWidth;
    setEdges({ canPrevious: scroller.scrollLeft > 1, canNext: scroller.scrollLeft < max - 1 });
  }, []);

  useEffect(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    measure();
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    const resize = new ResizeObserver(measure);
    resize.observe(scroller);
    scroller.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      resize.disconnect();
      scroller.removeEventListener("scroll", onScroll);
    };
  }, [measure]);

  const scrollBy = (direction: 1 | -1) => {
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    scrollerRef.current?.scrollBy({
      left: direction * CAROUSEL_STEP_PX,
      behavior: reduceMotion ? "auto" : "smooth",
    });
  };

  const buttonClass =
    "inline-flex size-10 items-center justify-center rounded-full bg-white text-slate-700 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 hover:text-slate-900 disabled:cursor-not-allowed disabled:opacity-40";

  return (
    <div className="border-slate-200 border-y bg-slate-50">
      <div className="page-container py-12 sm:py-16">
        <div className="flex items-center justify-between gap-4">
          <h2 id="partners-heading" className="font-bold text-2xl text-slate-900 tracking-tight sm:text-3xl">
            Partner pharmacies
          </h2>
          {pharmacies && pharmacies.length > 0 ? (
            <div className="flex shrink-0 gap-2">
              <button
                type="button"
                aria-controls="partner-pharmacies"
                disabled={!edges.canPrevious}
                onClick={() => scrollBy(-1)}
                className={buttonClass}
              >
                <ChevronLeftIcon className="size-5" />
                <span className="sr-only">Previous pharmacies</span>
              </button>
              <button
                type="button"
                aria-controls="partner-pharmacies"
                disabled={!edges.canNext}
                onClick={() => scrollBy(1)}
                className={buttonClass}
              >
                <ChevronRightIcon className="size-5" />
                <span className="sr-only">Next pharmacies</span>
              </button>
            </div>
          ) : null}
        </div>
        <p className="mt-2 max-w-2xl text-slate-600">
          The UK online pharmacies whose prices we compare. Scroll or use the arrows to see them all.{" "}
          {RATING_SOURCE_NOTE}
        </p>

        {pharmacies === null ? (
          <p className="mt-8 text-slate-600">The list of pharmacies is unavailable just now.</p>
        ) : pharmacies.length === 0 ? (
          <p className="mt-8 text-slate-600">Pharmacies will appear here soon.</p>
        ) : (
          <section
            ref={scrollerRef}
            id="partner-pharmacies"
            aria-labelledby="partners-heading"
            // Focusable so keyboard users can scroll it with the arrow keys.
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
            tabIndex={0}
            className="relative -mx-1 mt-8 overflow-x-auto overscroll-x-contain rounded-2xl px-1 pt-1 pb-4 [scrollbar-width:thin]"
          >
            <ul className="flex w-max gap-3">
              {pharmacies.map((pharmacy) => (
                <li
                  key={pharmacy.id}
                  className="flex shrink-0 items-center gap-3 rounded-2xl border border-slate-200 bg-white py-3 pr-5 pl-3 shadow-sm"
                >
                  <span
                    aria-hidden="true"
                    className={`flex size-11 shrink-0 items-center justify-center rounded-xl font-bold text-sm ${tintFor(pharmacy.id)}`}
                  >
                    {monogram(pharmacy.name)}
                  </span>
                  <span>
                    <span className="block whitespace-nowrap font-semibold text-slate-900 text-sm">
                      {pharmacy.name}
                    </span>
                    <span className="mt-0.5 block text-slate-600 text-xs">
                      <span aria-hidden="true" className="text-amber-700">
                        ★
                      </span>{" "}
                      <span className="sr-only">Rated </span>
                      {pharmacy.rating.toFixed(1)}
                      <span className="sr-only"> out of 5 by PharmaCompare</span> · {pharmacy.deliveryTime}
                      <span className="sr-only"> delivery</span>
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}
