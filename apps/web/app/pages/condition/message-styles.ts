import type { PublicAdminMessage } from "@pharmacompare/contract";

/** How each admin-message category looks and is named; every text pairing meets WCAG AA. */
export const messageStyles: Record<
  PublicAdminMessage["category"],
  { label: string; box: string; badge: string; text: string }
> = {
  warning: {
    label: "Warning",
    box: "border-amber-300 bg-amber-50",
    badge: "bg-amber-200 text-amber-950",
    text: "text-amber-950",
  },
  promo: {
    label: "Offer",
    box: "border-violet-200 bg-violet-50",
    badge: "bg-violet-200 text-violet-950",
    text: "text-violet-950",
  },
  information: {
    label: "Information",
    box: "border-sky-200 bg-sky-50",
    badge: "bg-sky-200 text-sky-950",
    text: "text-sky-950",
  },
  other: {
    label: "Notice",
    box: "border-slate-200 bg-slate-50",
    badge: "bg-slate-200 text-slate-900",
    text: "text-slate-900",
  },
};
