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
    <span role="img" aria-label={`Rated ${rating.toFixed(1)} out of 5`} className="cmp-rating">
      {/* The empty row, then the full row inside an inner viewport as wide as the stars earned. */}
      <svg viewBox="0 0 100 20" aria-hidden="true" focusable="false">
        <SpriteUse symbol="stars-empty" />
        <svg width={stars * 20} viewBox={`0 0 ${stars * 20} 20`} aria-hidden="true">
          <SpriteUse symbol="stars-full" width={100} height={20} />
        </svg>
      </svg>
      <span aria-hidden="true">{rating.toFixed(1)}</span>
    </span>
  );
}
