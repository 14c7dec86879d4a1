import { useId } from "react";
import { halfStars } from "./price-rows.ts";

const STAR_PATH = "M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9z";

/**
 * A rating as half stars with the number to one decimal (public site §2, §9). The stars and the
 * number are one image to assistive technology, named "Rated 4.7 out of 5".
 */
export function RatingStars({ rating }: { rating: number }) {
  const gradientId = useId();
  if (!(rating > 0)) return <span className="text-slate-600 text-sm">Not yet rated</span>;
  const stars = halfStars(rating);
  return (
    <span
      role="img"
      aria-label={`Rated ${rating.toFixed(1)} out of 5`}
      className="inline-flex items-center gap-1.5"
    >
      <svg viewBox="0 0 100 20" aria-hidden="true" focusable="false" className="h-4 w-20 shrink-0">
        <defs>
          <linearGradient id={gradientId}>
            <stop offset="50%" stopColor="var(--color-amber-500)" />
            <stop offset="50%" stopColor="var(--color-slate-300)" />
          </linearGradient>
        </defs>
        {[0, 1, 2, 3, 4].map((index) => {
          const fill =
            stars >= index + 1
              ? "var(--color-amber-500)"
              : stars >= index + 0.5
                ? `url(#${gradientId})`
                : "var(--color-slate-300)";
          return <path key={index} d={STAR_PATH} transform={`translate(${index * 20} 0)`} fill={fill} />;
        })}
      </svg>
      <span aria-hidden="true" className="font-medium text-slate-700 text-sm tabular-nums">
        {rating.toFixed(1)}
      </span>
    </span>
  );
}
