import type { ReactNode } from "react";
import { ButtonLink } from "./button-link.tsx";

interface StatusPageProps {
  /** Shown small above the heading, e.g. "404". */
  eyebrow?: string;
  title: string;
  children: ReactNode;
  /** The way out: defaults to a link to the home page. */
  action?: { to: string; label: string };
}

/** A full-width message page: not found, error, and later the spec's "… Not Found" screens. */
export function StatusPage({
  eyebrow,
  title,
  children,
  action = { to: "/", label: "Back to Home" },
}: StatusPageProps) {
  return (
    <section className="page-container flex flex-col items-center py-20 text-center sm:py-28">
      {eyebrow ? <p className="font-semibold text-brand-700 text-sm tracking-wide">{eyebrow}</p> : null}
      <h1 className="mt-2 font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl">{title}</h1>
      <div className="mt-4 max-w-xl text-base text-slate-600 leading-7">{children}</div>
      <div className="mt-8">
        <ButtonLink to={action.to}>{action.label}</ButtonLink>
      </div>
    </section>
  );
}

/** The one "Page not found" screen, for unknown addresses and anything else that answers 404. */
export function NotFoundPage() {
  return (
    <StatusPage eyebrow="404" title="Page not found">
      <p>Sorry, we could not find that page. It may have moved, or the address may be mistyped.</p>
    </StatusPage>
  );
}
