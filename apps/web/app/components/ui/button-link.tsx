import type { ReactNode } from "react";
import { Link } from "react-router";

const variants = {
  primary: "bg-brand-700 text-white shadow-sm hover:bg-brand-800",
  secondary: "bg-white text-slate-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50",
} as const;

/** A link styled as a button: navigation stays a link for screen readers and crawlers. */
export function ButtonLink({
  to,
  variant = "primary",
  children,
}: {
  to: string;
  variant?: keyof typeof variants;
  children: ReactNode;
}) {
  return (
    <Link
      to={to}
      className={`inline-flex items-center justify-center gap-2 rounded-lg px-5 py-3 font-semibold text-sm ${variants[variant]}`}
    >
      {children}
    </Link>
  );
}
