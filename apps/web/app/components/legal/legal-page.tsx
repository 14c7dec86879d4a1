import type { ReactNode } from "react";
import { BackToHome } from "../ui/back-to-home.tsx";
import { Breadcrumb } from "../ui/breadcrumb.tsx";
import { ProseBlocks, Rich } from "../ui/prose-blocks.tsx";
import type { LegalDocument } from "./legal-document.ts";

/**
 * A legal page: breadcrumb, heading, optional "Last updated" line, lead notices, a contents list,
 * the numbered sections ("1. Introduction", each an anchor of the contents list), Back to Home.
 */
export function LegalPage({
  document,
  lastUpdated,
  slots,
  eyebrow = "Legal",
}: {
  document: LegalDocument;
  lastUpdated?: string;
  slots?: Record<string, ReactNode>;
  /** The small line above the heading. */
  eyebrow?: string;
}) {
  return (
    <article className="page-container max-w-4xl py-8 sm:py-12">
      <Breadcrumb trail={[{ label: "Home", to: "/" }, { label: document.title }]} />
      <header className="mt-6 border-slate-200 border-b pb-8">
        <p className="font-semibold text-brand-700 text-sm tracking-wide">{eyebrow}</p>
        <h1 className="mt-1 font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl">
          {document.title}
        </h1>
        {lastUpdated ? <p className="mt-3 text-slate-600 text-sm">Last updated: {lastUpdated}</p> : null}
        <div className="mt-5 max-w-3xl space-y-3 text-lg text-slate-700 leading-8">
          {document.intro.map((text) => (
            <p key={typeof text === "string" ? text : JSON.stringify(text)}>
              <Rich text={text} />
            </p>
          ))}
        </div>
      </header>

      {document.lead ? (
        <div className="mt-8">
          <ProseBlocks blocks={document.lead} noticeHeadingLevel={2} />
        </div>
      ) : null}

      <nav
        aria-labelledby="contents-heading"
        className="mt-8 rounded-2xl bg-slate-50 p-5 ring-1 ring-slate-200 sm:p-6"
      >
        <h2 id="contents-heading" className="font-semibold text-slate-900">
          Contents
        </h2>
        <ol className="mt-3 grid gap-x-8 gap-y-2 text-sm sm:grid-cols-2">
          {document.sections.map((section, position) => (
            <li key={section.id} className="flex gap-2">
              <span className="w-6 shrink-0 text-right text-slate-600 tabular-nums">{position + 1}.</span>
              <a
                href={`#${section.id}`}
                className="rounded-sm text-brand-800 underline-offset-2 hover:text-brand-950 hover:underline"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="mt-10 space-y-10">
        {document.sections.map((section, position) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-heading`}
            className="scroll-mt-24"
          >
            <h2
              id={`${section.id}-heading`}
              className="font-bold text-slate-900 text-xl tracking-tight sm:text-2xl"
            >
              <span className="text-brand-700">{position + 1}.</span> {section.title}
            </h2>
            <div className="mt-4">
              <ProseBlocks blocks={section.blocks} slots={slots} />
            </div>
          </section>
        ))}
      </div>

      <div className="mt-12 border-slate-200 border-t pt-8">
        <BackToHome />
      </div>
    </article>
  );
}
