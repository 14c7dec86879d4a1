import { halfStars } from "./price-rows.ts";

/**
 * A rating as half stars with the number to one decimal (public site §2, §9). The stars and the
 * number are one image to assistive technology, named "Rated 4.7 out of 5". The stylesheet draws
 * the stars (`.cmp-stars`): one element per rating, filled to its half stars by `cmp-s0`…`cmp-s10`.
 */
export function RatingStars({ rating }: { rating: number }) {
  if (!(rating > 0)) return <span className="text-slate-600 text-sm">Not yet rated</span>;
  return (
    <span role="img" aria-label={`Rated ${rating.toFixed(1)} out of 5`} className="cmp-rating">
      <span className={`cmp-stars cmp-s${halfStars(rating) * 2}`} />
      <span aria-hidden="true">{rating.toFixed(1)}</span>
    </span>
  );
}
