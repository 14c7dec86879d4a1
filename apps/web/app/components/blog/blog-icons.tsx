import type { ReactNode } from "react";
import { Icon } from "../ui/icons.tsx";

/** Decorative line icons for the blog; hidden from assistive technology. */
function Glyph({ children, className = "size-5" }: { children: ReactNode; className?: string }) {
  return (
    <Icon strokeWidth={1.75} className={className}>
      {children}
    </Icon>
  );
}

/** One drawing per blog category; an unknown category gets the open book. */
const categoryGlyphs: Record<string, ReactNode> = {
  "Weight Loss": (
    <>
      <path d="M6.5 4h11a3 3 0 0 1 3 3v10a3 3 0 0 1-3 3h-11a3 3 0 0 1-3-3V7a3 3 0 0 1 3-3Z" />
      <path d="M7.5 11a4.5 4.5 0 0 1 9 0ZM12 11l1.8-2.4" />
    </>
  ),
  "Men's Health": (
    <>
      <circle cx="10" cy="14" r="5.5" />
      <path d="M14 10l6-6M15 4h5v5" />
    </>
  ),
  "Women's Health": (
    <>
      <circle cx="12" cy="9" r="5.5" />
      <path d="M12 14.5V21M9 18h6" />
    </>
  ),
  "Hair Loss": <path d="M5 20c0-8 3-14 7-16M10 20c0-6 2-11 5-13M15 20c0-4 1.5-8 4-10" />,
  "Money Saving": (
    <>
      <path d="M15.5 7.5A4 4 0 0 0 8.5 10v8.5H16M7 13.5h6" />
    </>
  ),
  "General Health": (
    <path d="M12 20s-7.5-4.4-7.5-10A4.2 4.2 0 0 1 12 7.6 4.2 4.2 0 0 1 19.5 10c0 5.6-7.5 10-7.5 10Z" />
  ),
};

const bookGlyph = (
  <path d="M4 5.5A1.5 1.5 0 0 1 5.5 4H11v16H5.5A1.5 1.5 0 0 1 4 18.5ZM20 5.5A1.5 1.5 0 0 0 18.5 4H13v16h5.5a1.5 1.5 0 0 0 1.5-1.5Z" />
);

export function CategoryGlyph({ category, className }: { category: string; className?: string }) {
  return <Glyph className={className}>{categoryGlyphs[category] ?? bookGlyph}</Glyph>;
}

export function ClockIcon({ className }: { className?: string }) {
  return (
    <Glyph className={className}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </Glyph>
  );
}

export function ArrowLeftIcon({ className }: { className?: string }) {
  return (
    <Glyph className={className}>
      <path d="M19 12H5M11 18l-6-6 6-6" />
    </Glyph>
  );
}
