import type { ReactNode } from "react";
import { Icon } from "../../components/ui/icons.tsx";

/** Decorative line icons for the home page's sections; hidden from assistive technology. */
function Glyph({ children, className = "size-6" }: { children: ReactNode; className?: string }) {
  return (
    <Icon strokeWidth={1.75} className={className}>
      {children}
    </Icon>
  );
}

const categoryGlyphs: Record<string, ReactNode> = {
  "mens-health": (
    <>
      <circle cx="10" cy="14" r="5.5" />
      <path d="M14 10l6-6M15 4h5v5" />
    </>
  ),
  "womens-health": (
    <>
      <circle cx="12" cy="9" r="5.5" />
      <path d="M12 14.5V21M9 18h6" />
    </>
  ),
  "weight-loss": (
    <>
      <rect x="3.5" y="4" width="17" height="16" rx="4" />
      <path d="M8 10a4 4 0 0 1 8 0M12 10l1.5-2" />
    </>
  ),
  "skin-treatment": (
    <>
      <path d="M12 3.5s6 6.2 6 10.5a6 6 0 0 1-12 0c0-4.3 6-10.5 6-10.5Z" />
      <path d="M9.5 14.5a2.5 2.5 0 0 0 2.5 2.5" />
    </>
  ),
  "general-health": (
    <>
      <path d="M12 20s-7.5-4.4-7.5-10A4.3 4.3 0 0 1 12 7.4 4.3 4.3 0 0 1 19.5 10c0 5.6-7.5 10-7.5 10Z" />
      <path d="M7.5 12h2.5l1.2-2 1.8 4 1.2-2h2.3" />
    </>
  ),
};

export function CategoryGlyph({ categoryId, className }: { categoryId: string; className?: string }) {
  return (
    <Glyph className={className}>
      {categoryGlyphs[categoryId] ?? <path d="M10 4h4v6h6v4h-6v6h-4v-6H4v-4h6Z" />}
    </Glyph>
  );
}

export const stepGlyphs = {
  search: (
    <Glyph>
      <circle cx="11" cy="11" r="6.5" />
      <path d="m20 20-4-4" />
    </Glyph>
  ),
  compare: (
    <Glyph>
      <path d="M5 20V10M12 20V4M19 20v-7" />
    </Glyph>
  ),
  choose: (
    <Glyph>
      <path d="M5 12.5 10 17l9-10" />
    </Glyph>
  ),
  buy: (
    <Glyph>
      <path d="M14 4h6v6M20 4l-9 9" />
      <path d="M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
    </Glyph>
  ),
} as const;

export const featureGlyphs = {
  independent: (
    <Glyph>
      <path d="M12 3 5 6v5.5c0 4.4 3 8 7 9.5 4-1.5 7-5.1 7-9.5V6Z" />
      <path d="m9 12 2 2 4-4" />
    </Glyph>
  ),
  registered: (
    <Glyph>
      <rect x="4" y="4" width="16" height="16" rx="3" />
      <path d="M12 8v8M8 12h8" />
    </Glyph>
  ),
  fresh: (
    <Glyph>
      <path d="M20 12a8 8 0 1 1-2.3-5.6M20 4v4h-4" />
      <path d="M12 8v4l2.5 2" />
    </Glyph>
  ),
  private: (
    <Glyph>
      <rect x="5" y="10.5" width="14" height="9.5" rx="2" />
      <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" />
    </Glyph>
  ),
} as const;
