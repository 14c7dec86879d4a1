/**
 * Icons a comparison repeats dozens of times (the default pharmacy logo, the GPhC shield, the
 * new-tab arrow), drawn once per page as symbols and referenced with `<use>`: a condition page
 * carried 60 KB of identical inline SVG before (docs/log/performance-runs.md, "Findings from the
 * first measurement"). Rating stars are drawn by the stylesheet (`.cmp-stars`).
 */
export type SpriteSymbol = "pharmacy" | "shield" | "external";

const symbolId = (symbol: SpriteSymbol) => `pc-${symbol}`;

/** The symbols, once per page (root layout). Sized to nothing rather than display:none, which would hide them. */
export function IconSprite() {
  return (
    <svg aria-hidden="true" focusable="false" width="0" height="0" className="absolute overflow-hidden">
      <defs>
        <symbol id={symbolId("pharmacy")} viewBox="0 0 40 40">
          <rect width="40" height="40" rx="10" fill="var(--color-slate-100)" />
          <path
            d="M10 17v13h20V17M8 17l3-7h18l3 7z"
            fill="none"
            stroke="var(--color-slate-500)"
            strokeWidth="2"
            strokeLinejoin="round"
          />
          <path d="M18.5 19.5h3v2.5h2.5v3h-2.5v2.5h-3V25H16v-3h2.5z" fill="var(--color-brand-700)" />
        </symbol>
        <symbol id={symbolId("shield")} viewBox="0 0 16 16">
          <path d="M8 1.5 2.5 3.5v4c0 3.2 2.3 5.9 5.5 7 3.2-1.1 5.5-3.8 5.5-7v-4z" fill="currentColor" />
          <path d="m5.5 8 1.8 1.8L10.8 6" fill="none" stroke="white" strokeWidth="1.6" />
        </symbol>
        <symbol id={symbolId("external")} viewBox="0 0 24 24">
          <path
            d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </symbol>
      </defs>
    </svg>
  );
}

/** A reference to a symbol, sized in the surrounding SVG's units (all of its viewport when not). */
function SpriteUse({ symbol, width, height }: { symbol: SpriteSymbol; width?: number; height?: number }) {
  return <use href={`#${symbolId(symbol)}`} width={width} height={height} />;
}

/** A decorative icon drawn from the sprite. */
export function SpriteIcon({
  symbol,
  className,
  ...data
}: {
  symbol: SpriteSymbol;
  /** Left out where the stylesheet sizes the icon from its parent (the comparison's rows). */
  className?: string;
} & Record<`data-${string}`, string>) {
  return (
    <svg aria-hidden="true" focusable="false" className={className} {...data}>
      <SpriteUse symbol={symbol} />
    </svg>
  );
}
