import { SpriteUse } from "../ui/icon-sprite.tsx";
import { halfStars } from "./price-rows.ts";

/**
 * A rating as half stars with the number to one decimal (public site §2, §9). The stars and the
 * number are one image to assistive technology, named "Rated 4.7 out of 5".
 */
export function RatingStars({ rating }: { rating: number }) {
  if (!(rating > 0)) return <span className="text-slate-600 text-sm">Not yet rated</span>;
  const stars = halfStars(rating);
  return (
    <span
      role="img"
      aria-label={`Rated ${rating.toFixed(1)} out of 5`}
      className="inline-flex items-center gap-1.5"
    >
      <svg viewBox="0 0 100 20" aria-hidden="true" focusable="false" className="h-4 w-20 shrink-0">
        {[0, 1, 2, 3, 4].map((index) => (
          <SpriteUse
            key={index}
            symbol={stars >= index + 1 ? "star-full" : stars >= index + 0.5 ? "star-half" : "star-empty"}
            x={index * 20}
            size={20}
          />
        ))}
      </svg>
      <span aria-hidden="true" className="font-medium text-slate-700 text-sm tabular-nums">
        {rating.toFixed(1)}
      </span>
    </span>
  );
}
