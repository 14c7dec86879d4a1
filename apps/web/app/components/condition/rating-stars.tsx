import { halfStars } from "./price-rows.ts";

/**
 * Where the ratings shown come from: staff set each pharmacy's in the back-office, and none is a
 * customer review. A rating says who gave it (DMCC Act 2024 on reviews; docs/compliance.md), so
 * every place that shows ratings says this once, and each rating's name says it too.
 */
export const RATING_SOURCE_NOTE = "Ratings are set by PharmaCompare, not taken from customer reviews.";
/** The same, beside the one rating of a pharmacy's page. */
export const ONE_RATING_SOURCE_NOTE = "Rating set by PharmaCompare, not taken from customer reviews.";

/**
 * A rating as half stars with the number to one decimal (public site §2, §9). The stars and the
 * number are one image to assistive technology, named "Rated 4.7 out of 5 by PharmaCompare". The stylesheet draws
 * the stars (`.cmp-stars`): one element per rating, filled to its half stars by `cmp-s0`…`cmp-s10`.
 */
export function RatingStars({ rating }: { rating: number }) {
  if (!(rating > 0)) return <span className="text-slate-600 text-sm">Not yet rated</span>;
  return (
    <span
      role="img"
      aria-label={`Rated ${rating.toFixed(1)} out of 5 by PharmaCompare`}
      className="cmp-rating"
    >
      <span className={`cmp-stars cmp-s${halfStars(rating) * 2}`} />
      <span aria-hidden="true">{rating.toFixed(1)}</span>
    </span>
  );
}
