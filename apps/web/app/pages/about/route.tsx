import { publicEndpoints } from "@pharmacompare/contract";
import type { ReactNode } from "react";
import { Breadcrumb } from "../../components/ui/breadcrumb.tsx";
import { ButtonLink } from "../../components/ui/button-link.tsx";
import { Notice, ProseBlocks, Rich } from "../../components/ui/prose-blocks.tsx";
import { serverApi } from "../../lib/api.server.ts";
import { shownClaims } from "../../lib/claims.ts";
import { pageMeta, siteTitle } from "../../lib/page-meta.ts";
import { logServerError } from "../../lib/server-log.server.ts";
import { sitePaths } from "../../lib/site-paths.ts";
import type { Route } from "./+types/route";
import {
  aboutClaimLabels,
  aboutCommitment,
  aboutContact,
  aboutDisclaimer,
  aboutImportant,
  aboutIntro,
  aboutMission,
  aboutReasons,
  aboutSteps,
  aboutWhatWeDo,
} from "./about-content.ts";

/** The live figures behind the page's claims; without them the claims are left out, never guessed. */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    return {
      figures: await serverApi().call(publicEndpoints.catalogueFigures, {}, { signal: request.signal }),
    };
  } catch (error) {
    if (!request.signal.aborted) logServerError("about: catalogue figures unavailable", error);
    return { figures: null };
  }
}

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  return pageMeta({
    title: siteTitle("About Us"),
    description:
      "PharmaCompare is a free, independent UK website comparing what online pharmacies charge for the same " +
      "medication and dosage. Not a pharmacy, no medical advice, no medical data collected.",
    path: sitePaths.about,
    siteUrl: matches[0]?.loaderData?.env.siteUrl,
  });
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="scroll-mt-24">
      <h2 id={`${id}-heading`} className="font-bold text-2xl text-slate-900 tracking-tight">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export default function About({ loaderData }: Route.ComponentProps) {
  const claims = shownClaims(loaderData.figures, aboutClaimLabels);
  return (
    <>
      <div className="border-slate-200 border-b bg-gradient-to-b from-brand-50 to-white">
        <div className="page-container max-w-4xl py-8 sm:py-12">
          <Breadcrumb trail={[{ label: "Home", to: sitePaths.home }, { label: "About" }]} />
          <h1 className="mt-6 font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl">
            About PharmaCompare
          </h1>
          <p className="mt-4 max-w-3xl text-lg text-slate-700 leading-8">{aboutIntro}</p>
          {claims.length > 0 ? (
            <dl className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-4">
              {claims.map((claim) => (
                <div
                  key={claim.label}
                  className="flex flex-col-reverse justify-end rounded-xl bg-white p-4 text-center ring-1 ring-slate-200"
                >
                  <dt className="mt-1 text-slate-600 text-sm">{claim.label}</dt>
                  <dd className="font-bold text-2xl text-brand-800 tracking-tight">{claim.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </div>
      </div>

      <div className="page-container max-w-4xl space-y-12 py-10 sm:py-14">
        <Section id="mission" title="Our mission">
          <ProseBlocks blocks={aboutMission} />
        </Section>

        <Section id="what-we-do" title="What we do">
          <ProseBlocks blocks={aboutWhatWeDo} />
        </Section>

        <Section id="how-it-works" title="How it works">
          <ol className="grid gap-4 sm:grid-cols-2">
            {aboutSteps.map((step, position) => (
              <li key={step.title} className="flex gap-4 rounded-2xl bg-slate-50 p-5 ring-1 ring-slate-200">
                <span
                  aria-hidden="true"
                  className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
                >
                  {position + 1}
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900">
                    <span className="sr-only">Step {position + 1}: </span>
                    {step.title}
                  </h3>
                  <p className="mt-1 text-slate-600 text-sm leading-6">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </Section>

        <Section id="why-choose" title="Why choose PharmaCompare">
          <ul className="grid gap-4 sm:grid-cols-2">
            {aboutReasons.map((reason) => (
              <li key={reason.title} className="rounded-2xl border border-slate-200 p-5">
                <h3 className="font-semibold text-slate-900">{reason.title}</h3>
                <p className="mt-1 text-slate-600 text-sm leading-6">{reason.text}</p>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="important-information" title="Important information">
          <ProseBlocks blocks={aboutImportant} />
        </Section>

        <Section id="commitment" title="Our commitment to you">
          <ProseBlocks blocks={aboutCommitment} />
        </Section>

        <Section id="contact" title="Contact us">
          <div className="space-y-4 text-slate-700 leading-7">
            {aboutContact.map((text) => (
              <p key={JSON.stringify(text)}>
                <Rich text={text} />
              </p>
            ))}
          </div>
          <div className="mt-5">
            <ButtonLink to={sitePaths.contact}>Contact us</ButtonLink>
          </div>
        </Section>

        <Notice tone="important" title="Disclaimer">
          <p>
            <Rich text={aboutDisclaimer} />
          </p>
        </Notice>
      </div>
    </>
  );
}
