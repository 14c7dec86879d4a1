import { DEFAULT_FEATURED_IMAGE } from "@pharmacompare/contract";
import { safeImageUrl } from "@pharmacompare/safe-markdown/image-url";
import { useEffect, useRef, useState } from "react";
import { CategoryGlyph } from "./blog-icons.tsx";

/** A calm tint per category, so placeholders tell posts apart; text on each meets WCAG AA. */
const tints: Record<string, string> = {
  "Weight Loss": "from-brand-50 to-brand-100 text-brand-900",
  "Men's Health": "from-sky-50 to-sky-100 text-sky-900",
  "Women's Health": "from-rose-50 to-rose-100 text-rose-900",
  "Hair Loss": "from-amber-50 to-amber-100 text-amber-900",
  "Money Saving": "from-emerald-50 to-emerald-100 text-emerald-900",
  "General Health": "from-indigo-50 to-indigo-100 text-indigo-900",
};
const defaultTint = "from-slate-50 to-slate-100 text-slate-800";

interface PostMediaProps {
  image: string | null;
  category: string;
  /** Sizing of the frame, e.g. an aspect ratio; the image or placeholder fills it. */
  className?: string;
  /** Without an image, show the category placeholder (cards) or nothing at all (articles). */
  placeholderWhenMissing?: boolean;
  /** Print the category over a loaded image (cards); off where the page shows it already. */
  categoryOverlay?: boolean;
}

/**
 * A post's featured image. When there is none, or it fails to load, a placeholder naming the
 * category takes its place (public site §8). The image is decorative: the title says it all.
 */
export function PostMedia({
  image,
  category,
  className = "",
  placeholderWhenMissing = true,
  categoryOverlay = true,
}: PostMediaProps) {
  // The generic default image (a post saved without one) is for social previews; on the page the
  // category's own placeholder says more.
  const src = image === DEFAULT_FEATURED_IMAGE ? null : safeImageUrl(image);
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => {
    // An image that failed before hydration never fires onError for React: check it once here.
    const element = ref.current;
    if (element?.complete && element.naturalWidth === 0) setFailed(true);
  }, []);

  if (!src && !placeholderWhenMissing) return null;
  if (!src || failed) {
    return (
      <div
        data-testid="post-placeholder"
        className={`flex flex-col items-center justify-center gap-2 bg-linear-to-br ${tints[category] ?? defaultTint} ${className}`}
      >
        <span className="grid size-12 place-items-center rounded-full bg-white/70 shadow-sm ring-1 ring-black/5">
          <CategoryGlyph category={category} className="size-6" />
        </span>
        <span className="font-semibold text-sm tracking-wide">{category}</span>
      </div>
    );
  }
  return (
    <div className={`relative overflow-hidden bg-slate-100 ${className}`}>
      <img
        ref={ref}
        src={src}
        alt=""
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
        className="absolute inset-0 size-full object-cover"
      />
      {categoryOverlay ? (
        <span className="absolute top-3 left-3 rounded-full bg-white/95 px-2.5 py-1 font-semibold text-slate-900 text-xs shadow-sm">
          {category}
        </span>
      ) : null}
    </div>
  );
}
